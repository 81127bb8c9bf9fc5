import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { PASSWORD_RESET_MESSAGES } from "../../../shared/schemas/auth.ts";
import { passwordResets, users } from "../../db/schema/accounts.ts";
import { mailOutbox } from "../../db/schema/orders-desk.ts";
import { createTestApp, mailTestApp, type TestApp } from "../../test/app.ts";
import { type ReceivedMail, resetLinkIn } from "../../test/smtp.ts";
import { RESET_LIFETIME_MS, RESETS_PER_HOUR } from "./password-reset.ts";
import { FORGOT_PASSWORD_FLOOR_MS } from "./password-reset-routes.ts";

/** Issue 25: password reset by e-mail, through a real SMTP server on loopback. */

// The limits are on: every request below comes from an address of its own unless the
// test is about one address.
const mailApp = mailTestApp({ rateLimit: true });
afterEach(() => {
  vi.useRealTimers();
});

let host = 0;
const nextAddress = () => {
  host += 1;
  return `10.25.${Math.floor(host / 250)}.${host % 250}`;
};
let people = 0;
const PASSWORD = "first-secret-1";
const NEW_PASSWORD = "second-secret-2";

const post = (
  url: string,
  payload: Record<string, unknown>,
  headers: Record<string, string> = {},
) => mailApp.t.app.inject({ method: "POST", url, remoteAddress: nextAddress(), payload, headers });

async function account(opts: { admin?: boolean } = {}): Promise<string> {
  people += 1;
  const email = `reset${people}@example.com`;
  const res = await post("/api/auth/register", {
    name: `Reset ${people}`,
    email,
    password: PASSWORD,
    password_confirmation: PASSWORD,
  });
  expect(res.statusCode).toBe(201);
  // Registration sends its verification link: delivered now, so the counts below are resets.
  await mailApp.t.app.mailWorker!.runOnce();
  mailApp.smtp.received.length = 0;
  if (opts.admin)
    await mailApp.t.database.db.update(users).set({ isAdmin: true }).where(eq(users.email, email));
  return email;
}

const signIn = (email: string, password: string, url = "/api/auth/login") =>
  post(url, { email, password });

async function forgot(email: string, extra: Record<string, unknown> = {}, headers = {}) {
  const started = performance.now();
  const res = await post("/api/auth/forgot-password", { email, ...extra }, headers);
  return { res, ms: performance.now() - started };
}

/** Runs the outbox once and returns what the SMTP server received for `email`. */
async function mailsTo(email: string): Promise<ReceivedMail[]> {
  await mailApp.t.app.mailWorker!.runOnce();
  return mailApp.smtp.received.filter((mail) => mail.to.includes(email));
}

async function linkFor(email: string, extra: Record<string, unknown> = {}): Promise<URL> {
  const { res } = await forgot(email, extra);
  expect(res.statusCode).toBe(202);
  const mails = await mailsTo(email);
  expect(mails).toHaveLength(1);
  return resetLinkIn(mails[0]!);
}

const reset = (token: string, password = NEW_PASSWORD, confirmation = password) =>
  post("/api/auth/reset-password", { token, password, password_confirmation: confirmation });

function expectTokenRefused(res: Awaited<ReturnType<typeof reset>>) {
  expect(res.statusCode).toBe(422);
  expect(res.json()).toEqual({
    message: PASSWORD_RESET_MESSAGES.TOKEN_INVALID,
    errors: { token: [PASSWORD_RESET_MESSAGES.TOKEN_INVALID] },
  });
}

describe("forgot password", () => {
  it("says resets are offered when SMTP is set", async () => {
    const res = await mailApp.t.app.inject({ method: "GET", url: "/api/auth/password-reset" });
    expect(res.json()).toEqual({ data: { available: true } });
  });

  it("the same 202, in no less than the same floor, for known and unknown addresses", async () => {
    const email = await account();
    const known = await forgot(email);
    const unknown = await forgot(`nobody-${randomBytes(4).toString("hex")}@example.com`);
    for (const { res, ms } of [known, unknown]) {
      expect(res.statusCode).toBe(202);
      expect(res.json()).toEqual({ message: PASSWORD_RESET_MESSAGES.SENT });
      expect(ms).toBeGreaterThanOrEqual(FORGOT_PASSWORD_FLOOR_MS - 1);
    }
    // Only the known address gets an e-mail.
    await mailApp.t.app.mailWorker!.runOnce();
    expect(mailApp.smtp.received.map((mail) => mail.to)).toEqual([[email]]);
  });

  it("e-mails an absolute one-hour link in English, the token stored only as a hash", async () => {
    const email = await account();
    const link = await linkFor(email);
    expect(link.origin + link.pathname).toBe("https://shop.example.com/reset-password");
    const token = link.searchParams.get("token")!;
    expect(Buffer.from(token, "base64url")).toHaveLength(32);
    const [mail] = mailApp.smtp.received;
    expect(mail!.text).toContain("Reset your password");
    expect(mail!.text).toContain("one hour");
    const rows = await mailApp.t.database.db.select().from(passwordResets);
    expect(rows.some((row) => row.tokenHash.includes(token))).toBe(false);
    const row = rows.at(-1)!;
    expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBe(RESET_LIFETIME_MS);
  });

  it("writes in Arabic, right to left, when asked in Arabic (body or cookie)", async () => {
    const email = await account();
    const byCookie = await account();
    await linkFor(email, { lang: "ar" });
    const { res } = await forgot(byCookie, {}, { cookie: "lang=ar" });
    expect(res.statusCode).toBe(202);
    await mailApp.t.app.mailWorker!.runOnce();
    expect(mailApp.smtp.received.map((mail) => mail.to)).toEqual([[email], [byCookie]]);
    for (const mail of mailApp.smtp.received) {
      expect(mail.text).toContain("إعادة تعيين كلمة المرور");
      expect(mail.text).toContain('dir="rtl"');
    }
  });

  it(`sends at most ${RESETS_PER_HOUR} links an hour to one account, answering the same`, async () => {
    const email = await account();
    for (let i = 0; i < RESETS_PER_HOUR + 2; i++) {
      const { res } = await forgot(email.toUpperCase());
      expect(res.statusCode).toBe(202);
    }
    expect(await mailsTo(email)).toHaveLength(RESETS_PER_HOUR);
  });

  it("is rate-limited per address: 429 with Retry-After and a message", async () => {
    const remoteAddress = nextAddress();
    const statuses: number[] = [];
    let last: Awaited<ReturnType<typeof post>> | undefined;
    for (let i = 0; i < 6; i++) {
      last = await mailApp.t.app.inject({
        method: "POST",
        url: "/api/auth/forgot-password",
        remoteAddress,
        payload: { email: `flood${i}@example.com` },
      });
      statuses.push(last.statusCode);
    }
    expect(statuses).toEqual([202, 202, 202, 202, 202, 429]);
    expect(last!.json()).toEqual({
      message: "Too many requests. Please wait a minute and try again.",
    });
    expect(Number(last!.headers["retry-after"])).toBeGreaterThan(0);
  });

  it("refuses a malformed e-mail with 422 and the field's message", async () => {
    const { res } = await forgot("not-an-email");
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.email).toEqual(["Please enter a valid email address."]);
  });
});

describe("reset password", () => {
  it("the e-mail's link sets the password once and ends every session", async () => {
    const email = await account();
    const sessions = await Promise.all([signIn(email, PASSWORD), signIn(email, PASSWORD)]);
    const link = await linkFor(email);
    const token = link.searchParams.get("token")!;

    const res = await reset(token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { ok: true } });

    for (const session of sessions) {
      const me = await mailApp.t.app.inject({
        method: "GET",
        url: "/api/account",
        headers: { authorization: `Bearer ${session.json().token}` },
      });
      expect(me.statusCode).toBe(401);
    }
    expect((await signIn(email, PASSWORD)).statusCode).toBe(401);
    expect((await signIn(email, NEW_PASSWORD)).statusCode).toBe(200);
    // Used: a second time is refused, and the outbox no longer holds the link.
    expectTokenRefused(await reset(token, "third-secret-3"));
    const kept = await mailApp.t.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, email));
    expect(kept.map((row) => row.text).join()).not.toContain(token);
  });

  it("an admin's reset ends the admin's sessions too", async () => {
    const email = await account({ admin: true });
    const admin = await signIn(email, PASSWORD, "/api/auth/admin-login");
    expect(admin.statusCode).toBe(200);
    const token = (await linkFor(email)).searchParams.get("token")!;
    expect((await reset(token)).statusCode).toBe(200);
    const dashboard = await mailApp.t.app.inject({
      method: "GET",
      url: "/api/admin/admins",
      headers: { authorization: `Bearer ${admin.json().token}` },
    });
    expect(dashboard.statusCode).toBe(401);
    expect((await signIn(email, NEW_PASSWORD, "/api/auth/admin-login")).statusCode).toBe(200);
  });

  it("a link expires after an hour (clock moved)", async () => {
    const email = await account();
    const token = (await linkFor(email)).searchParams.get("token")!;
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + RESET_LIFETIME_MS + 1000 });
    expectTokenRefused(await reset(token));
    vi.useRealTimers();
    expect((await signIn(email, PASSWORD)).statusCode).toBe(200);
  });

  it("using one link kills the account's other links", async () => {
    const email = await account();
    const first = (await linkFor(email)).searchParams.get("token")!;
    mailApp.smtp.received.length = 0;
    const second = (await linkFor(email)).searchParams.get("token")!;
    expect((await reset(second)).statusCode).toBe(200);
    expectTokenRefused(await reset(first));
  });

  it("forged, malformed and missing tokens are 422 with the token's message, never 500", async () => {
    expectTokenRefused(await reset(randomBytes(32).toString("base64url")));
    const malformed = await reset("short");
    expect(malformed.statusCode).toBe(422);
    expect(malformed.json().errors.token).toEqual([PASSWORD_RESET_MESSAGES.TOKEN_INVALID]);
    const missing = await post("/api/auth/reset-password", {
      password: NEW_PASSWORD,
      password_confirmation: NEW_PASSWORD,
    });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors.token).toEqual([PASSWORD_RESET_MESSAGES.TOKEN_REQUIRED]);
  });

  it("keeps registration's password rules, and a refused password leaves the link usable", async () => {
    const email = await account();
    const token = (await linkFor(email)).searchParams.get("token")!;
    const short = await reset(token, "12345");
    expect(short.statusCode).toBe(422);
    expect(short.json().errors.password).toEqual(["Password must be at least 6 characters long"]);
    const mismatch = await reset(token, NEW_PASSWORD, "something-else");
    expect(mismatch.json().errors.password_confirmation).toEqual(["Passwords do not match"]);
    expect((await reset(token)).statusCode).toBe(200);
  });
});

describe("without SMTP", () => {
  let plain: TestApp;
  beforeAll(async () => {
    plain = await createTestApp();
  });
  afterAll(() => plain.close());

  it("says resets are not offered, and forgot-password answers 503 with why", async () => {
    const availability = await plain.app.inject({ method: "GET", url: "/api/auth/password-reset" });
    expect(availability.json()).toEqual({ data: { available: false } });
    const res = await plain.app.inject({
      method: "POST",
      url: "/api/auth/forgot-password",
      payload: { email: "someone@example.com" },
    });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ message: PASSWORD_RESET_MESSAGES.UNAVAILABLE });
  });
});
