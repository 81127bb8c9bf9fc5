import { hash, type Options, verify } from "@node-rs/argon2";

/**
 * argon2id. 46 MiB and 10 passes, 1 lane: above OWASP's 46 MiB / 1 pass option.
 * OWASP's 19 MiB / 2 passes baseline took only ~7 ms here, far too cheap to slow a guesser, so
 * passes were added until `npx tsx bench/argon2.ts` measured about 60-100 ms per hash on these
 * 2-core machines (target 50-250 ms). Memory stays at 46 MiB so a burst of sign-ins does not
 * exhaust RAM next to the database. Hashes store their own parameters: old hashes still verify.
 */
export const ARGON2_OPTIONS = {
  algorithm: 2 /* Argon2id */,
  memoryCost: 47_104,
  timeCost: 10,
  parallelism: 1,
} as const;

/** argon2id at its minimum cost: the in-process API tests' setting (src/server/test/setup.ts). */
export const TEST_ARGON2_OPTIONS = {
  algorithm: 2 /* Argon2id */,
  memoryCost: 1024,
  timeCost: 1,
  parallelism: 1,
} as const;

let options: Options = ARGON2_OPTIONS;

/**
 * Only the API test setup calls this: hundreds of sign-ups at the production cost were a
 * large part of `npm test` (a test of the stored hash passes `false` for the real cost).
 * Nothing in the server does; a spawned server (boot and
 * create-admin tests) and production keep ARGON2_OPTIONS, which passwords.test.ts pins.
 */
export function setTestArgon2Cost(cheap = true): void {
  options = cheap ? TEST_ARGON2_OPTIONS : ARGON2_OPTIONS;
}

export function hashPassword(password: string): Promise<string> {
  return hash(password, options);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}
