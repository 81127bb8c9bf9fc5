import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { users } from "../../db/schema/accounts.ts";
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
 * Issue 25 / ADR 0025: wrong passwords are limited per address and per (account, address);
 * an account guessed at from many addresses slows down, but never locks its owner out.
 * Counters in the process here; in Redis, shared by two instances: sign-in-limits.redis.test.ts.
 */

const { perAccount, perAccountAndAddress, perAddress } = SIGN_IN_LIMITS;

describe("in this process", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ rateLimit: true });
  });
  afterAll(() => t.close());
  afterEach(() => {
    vi.useRealTimers();
  });

  it("the outside probe: the owner's right password from a fresh address still gets in", async () => {
    const email = `owner-${runId}@example.com`;
    await register(t, email);
    // Many more wrong passwords than the account's ceiling, each from an address of its own,
    // alternating between both sign-in routes: every one is checked (401), none is refused.
    const probes: string[] = [];
    for (let i = 0; i < perAccount.max + 5; i++) {
      const address = nextAddress();
      probes.push(address);
      const url = i % 2 ? "/api/auth/admin-login" : "/api/auth/login";
      const res = await signIn(t, address, i % 3 ? email : email.toUpperCase(), "wrong-pw", url);
      expect(res.statusCode).toBe(401);
    }
    // The account is under attack: an address that already tried it waits...
    expectTooMany(await signIn(t, probes[0]!, email));
    // ...while the owner, from an address that has not failed, signs in.
    const owner = await signIn(t, nextAddress(), email, PASSWORD);
    expect(owner.statusCode).toBe(200);
    expect(owner.json().user.email).toBe(email);
  });

  it("per address: 10 wrong passwords a minute across accounts and both sign-in routes, then 429", async () => {
    const address = nextAddress();
    const statuses: number[] = [];
    for (let i = 0; i <= perAddress.max; i++) {
      const url = i % 2 ? "/api/auth/admin-login" : "/api/auth/login";
      const res = await signIn(t, address, `someone${i}-${runId}@example.com`, "wrong-pw", url);
      statuses.push(res.statusCode);
      if (i === perAddress.max) expectTooMany(res);
    }
    expect(statuses).toEqual([...Array(perAddress.max).fill(401), 429]);
    // Another address is not affected, even on the same accounts.
    expect((await signIn(t, nextAddress(), `someone0-${runId}@example.com`)).statusCode).toBe(401);
  });

  it("a mobile network's one address: 20 different customers sign in correctly in one minute, all 200", async () => {
    const emails: string[] = [];
    for (let i = 0; i < 20; i++) {
      emails.push(`carrier${i}-${runId}@example.com`);
      await register(t, emails[i]!);
    }
    const carrier = nextAddress();
    const statuses: number[] = [];
    for (const email of emails)
      statuses.push((await signIn(t, carrier, email, PASSWORD)).statusCode);
    expect(statuses).toEqual(Array(20).fill(200));
    // Guessing from the same address is still held to its failures.
    for (let i = 0; i < perAddress.max; i++)
      expect((await signIn(t, carrier, `guess${i}-${runId}@example.com`)).statusCode).toBe(401);
    expectTooMany(await signIn(t, carrier, `guess-last-${runId}@example.com`));
  });

  it("one IPv6 /64 is one address: wrong passwords from its hosts share one budget", async () => {
    const prefix = `2001:db8:${runId.replace(".", ":")}`;
    const statuses: number[] = [];
    for (let i = 0; i <= perAddress.max; i++) {
      const res = await signIn(t, `${prefix}:${i + 1}::${i + 7}`, `v6-${i}-${runId}@example.com`);
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([...Array(perAddress.max).fill(401), 429]);
    // The next /64 over is another address.
    expect((await signIn(t, `${prefix}1:1::1`, `v6-${runId}@example.com`)).statusCode).toBe(401);
  });

  it("per (account, address): 10 in 15 minutes, while the address may try other accounts", async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: new Date() });
    const email = `pair-${runId}@example.com`;
    const address = nextAddress();
    const statuses: number[] = [];
    for (let i = 0; i < perAccountAndAddress.max; i++)
      statuses.push((await signIn(t, address, email)).statusCode);
    expect(statuses).toEqual(Array(perAccountAndAddress.max).fill(401));
    // A fresh minute for the address, but this account from here has had its ten.
    vi.setSystemTime(Date.now() + perAddress.timeWindow + 1000);
    const refused = await signIn(t, address, email);
    expectTooMany(refused);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(perAddress.timeWindow / 1000);
    // Another account from the same address, and the same account from elsewhere: checked.
    expect((await signIn(t, address, `other-${runId}@example.com`)).statusCode).toBe(401);
    expect((await signIn(t, nextAddress(), email)).statusCode).toBe(401);
    // After the window the pair may try again.
    vi.setSystemTime(Date.now() + perAccountAndAddress.timeWindow);
    expect((await signIn(t, address, email)).statusCode).toBe(401);
  });

  it("PUT /api/admin/password has the same limits, on the admin's own account", async () => {
    const email = `admin-${runId}@example.com`;
    await register(t, email);
    await t.database.db.update(users).set({ isAdmin: true }).where(eq(users.email, email));
    const session = await signIn(t, nextAddress(), email, PASSWORD, "/api/auth/admin-login");
    expect(session.statusCode).toBe(200);
    const auth = { authorization: `Bearer ${session.json().token}` };
    const change = (remoteAddress: string) =>
      t.app.inject({
        method: "PUT",
        url: "/api/admin/password",
        remoteAddress,
        headers: auth,
        payload: {
          current_password: "a-wrong-guess",
          password: "new-secret-1",
          password_confirmation: "new-secret-1",
        },
      });
    // Wrong sign-ins and two wrong changes from one address share its budget.
    const address = nextAddress();
    for (let i = 0; i < perAddress.max - 2; i++)
      expect((await signIn(t, address, email)).statusCode).toBe(401);
    for (let i = 0; i < 2; i++) expect((await change(address)).statusCode).toBe(422);
    expectTooMany(await change(address));
    // Another address may still try this admin's password.
    expect((await change(nextAddress())).statusCode).toBe(422);
  });
});
