import { createHash, randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { AdminRole } from "../../../shared/domain/admins.ts";
import {
  CHALLENGE_LIFETIME_MS,
  CHALLENGE_MAX_FAILURES,
  CODE_FAILURE_WINDOW_MS,
  CODE_FAILURES_PER_ACCOUNT,
  TWO_FACTOR_MESSAGES as M,
  RECOVERY_CODE_COUNT,
  TOTP_PERIOD_SECONDS,
  totpCodeAt,
} from "../../../shared/domain/two-factor.ts";
import { MESSAGES } from "../../../shared/domain/validation-messages.ts";
import { passwordResets, users } from "../../db/schema/accounts.ts";
import { adminRoles } from "../../db/schema/admins.ts";
import { createTestApp, type TestApp } from "../../test/app.ts";
import { createUserWithToken } from "../../test/fixtures.ts";
import { upsertAdmin } from "../accounts/admin-bootstrap.ts";
import { SIGN_IN_LIMITS } from "../accounts/sign-in-limits.ts";
import { expectTooMany, nextAddress } from "../accounts/sign-in-limits-fixtures.ts";

const STEP_MS = TOTP_PERIOD_SECONDS * 1000;
const PASSWORD = "admin-secret-1";
/** The middle of a TOTP step, so "one step later" is a whole step away. */
const START = Date.UTC(2026, 10, 20, 9, 0, 0) + STEP_MS / 2;

let t: TestApp;
let admins = 0;
/** The server's clock: moved by whole steps, never by waiting. */
let clock = START;
const setClock = (ms: number) => {
  clock = ms;
  vi.setSystemTime(ms);
};
/** Ten steps on: every code so far is old news, and the limits of a fresh address apply. */
const nextMoment = () => setClock(clock + 10 * STEP_MS);

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
  nextMoment();
});
afterEach(() => vi.useRealTimers());

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: "POST", url, headers, payload });
const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ url, headers });

/** An admin with a real password, signed in (no two-factor yet). */
async function newAdmin(roles: AdminRole[] = ["owner"]) {
  admins += 1;
  const email = `two-factor-${admins}-${randomBytes(3).toString("hex")}@example.com`;
  await upsertAdmin(t.database.db, email, PASSWORD, `Admin ${admins}`);
  const [row] = await t.database.db.select().from(users).where(eq(users.email, email));
  await t.database.db.delete(adminRoles).where(eq(adminRoles.userId, row!.id));
  await t.database.db.insert(adminRoles).values(roles.map((role) => ({ userId: row!.id, role })));
  const res = await post("/api/auth/admin-login", { email, password: PASSWORD });
  expect(res.statusCode).toBe(200);
  return { id: row!.id, email, auth: bearer(res.json().token as string) };
}
type Admin = Awaited<ReturnType<typeof newAdmin>>;

/** Set-up and enable with the current code: the secret and the recovery codes. */
async function turnOn(admin: Admin) {
  const setup = await post("/api/admin/2fa/setup", {}, admin.auth);
  expect(setup.statusCode).toBe(200);
  const { secret } = setup.json().data as { secret: string };
  const res = await post("/api/admin/2fa/enable", { code: totpCodeAt(secret, clock) }, admin.auth);
  expect(res.statusCode).toBe(200);
  return { secret, codes: res.json().data.recovery_codes as string[] };
}

async function challengeFor(admin: Admin): Promise<string> {
  const res = await post("/api/auth/admin-login", { email: admin.email, password: PASSWORD });
  expect(res.statusCode).toBe(200);
  expect(res.json()).toEqual({ two_factor_required: true, challenge: expect.any(String) });
  return res.json().challenge as string;
}

const codeStep = (challenge: string, code: string) =>
  post("/api/auth/admin-login/2fa", { challenge, code });

function expectRefused(
  res: Awaited<ReturnType<typeof post>>,
  field: "code" | "challenge" | "password" | "required",
  message: string,
) {
  expect(res.statusCode).toBe(422);
  expect(res.json()).toEqual({ message, errors: { [field]: [message] } });
}

describe("turning it on", () => {
  it("set-up gives an otpauth address and its key; a code from it turns it on with ten codes", async () => {
    const admin = await newAdmin();
    expect((await get("/api/admin/me", admin.auth)).json().data.two_factor).toBe(false);
    const setup = await post("/api/admin/2fa/setup", {}, admin.auth);
    expect(setup.statusCode).toBe(200);
    const { otpauth_url, secret } = setup.json().data;
    const url = new URL(otpauth_url);
    expect(url.protocol).toBe("otpauth:");
    expect(decodeURIComponent(url.pathname)).toContain(admin.email);
    expect(url.searchParams.get("secret")).toBe(secret);

    // Not on until a code proves the app has the key; a wrong one is a field error.
    const wrong = totpCodeAt(secret, clock + 5 * STEP_MS);
    expectRefused(
      await post("/api/admin/2fa/enable", { code: wrong }, admin.auth),
      "code",
      M.CODE_INVALID,
    );
    expect((await get("/api/admin/2fa", admin.auth)).json().data).toEqual({
      enabled: false,
      required: false,
    });

    const res = await post(
      "/api/admin/2fa/enable",
      { code: totpCodeAt(secret, clock) },
      admin.auth,
    );
    expect(res.statusCode).toBe(200);
    const codes: string[] = res.json().data.recovery_codes;
    expect(codes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(new Set(codes).size).toBe(RECOVERY_CODE_COUNT);
    for (const code of codes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    expect((await get("/api/admin/me", admin.auth)).json().data).toMatchObject({
      two_factor: true,
      two_factor_setup_required: false,
    });
    // Once on, neither a new set-up nor a second enable.
    expect((await post("/api/admin/2fa/setup", {}, admin.auth)).statusCode).toBe(409);
    const again = await post("/api/admin/2fa/enable", { code: "123456" }, admin.auth);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: M.ALREADY_ON });

    // Audited on the admin's record, without the key or the codes.
    const audit = await get(`/api/admin/audit?entity=admin&entity_id=${admin.id}`, admin.auth);
    expect(audit.statusCode).toBe(200);
    const entry = audit.json().data[0];
    expect(entry.actor.id).toBe(admin.id);
    expect(entry.changes).toEqual([{ field: "two_factor", before: "off", after: "on" }]);
    expect(JSON.stringify(audit.json())).not.toContain(secret);
  });

  it("turning it on ends the account's shop sessions, given on the password alone", async () => {
    const admin = await newAdmin();
    const shop = await post("/api/auth/login", { email: admin.email, password: PASSWORD });
    expect(shop.statusCode).toBe(200);
    const shopAuth = bearer(shop.json().token);
    expect((await get("/api/account", shopAuth)).statusCode).toBe(200);
    await turnOn(admin);
    expect((await get("/api/account", shopAuth)).statusCode).toBe(401);
    // The back-office session that turned it on stays.
    expect((await get("/api/admin/me", admin.auth)).statusCode).toBe(200);
  });

  it("enable without a set-up, and with the key of a replaced set-up, is refused", async () => {
    const admin = await newAdmin();
    expectRefused(
      await post("/api/admin/2fa/enable", { code: "123456" }, admin.auth),
      "code",
      M.SETUP_FIRST,
    );
    const first = (await post("/api/admin/2fa/setup", {}, admin.auth)).json().data.secret;
    const second = (await post("/api/admin/2fa/setup", {}, admin.auth)).json().data.secret;
    expect(second).not.toBe(first);
    expectRefused(
      await post("/api/admin/2fa/enable", { code: totpCodeAt(first, clock) }, admin.auth),
      "code",
      M.CODE_INVALID,
    );
    const ok = await post("/api/admin/2fa/enable", { code: totpCodeAt(second, clock) }, admin.auth);
    expect(ok.statusCode).toBe(200);
  });

  it.each([
    [{}, M.CODE_REQUIRED],
    [{ code: "" }, M.CODE_REQUIRED],
    [{ code: "   " }, M.CODE_REQUIRED],
    [{ code: "1".repeat(40) }, M.CODE_INVALID],
    [{ code: 123456 }, M.CODE_REQUIRED],
  ])("enable with %j: 422 on code", async (payload, message) => {
    const admin = await newAdmin();
    await post("/api/admin/2fa/setup", {}, admin.auth);
    const res = await post("/api/admin/2fa/enable", payload, admin.auth);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.code).toEqual([message]);
  });

  it("anonymous: 401; a customer: 403 on every two-factor route", async () => {
    const customer = await createUserWithToken(t.app);
    for (const [headers, status] of [
      [{}, 401],
      [customer.auth, 403],
    ] as const) {
      expect((await get("/api/admin/2fa", headers)).statusCode).toBe(status);
      for (const url of ["setup", "enable", "disable"])
        expect((await post(`/api/admin/2fa/${url}`, {}, headers)).statusCode).toBe(status);
      expect(
        (
          await t.app.inject({
            method: "PUT",
            url: "/api/admin/2fa/policy",
            headers,
            payload: { required: true },
          })
        ).statusCode,
      ).toBe(status);
    }
  });
});

describe("signing in with a code", () => {
  it("the password alone gives no token: the code step does, and the token opens the back office", async () => {
    const admin = await newAdmin();
    const { secret } = await turnOn(admin);
    setClock(clock + STEP_MS);
    const res = await post("/api/auth/admin-login", { email: admin.email, password: PASSWORD });
    expect(res.json()).not.toHaveProperty("token");
    const signedIn = await codeStep(res.json().challenge, totpCodeAt(secret, clock));
    expect(signedIn.statusCode).toBe(200);
    const body = signedIn.json();
    expect(body).toMatchObject({ token_type: "Bearer", user: { email: admin.email, is_admin: 1 } });
    expect((await get("/api/admin/me", bearer(body.token))).json().data.two_factor).toBe(true);
    // A wrong password still says so before any code is asked for.
    const wrong = await post("/api/auth/admin-login", {
      email: admin.email,
      password: "nope-nope",
    });
    expect(wrong.statusCode).toBe(401);
  });

  it.each([
    { offset: -2, accepted: false },
    { offset: -1, accepted: true },
    { offset: 0, accepted: true },
    { offset: 1, accepted: true },
    { offset: 2, accepted: false },
  ])(
    "a code $offset steps from the server's clock: accepted $accepted",
    async ({ offset, accepted }) => {
      const admin = await newAdmin();
      const { secret } = await turnOn(admin);
      nextMoment();
      const res = await codeStep(
        await challengeFor(admin),
        totpCodeAt(secret, clock + offset * STEP_MS),
      );
      if (accepted) expect(res.statusCode).toBe(200);
      else expectRefused(res, "code", M.CODE_INVALID);
    },
  );

  it("each code works once, and an older one never comes back", async () => {
    const admin = await newAdmin();
    const { secret } = await turnOn(admin);
    nextMoment();
    const code = totpCodeAt(secret, clock);
    expect((await codeStep(await challengeFor(admin), code)).statusCode).toBe(200);
    expectRefused(await codeStep(await challengeFor(admin), code), "code", M.CODE_USED);
    // Still within the window: the previous step's code is older than the one used.
    const previous = totpCodeAt(secret, clock - STEP_MS);
    expectRefused(await codeStep(await challengeFor(admin), previous), "code", M.CODE_USED);
    // The next step's code is fine.
    setClock(clock + STEP_MS);
    expect((await codeStep(await challengeFor(admin), totpCodeAt(secret, clock))).statusCode).toBe(
      200,
    );
  });

  it("two requests with one code at once: one token", async () => {
    const admin = await newAdmin();
    const { secret } = await turnOn(admin);
    nextMoment();
    const code = totpCodeAt(secret, clock);
    const [a, b] = await Promise.all([challengeFor(admin), challengeFor(admin)]);
    const results = await Promise.all([codeStep(a, code), codeStep(b, code)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 422]);
  });

  it("recovery codes: each works once, typed in any case, with or without its dash", async () => {
    const admin = await newAdmin();
    const { codes } = await turnOn(admin);
    expect((await codeStep(await challengeFor(admin), codes[0]!)).statusCode).toBe(200);
    expectRefused(await codeStep(await challengeFor(admin), codes[0]!), "code", M.CODE_INVALID);
    const typed = codes[1]!.replace("-", " ").toUpperCase();
    expect((await codeStep(await challengeFor(admin), typed)).statusCode).toBe(200);
    expectRefused(await codeStep(await challengeFor(admin), codes[1]!), "code", M.CODE_INVALID);
  });

  it("another admin's code or recovery code does not open this account", async () => {
    const [a, b] = [await newAdmin(), await newAdmin()];
    const [onA, onB] = [await turnOn(a), await turnOn(b)];
    nextMoment();
    const challenge = await challengeFor(a);
    expectRefused(await codeStep(challenge, totpCodeAt(onB.secret, clock)), "code", M.CODE_INVALID);
    expectRefused(await codeStep(challenge, onB.codes[0]!), "code", M.CODE_INVALID);
    expect((await codeStep(challenge, totpCodeAt(onA.secret, clock))).statusCode).toBe(200);
  });

  it("a customer gets no challenge: SPEC's refusal, as before", async () => {
    const email = `customer-${randomBytes(3).toString("hex")}@example.com`;
    await post("/api/auth/register", {
      name: "Customer",
      email,
      password: PASSWORD,
      password_confirmation: PASSWORD,
    });
    const res = await post("/api/auth/admin-login", { email, password: PASSWORD });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(MESSAGES.ADMIN_NOT_AUTHORIZED);
  });
});

describe("the challenge", () => {
  it("expires after five minutes", async () => {
    const admin = await newAdmin();
    const { secret } = await turnOn(admin);
    nextMoment();
    const challenge = await challengeFor(admin);
    setClock(clock + CHALLENGE_LIFETIME_MS + 1000);
    expectRefused(
      await codeStep(challenge, totpCodeAt(secret, clock)),
      "challenge",
      M.CHALLENGE_INVALID,
    );
  });

  it("works once: a second code on a used challenge is refused", async () => {
    const admin = await newAdmin();
    const { secret, codes } = await turnOn(admin);
    nextMoment();
    const challenge = await challengeFor(admin);
    expect((await codeStep(challenge, totpCodeAt(secret, clock))).statusCode).toBe(200);
    expectRefused(await codeStep(challenge, codes[0]!), "challenge", M.CHALLENGE_INVALID);
  });

  it(`ends after ${CHALLENGE_MAX_FAILURES} wrong codes, even for the right one`, async () => {
    const admin = await newAdmin();
    const { secret } = await turnOn(admin);
    nextMoment();
    const challenge = await challengeFor(admin);
    const right = totpCodeAt(secret, clock);
    const wrong = right === "000000" ? "111111" : "000000";
    for (let i = 0; i < CHALLENGE_MAX_FAILURES; i++)
      expectRefused(await codeStep(challenge, wrong), "code", M.CODE_INVALID);
    expectRefused(await codeStep(challenge, right), "challenge", M.CHALLENGE_INVALID);
    // A new sign-in with the password gets a new try.
    expect((await codeStep(await challengeFor(admin), right)).statusCode).toBe(200);
  });

  it("an admin removed between the password and the code gets no token", async () => {
    const admin = await newAdmin();
    const { secret } = await turnOn(admin);
    nextMoment();
    const challenge = await challengeFor(admin);
    await t.database.db.update(users).set({ isAdmin: false }).where(eq(users.id, admin.id));
    expectRefused(
      await codeStep(challenge, totpCodeAt(secret, clock)),
      "challenge",
      M.CHALLENGE_INVALID,
    );
  });

  it.each([
    ["a forged one", { challenge: randomBytes(32).toString("base64url"), code: "123456" }, 422],
    ["a malformed one", { challenge: "abc", code: "123456" }, 422],
    ["none", { code: "123456" }, 422],
    ["no code", { challenge: randomBytes(32).toString("base64url") }, 422],
    ["a NUL byte", { challenge: "a\u0000b", code: "123456" }, 422],
  ])("%s: 422 with the message and field errors, never 500", async (_name, payload, status) => {
    const res = await post("/api/auth/admin-login/2fa", payload);
    expect(res.statusCode).toBe(status);
    expect(res.json()).toMatchObject({ message: expect.any(String), errors: expect.any(Object) });
  });
});

describe("turning it off", () => {
  it("needs the password and a current code; audited; then the password alone signs in", async () => {
    const admin = await newAdmin();
    const { secret } = await turnOn(admin);
    nextMoment();
    const code = totpCodeAt(secret, clock);
    expectRefused(
      await post("/api/admin/2fa/disable", { password: "wrong-password", code }, admin.auth),
      "password",
      M.PASSWORD_WRONG,
    );
    expectRefused(
      await post(
        "/api/admin/2fa/disable",
        { password: PASSWORD, code: "000000" === code ? "111111" : "000000" },
        admin.auth,
      ),
      "code",
      M.CODE_INVALID,
    );
    const res = await post("/api/admin/2fa/disable", { password: PASSWORD, code }, admin.auth);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ enabled: false, required: false });
    const audit = await get(`/api/admin/audit?entity=admin&entity_id=${admin.id}`, admin.auth);
    expect(audit.json().data[0].changes).toEqual([
      { field: "two_factor", before: "on", after: "off" },
    ]);
    const login = await post("/api/auth/admin-login", { email: admin.email, password: PASSWORD });
    expect(login.json()).toHaveProperty("token");
    // Off already: 409.
    expect(
      (await post("/api/admin/2fa/disable", { password: PASSWORD, code }, admin.auth)).statusCode,
    ).toBe(409);
  });

  it("a recovery code turns it off too (a lost phone)", async () => {
    const admin = await newAdmin();
    const { codes } = await turnOn(admin);
    const res = await post(
      "/api/admin/2fa/disable",
      { password: PASSWORD, code: codes[3]! },
      admin.auth,
    );
    expect(res.statusCode).toBe(200);
  });
});

describe("required for everyone", () => {
  const setPolicy = (admin: Admin, required: boolean) =>
    t.app.inject({
      method: "PUT",
      url: "/api/admin/2fa/policy",
      headers: admin.auth,
      payload: { required },
    });

  it("the owner's switch; an admin without it is sent to the set-up and nothing else opens", async () => {
    const owner = await newAdmin(["owner"]);
    const packer = await newAdmin(["orders"]);
    // Not the packer's switch; and the owner must have it on first.
    expect((await setPolicy(packer, true)).statusCode).toBe(403);
    expectRefused(await setPolicy(owner, true), "required", M.OWNER_FIRST);
    await turnOn(owner);
    const on = await setPolicy(owner, true);
    expect(on.statusCode).toBe(200);
    expect(on.json().data).toEqual({ enabled: true, required: true });

    try {
      // The packer's existing session: only who they are and the set-up answer.
      const refused = await get("/api/admin/notifications", packer.auth);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ message: M.REQUIRED_SETUP });
      expect((await get("/api/admin/me", packer.auth)).json().data).toMatchObject({
        two_factor: false,
        two_factor_setup_required: true,
      });
      // A new sign-in says so beside SPEC's token.
      const login = await post("/api/auth/admin-login", {
        email: packer.email,
        password: PASSWORD,
      });
      expect(login.json()).toMatchObject({ token_type: "Bearer", two_factor_setup_required: true });
      await turnOn(packer);
      expect((await get("/api/admin/notifications", packer.auth)).statusCode).toBe(200);

      const audit = await get("/api/admin/audit?entity=settings&entity_id=two_factor", owner.auth);
      expect(audit.json().data[0].changes).toEqual([
        { field: "two_factor_required", before: false, after: true },
      ]);
    } finally {
      expect((await setPolicy(owner, false)).statusCode).toBe(200);
    }
    expect((await get("/api/admin/2fa", owner.auth)).json().data.required).toBe(false);
  });

  it.each([[{}], [{ required: "yes" }], [{ required: null }]])(
    "policy with %j: 422",
    async (payload) => {
      const owner = await newAdmin(["owner"]);
      const res = await t.app.inject({
        method: "PUT",
        url: "/api/admin/2fa/policy",
        headers: owner.auth,
        payload,
      });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.required).toBeDefined();
    },
  );
});

describe("limits", () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({ rateLimit: true });
  });
  afterAll(() => limited.close());

  const send = (
    address: string,
    url: string,
    payload: object,
    headers: Record<string, string> = {},
  ) => limited.app.inject({ method: "POST", url, payload, headers, remoteAddress: address });

  /** An admin with two-factor on in the limited app, each step from an address of its own. */
  async function limitedAdmin() {
    const email = `limited-${randomBytes(3).toString("hex")}@example.com`;
    await upsertAdmin(limited.database.db, email, PASSWORD);
    const login = await send(nextAddress(), "/api/auth/admin-login", { email, password: PASSWORD });
    const auth = bearer(login.json().token);
    const setup = await send(nextAddress(), "/api/admin/2fa/setup", {}, auth);
    const secret = setup.json().data.secret as string;
    const code = totpCodeAt(secret, clock);
    const enable = await send(nextAddress(), "/api/admin/2fa/enable", { code }, auth);
    expect(enable.statusCode).toBe(200);
    nextMoment();
    const challenge = async (address = nextAddress(), url = "/api/auth/admin-login") => {
      const res = await send(address, url, { email, password: PASSWORD });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().challenge as string;
    };
    return { email, secret, challenge };
  }
  const wrongFor = (right: string) => (right === "000000" ? "111111" : "000000");

  it("the outside probe: 35 wrong passwords from 7 addresses, and the owner from a fresh address still passes the code step", async () => {
    const admin = await limitedAdmin();
    for (let address = 0; address < 7; address++) {
      const from = nextAddress();
      for (let i = 0; i < 5; i++) {
        const url = i % 2 ? "/api/auth/login" : "/api/auth/admin-login";
        const res = await send(from, url, { email: admin.email, password: "wrong-guess" });
        // Past the account's ceiling an address that already tried it waits.
        expect([401, 429]).toContain(res.statusCode);
      }
    }
    const fresh = nextAddress();
    const challenge = await admin.challenge(fresh);
    const res = await send(fresh, "/api/auth/admin-login/2fa", {
      challenge,
      code: totpCodeAt(admin.secret, clock),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().token_type).toBe("Bearer");
  });

  it(`one sign-in takes ${CHALLENGE_MAX_FAILURES} wrong codes, whatever the addresses; then the password again`, async () => {
    const admin = await limitedAdmin();
    const challenge = await admin.challenge();
    const right = totpCodeAt(admin.secret, clock);
    for (let i = 0; i < CHALLENGE_MAX_FAILURES; i++) {
      const res = await send(nextAddress(), "/api/auth/admin-login/2fa", {
        challenge,
        code: wrongFor(right),
      });
      expectRefused(res, "code", M.CODE_INVALID);
    }
    const ended = await send(nextAddress(), "/api/auth/admin-login/2fa", {
      challenge,
      code: right,
    });
    expectRefused(ended, "challenge", M.CHALLENGE_INVALID);
  });

  it(`the account takes ${CODE_FAILURES_PER_ACCOUNT} wrong codes in 15 minutes over all its sign-ins and addresses, then waits; a new password clears it`, async () => {
    const admin = await limitedAdmin();
    const url = "/api/auth/admin-login/2fa";
    // Sign-ins from new addresses (a /64 each is one address: see below), two codes apiece.
    let wrongCodes = 0;
    while (wrongCodes < CODE_FAILURES_PER_ACCOUNT) {
      const challenge = await admin.challenge();
      for (let i = 0; i < 2 && wrongCodes < CODE_FAILURES_PER_ACCOUNT; i++, wrongCodes++) {
        const code = wrongFor(totpCodeAt(admin.secret, clock));
        expectRefused(await send(nextAddress(), url, { challenge, code }), "code", M.CODE_INVALID);
      }
    }
    // Even the right code of a new sign-in from a new address waits now.
    const next = await admin.challenge();
    const waiting = await send(nextAddress(), url, {
      challenge: next,
      code: totpCodeAt(admin.secret, clock),
    });
    expectTooMany(waiting);
    expect(Number(waiting.headers["retry-after"])).toBeGreaterThan(10 * 60);
    // ...and that sign-in is over: after the window, the password first.
    setClock(clock + CODE_FAILURE_WINDOW_MS + CHALLENGE_LIFETIME_MS);
    const stale = await send(nextAddress(), url, {
      challenge: next,
      code: totpCodeAt(admin.secret, clock),
    });
    expectRefused(stale, "challenge", M.CHALLENGE_INVALID);
    const again = await admin.challenge();
    const ok = await send(nextAddress(), url, {
      challenge: again,
      code: totpCodeAt(admin.secret, clock),
    });
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it("a password reset or change starts the code step afresh (the owner's way back in)", async () => {
    const admin = await limitedAdmin();
    const url = "/api/auth/admin-login/2fa";
    for (let spent = 0; spent < CODE_FAILURES_PER_ACCOUNT; spent += 1) {
      const challenge = await admin.challenge();
      const code = wrongFor(totpCodeAt(admin.secret, clock));
      await send(nextAddress(), url, { challenge, code });
    }
    expectTooMany(
      await send(nextAddress(), url, {
        challenge: await admin.challenge(),
        code: totpCodeAt(admin.secret, clock),
      }),
    );
    // The owner resets the password (the link as the e-mail would carry it).
    const token = randomBytes(32).toString("base64url");
    const [row] = await limited.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, admin.email));
    await limited.database.db.insert(passwordResets).values({
      userId: row!.id,
      tokenHash: createHash("sha256").update(token).digest("hex"),
      expiresAt: new Date(clock + 60 * 60_000),
      createdAt: new Date(clock),
    });
    const reset = await send(nextAddress(), "/api/auth/reset-password", {
      token,
      password: PASSWORD,
      password_confirmation: PASSWORD,
    });
    expect(reset.statusCode, reset.body).toBeLessThan(300);
    nextMoment();
    const ok = await send(nextAddress(), url, {
      challenge: await admin.challenge(),
      code: totpCodeAt(admin.secret, clock),
    });
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it("the create-admin command's new password starts the code step afresh too", async () => {
    const admin = await limitedAdmin();
    const url = "/api/auth/admin-login/2fa";
    for (let spent = 0; spent < CODE_FAILURES_PER_ACCOUNT; spent += 1) {
      const challenge = await admin.challenge();
      await send(nextAddress(), url, {
        challenge,
        code: wrongFor(totpCodeAt(admin.secret, clock)),
      });
    }
    const code = () => totpCodeAt(admin.secret, clock);
    expectTooMany(
      await send(nextAddress(), url, { challenge: await admin.challenge(), code: code() }),
    );
    await upsertAdmin(limited.database.db, admin.email, PASSWORD);
    nextMoment();
    const ok = await send(nextAddress(), url, { challenge: await admin.challenge(), code: code() });
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it("one IPv6 /64 is one address: wrong codes and forged sign-ins from it share one budget", async () => {
    const prefix = `2001:db8:${randomBytes(2).toString("hex")}:${randomBytes(2).toString("hex")}`;
    const forged = (host: number) =>
      send(`${prefix}:${host.toString(16)}::1`, "/api/auth/admin-login/2fa", {
        challenge: randomBytes(32).toString("base64url"),
        code: "123456",
      });
    for (let i = 0; i < SIGN_IN_LIMITS.perAddress.max - 1; i++)
      expect((await forged(i)).statusCode).toBe(422);
    // The last one of the budget is counted, and refused from then on: any host of the /64.
    const last = await forged(1000);
    expect([422, 429]).toContain(last.statusCode);
    expectTooMany(await forged(2000));
    expectTooMany(await forged(3000));
    // Another /64 is another address.
    const other = await send(
      `${prefix.replace(/:[^:]+$/, ":ffff")}::1`,
      "/api/auth/admin-login/2fa",
      {
        challenge: randomBytes(32).toString("base64url"),
        code: "123456",
      },
    );
    expect(other.statusCode).toBe(422);
  });

  it("with two-factor on, the shop's own sign-in asks for the code too, and gives a customer token only after it", async () => {
    const admin = await limitedAdmin();
    const password = await send(nextAddress(), "/api/auth/login", {
      email: admin.email,
      password: PASSWORD,
    });
    expect(password.statusCode).toBe(200);
    expect(password.json()).toEqual({ two_factor_required: true, challenge: expect.any(String) });
    const { challenge } = password.json();
    const wrong = await send(nextAddress(), "/api/auth/login/2fa", {
      challenge,
      code: wrongFor(totpCodeAt(admin.secret, clock)),
    });
    expectRefused(wrong, "code", M.CODE_INVALID);
    const res = await send(nextAddress(), "/api/auth/login/2fa", {
      challenge,
      code: totpCodeAt(admin.secret, clock),
    });
    expect(res.statusCode, res.body).toBe(200);
    // A customer session: the account's pages open, the back office does not.
    const auth = bearer(res.json().token);
    const account = await limited.app.inject({ url: "/api/account", headers: auth });
    expect(account.json().data.email).toBe(admin.email);
    const office = await limited.app.inject({ url: "/api/admin/me", headers: auth });
    expect(office.statusCode).toBe(403);
  });
});
