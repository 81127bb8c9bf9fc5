import { hash, verify } from "@node-rs/argon2";

/**
 * argon2id (DECISIONS). 19 MiB, 2 passes, 1 lane: OWASP's baseline, measured by
 * `bench/argon2.ts` to stay within 50-250 ms per hash on the 2-core machines here.
 */
export const ARGON2_OPTIONS = {
  algorithm: 2 /* Argon2id */,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}
