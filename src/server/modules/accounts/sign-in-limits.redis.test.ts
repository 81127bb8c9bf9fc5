import { randomInt } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/app.ts";
import { SIGN_IN_LIMITS } from "./sign-in-limits.ts";
import {
  expectTooMany,
  nextAddress,
  PASSWORD,
  register,
  runId,
  signIn,
} from "./sign-in-limits-fixtures.ts";

/**
 * ADR 0025 across instances: the counters live in Redis, so two instances share them. Needs a
 * real Redis: part of `npm run test:pg` only (vitest.config.ts), never skipped there.
 */
const { perAccount, perAddress } = SIGN_IN_LIMITS;

describe("two instances sharing Redis", () => {
  const redisUrl = process.env.REDIS_URL || "redis://127.0.0.1:6379";
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    a = await createTestApp({ rateLimit: true, env: { REDIS_URL: redisUrl } });
    b = await createTestApp({ rateLimit: true, env: { REDIS_URL: redisUrl } });
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
  });

  it("the outside probe spread over both: repeat addresses wait, the owner gets in", async () => {
    const email = `owner-redis-${runId}-${randomInt(1, 1e9)}@example.com`;
    // One account, the same on both instances' databases (each test app has its own).
    await register(a, email);
    await register(b, email);
    const probes: string[] = [];
    for (let i = 0; i < perAccount.max + 2; i++) {
      const address = nextAddress();
      probes.push(address);
      expect((await signIn(i % 2 ? a : b, address, email)).statusCode).toBe(401);
    }
    // Counted in one place (neither instance saw the ceiling alone): an address that tried
    // on one instance waits on the other.
    expectTooMany(await signIn(a, probes[0]!, email));
    expectTooMany(await signIn(b, probes[1]!, email));
    expect((await signIn(b, nextAddress(), email, PASSWORD)).statusCode).toBe(200);
  });

  it("one (account, address) budget and one address budget across both", async () => {
    const address = nextAddress();
    const email = `pair-redis-${runId}-${randomInt(1, 1e9)}@example.com`;
    const statuses: number[] = [];
    for (let i = 0; i <= perAddress.max; i++)
      statuses.push((await signIn(i % 2 ? a : b, address, email)).statusCode);
    expect(statuses).toEqual([...Array(perAddress.max).fill(401), 429]);
  });
});
