import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/app.ts";
import { createUserWithToken } from "../../test/fixtures.ts";
import { SIGN_IN_LIMITS } from "./sign-in-limits.ts";

/** Wrong passwords one address may send in a minute (ADR 0025); the next one is refused. */
const MAX = SIGN_IN_LIMITS.perAddress.max;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ rateLimit: true });
});
afterAll(() => t.close());

let address = 0;
/** Every test speaks from its own address, so their per-address counters do not mix. */
const nextAddress = () => `10.0.0.${++address}`;

const SIGN_IN_MESSAGE = "Too many sign-in attempts. Please wait a minute and try again.";

describe.each(["/api/auth/login", "/api/auth/admin-login"])("%s rate limits", (url) => {
  it("allows 10 wrong passwords a minute from one address, then 429 with a clear message", async () => {
    const remoteAddress = nextAddress();
    const statuses: number[] = [];
    for (let i = 0; i <= MAX; i++) {
      const res = await t.app.inject({
        method: "POST",
        url,
        remoteAddress,
        payload: { email: `someone${i}@example.com`, password: "wrong-password" },
      });
      statuses.push(res.statusCode);
      if (i === MAX) {
        expect(res.json()).toEqual({ message: SIGN_IN_MESSAGE });
        expect(Number(res.headers["retry-after"])).toBeGreaterThan(0);
      }
    }
    expect(statuses).toEqual([...Array(MAX).fill(401), 429]);
    // Another address is not affected.
    const other = await t.app.inject({
      method: "POST",
      url,
      remoteAddress: nextAddress(),
      payload: { email: "someone@example.com", password: "wrong-password" },
    });
    expect(other.statusCode).toBe(401);
  });

  it("one e-mail from many addresses is not locked: each fresh address is checked (ADR 0025)", async () => {
    const email = `target-${url.length}@example.com`;
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await t.app.inject({
        method: "POST",
        url,
        remoteAddress: nextAddress(),
        payload: { email: i % 2 ? email.toUpperCase() : email, password: "wrong-password" },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 401]);
  });
});

describe("other public forms", () => {
  it("register: 10 a minute from one address, then 429", async () => {
    const remoteAddress = nextAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const res = await t.app.inject({
        method: "POST",
        url: "/api/auth/register",
        remoteAddress,
        payload: { name: "", email: "bad", password: "1", password_confirmation: "2" },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 10).every((status) => status === 422)).toBe(true);
    expect(statuses[10]).toBe(429);
  });

  it("an IPv6 /64 is one address: its hosts share register's 10 a minute", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const res = await t.app.inject({
        method: "POST",
        url: "/api/auth/register",
        // One machine's /64, a new host each time (privacy addresses, or a script).
        remoteAddress: `2001:db8:10:20:${(i + 1).toString(16)}::${i + 5}`,
        payload: { name: "", email: "bad", password: "1", password_confirmation: "2" },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 10).every((status) => status === 422)).toBe(true);
    expect(statuses[10]).toBe(429);
  });

  it("password change checks a password, so it is capped like a sign-in (10 wrong a minute)", async () => {
    const user = await createUserWithToken(t.app);
    const remoteAddress = nextAddress();
    const statuses: number[] = [];
    for (let i = 0; i <= MAX; i++) {
      const res = await t.app.inject({
        method: "PUT",
        url: "/api/account/password",
        remoteAddress,
        headers: user.auth,
        payload: {
          current_password: "guess-number-x",
          password: "new-secret",
          password_confirmation: "new-secret",
        },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([...Array(MAX).fill(422), 429]);
  });
});
