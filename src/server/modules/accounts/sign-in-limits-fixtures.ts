import { randomInt } from "node:crypto";
import { expect } from "vitest";
import { AUTH_MESSAGES } from "../../../shared/schemas/auth.ts";
import type { TestApp } from "../../test/app.ts";

/** What the sign-in limit tests share (in this process, and across two instances on Redis). */

/** Random per run: with Redis the counters outlive the test process for 15 minutes. */
export const runId = `${randomInt(1, 250)}.${randomInt(1, 250)}`;
let host = 0;
export const nextAddress = () => {
  host += 1;
  return `10.${runId}.${host}`;
};
export const PASSWORD = "owner-secret-1";

export async function register(t: TestApp, email: string): Promise<string> {
  const res = await t.app.inject({
    method: "POST",
    url: "/api/auth/register",
    remoteAddress: nextAddress(),
    payload: { name: "Owner", email, password: PASSWORD, password_confirmation: PASSWORD },
  });
  expect(res.statusCode).toBe(201);
  return res.json().token as string;
}

export const signIn = (
  t: TestApp,
  remoteAddress: string,
  email: string,
  password = "wrong-password",
  url = "/api/auth/login",
) => t.app.inject({ method: "POST", url, remoteAddress, payload: { email, password } });

export function expectTooMany(res: Awaited<ReturnType<typeof signIn>>) {
  expect(res.statusCode).toBe(429);
  expect(res.json()).toEqual({ message: AUTH_MESSAGES.TOO_MANY_ATTEMPTS });
  expect(Number(res.headers["retry-after"])).toBeGreaterThan(0);
}
