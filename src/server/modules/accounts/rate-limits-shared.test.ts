import { randomInt } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/app.ts";
import { createUserWithToken } from "../../test/fixtures.ts";
import { SIGN_IN_LIMITS } from "./sign-in-limits.ts";

/** Wrong passwords one address may send in a minute (ADR 0025); the next one is refused. */
const MAX = SIGN_IN_LIMITS.perAddress.max;
const thenRefused = [...Array(MAX).fill(401), 429];

/** Random per run: with Redis the counters outlive the test process for a minute. */
const runId = `${randomInt(1, 250)}.${randomInt(1, 250)}`;
let host = 0;
const nextAddress = () => `10.${runId}.${++host}`;

const wrong = (i: number) => ({ email: `nobody${i}-${runId}@example.com`, password: "wrong-pass" });

describe("one sign-in budget per address", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ rateLimit: true, env: { TRUST_PROXY: "1" } });
  });
  afterAll(() => t.close());

  it("login and admin-login share it (14.6): alternating buys no extra attempts", async () => {
    const remoteAddress = nextAddress();
    const statuses: number[] = [];
    for (let i = 0; i <= MAX; i++) {
      const url = i % 2 ? "/api/auth/admin-login" : "/api/auth/login";
      const res = await t.app.inject({ method: "POST", url, remoteAddress, payload: wrong(i) });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual(thenRefused);
  });

  it("TRUST_PROXY=1: a forged X-Forwarded-For does not pick the address (14.4)", async () => {
    // The proxy at 127.0.0.1 appends the client's real address; the client forged the rest.
    // Six real clients behind one forged value: each has its own budget...
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await t.app.inject({
        method: "POST",
        url: "/api/auth/login",
        remoteAddress: "127.0.0.1",
        headers: { "x-forwarded-for": `10.77.1.1, ${nextAddress()}` },
        payload: wrong(100 + i),
      });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 401]);

    // ...and one real client forging six values has one.
    const forged: number[] = [];
    const real = nextAddress();
    for (let i = 0; i <= MAX; i++) {
      const res = await t.app.inject({
        method: "POST",
        url: "/api/auth/login",
        remoteAddress: "127.0.0.1",
        headers: { "x-forwarded-for": `10.77.1.${i + 1}, ${real}` },
        payload: wrong(200 + i),
      });
      forged.push(res.statusCode);
    }
    expect(forged).toEqual(thenRefused);
  });

  it("PUT /api/account with someone else's e-mail is capped like register (14.10)", async () => {
    const owner = await createUserWithToken(t.app);
    const prober = await createUserWithToken(t.app);
    const remoteAddress = nextAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const res = await t.app.inject({
        method: "PUT",
        url: "/api/account",
        remoteAddress,
        headers: prober.auth,
        payload: { name: "Prober", email: owner.email },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 10).every((status) => status === 422)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});
