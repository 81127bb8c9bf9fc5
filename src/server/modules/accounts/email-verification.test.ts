import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { EMAIL_VERIFICATION_MESSAGES } from "../../../shared/schemas/account-privacy.ts";
import { emailVerifications, users } from "../../db/schema/accounts.ts";
import { mailOutbox } from "../../db/schema/orders-desk.ts";
import { createTestApp, mailTestApp, type TestApp } from "../../test/app.ts";
import type { ReceivedMail } from "../../test/smtp.ts";
import { VERIFICATION_LIFETIME_MS, VERIFICATIONS_PER_HOUR } from "./email-verification.ts";

/** Issue 25: verified e-mail addresses, the link read from a real SMTP server on loopback. */

const mailApp = mailTestApp();
afterEach(() => {
  vi.useRealTimers();
});

let people = 0;
const PASSWORD = "verify-secret-1";

async function register(headers: Record<string, string> = {}) {
  people += 1;
  const email = `verify${people}@example.com`;
  const res = await mailApp.t.app.inject({
    method: "POST",
    url: "/api/auth/register",
    headers,
    payload: {
      name: `Verify ${people}`,
      email,
      password: PASSWORD,
      password_confirmation: PASSWORD,
    },
  });
  expect(res.statusCode).toBe(201);
  const body = res.json();
  expect(body.user.email_verified).toBe(false);
  return { email, auth: { authorization: `Bearer ${body.token}` }, id: body.user.id as number };
}

/** Runs the outbox once and returns what the SMTP server received for `email`. */
async function mailsTo(email: string): Promise<ReceivedMail[]> {
  await mailApp.t.app.mailWorker!.runOnce();
  return mailApp.smtp.received.filter((mail) => mail.to.includes(email));
}

function verifyLinkIn(mail: ReceivedMail): URL {
  const match = /https?:\/\/[^\s"<>]+\/verify-email\?token=[A-Za-z0-9_-]+/.exec(mail.text);
  if (!match) throw new Error(`no verification link in: ${mail.text.slice(0, 500)}`);
  return new URL(match[0]);
}

async function onlyLinkTo(email: string): Promise<string> {
  const mails = await mailsTo(email);
  expect(mails).toHaveLength(1);
  return verifyLinkIn(mails[0]!).searchParams.get("token")!;
}

const verify = (token: unknown) =>
  mailApp.t.app.inject({ method: "POST", url: "/api/auth/verify-email", payload: { token } });

const me = async (auth: Record<string, string>) => {
  const res = await mailApp.t.app.inject({ method: "GET", url: "/api/account", headers: auth });
  expect(res.statusCode).toBe(200);
  return res.json().data as { email: string; email_verified: boolean };
};

const resend = (auth: Record<string, string>, payload?: Record<string, unknown>) =>
  mailApp.t.app.inject({
    method: "POST",
    url: "/api/account/verification",
    headers: auth,
    payload,
  });

function expectTokenRefused(res: Awaited<ReturnType<typeof verify>>) {
  expect(res.statusCode).toBe(422);
  expect(res.json()).toEqual({
    message: EMAIL_VERIFICATION_MESSAGES.TOKEN_INVALID,
    errors: { token: [EMAIL_VERIFICATION_MESSAGES.TOKEN_INVALID] },
  });
}

describe("verification link", () => {
  it("registration e-mails a 24-hour link that verifies the address once", async () => {
    const { email, auth } = await register();
    const mails = await mailsTo(email);
    expect(mails).toHaveLength(1);
    const link = verifyLinkIn(mails[0]!);
    expect(link.origin + link.pathname).toBe("https://shop.example.com/verify-email");
    expect(mails[0]!.text).toContain("Verify your e-mail address");
    expect(mails[0]!.text).toContain("24 hours");
    const token = link.searchParams.get("token")!;
    // Only the hash is stored.
    const rows = await mailApp.t.database.db.select().from(emailVerifications);
    expect(rows.some((row) => row.tokenHash.includes(token))).toBe(false);
    const row = rows.at(-1)!;
    expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBe(VERIFICATION_LIFETIME_MS);

    const res = await verify(token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { email_verified: true } });
    expect((await me(auth)).email_verified).toBe(true);
    // Used: a second time is refused, and the outbox no longer holds the link.
    expectTokenRefused(await verify(token));
    const kept = await mailApp.t.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, email));
    expect(kept.map((r) => r.text).join()).not.toContain(token);
  });

  it("writes in Arabic, right to left, when the customer uses the Arabic shop", async () => {
    const { email } = await register({ cookie: "lang=ar" });
    const [mail] = await mailsTo(email);
    expect(mail!.text).toContain("تأكيد بريدك الإلكتروني");
    expect(mail!.text).toContain('dir="rtl"');
  });

  it("expires after 24 hours (clock moved)", async () => {
    const { email, auth } = await register();
    const token = await onlyLinkTo(email);
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + VERIFICATION_LIFETIME_MS + 1000 });
    expectTokenRefused(await verify(token));
    vi.useRealTimers();
    expect((await me(auth)).email_verified).toBe(false);
  });

  it("forged, malformed and missing tokens are 422 with the token's message, never 500", async () => {
    expectTokenRefused(await verify(randomBytes(32).toString("base64url")));
    const malformed = await verify("short");
    expect(malformed.statusCode).toBe(422);
    expect(malformed.json().errors.token).toEqual([EMAIL_VERIFICATION_MESSAGES.TOKEN_INVALID]);
    const missing = await mailApp.t.app.inject({
      method: "POST",
      url: "/api/auth/verify-email",
      payload: {},
    });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors.token).toEqual([EMAIL_VERIFICATION_MESSAGES.TOKEN_REQUIRED]);
    expect((await verify(42)).statusCode).toBe(422);
  });
});

describe("e-mail change", () => {
  it("makes the account unverified, kills the old link and sends one to the new address", async () => {
    const { email, auth } = await register();
    const oldToken = await onlyLinkTo(email);
    expect((await verify(oldToken)).statusCode).toBe(200);
    mailApp.smtp.received.length = 0;

    // A second link to the old address, not used before the change.
    const newEmail = `changed-${people}@example.com`;
    const save = (address: string) =>
      mailApp.t.app.inject({
        method: "PUT",
        url: "/api/account",
        headers: { ...auth, cookie: "lang=ar" },
        payload: { name: "Changed", email: address, current_password: PASSWORD },
      });
    const saved = await save(newEmail);
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data).toMatchObject({ email: newEmail, email_verified: false });
    const newToken = await onlyLinkTo(newEmail);
    expect(mailApp.smtp.received[0]!.text).toContain('dir="rtl"');

    // Changing only the letters' case keeps the address, and its verification.
    expect((await verify(newToken)).statusCode).toBe(200);
    const sameAddress = await save(newEmail.toUpperCase());
    expect(sameAddress.json().data.email_verified).toBe(true);
  });

  it("a link sent to the old address verifies nothing after the change", async () => {
    const { email, auth } = await register();
    const oldToken = await onlyLinkTo(email);
    const res = await mailApp.t.app.inject({
      method: "PUT",
      url: "/api/account",
      headers: auth,
      payload: { name: "Moved", email: `moved-${people}@example.com`, current_password: PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    expectTokenRefused(await verify(oldToken));
    expect((await me(auth)).email_verified).toBe(false);
  });
});

describe("send again", () => {
  it(`202 and a new link, at most ${VERIFICATIONS_PER_HOUR} an hour per account (then 429)`, async () => {
    const { email, auth } = await register(); // the first link of the hour
    const statuses: number[] = [];
    let last: Awaited<ReturnType<typeof resend>> | undefined;
    for (let i = 0; i < VERIFICATIONS_PER_HOUR; i++) {
      last = await resend(auth, { lang: "en" });
      statuses.push(last.statusCode);
    }
    expect(statuses).toEqual([202, 202, 429]);
    expect(last!.json()).toEqual({ message: EMAIL_VERIFICATION_MESSAGES.TOO_MANY });
    expect(Number(last!.headers["retry-after"])).toBeGreaterThan(0);
    const mails = await mailsTo(email);
    expect(mails).toHaveLength(VERIFICATIONS_PER_HOUR);
    // Any of the links works (the newest here), and then none does.
    const tokens = mails.map((mail) => verifyLinkIn(mail).searchParams.get("token")!);
    expect((await verify(tokens.at(-1))).statusCode).toBe(200);
    expectTokenRefused(await verify(tokens[0]));

    // An hour later the cap is lifted, but a verified address needs no link: 409.
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 61 * 60_000 });
    const done = await resend(auth);
    expect(done.statusCode).toBe(409);
    expect(done.json()).toEqual({ message: EMAIL_VERIFICATION_MESSAGES.ALREADY });
  });

  it("takes the page's language, and needs a signed-in customer", async () => {
    const { email, auth } = await register();
    mailApp.smtp.received.length = 0;
    await mailApp.t.app.mailWorker!.runOnce();
    mailApp.smtp.received.length = 0;
    expect((await resend(auth, { lang: "ar" })).statusCode).toBe(202);
    const [mail] = await mailsTo(email);
    expect(mail!.text).toContain('dir="rtl"');
    expect((await resend({})).statusCode).toBe(401);
    expect((await resend(auth, { lang: "fr" })).statusCode).toBe(422);
  });
});

describe("without SMTP", () => {
  let plain: TestApp;
  beforeAll(async () => {
    plain = await createTestApp();
  });
  afterAll(() => plain.close());

  it("registration queues nothing and send again says why (409)", async () => {
    const res = await plain.app.inject({
      method: "POST",
      url: "/api/auth/register",
      payload: {
        name: "No Mail",
        email: "nomail@example.com",
        password: PASSWORD,
        password_confirmation: PASSWORD,
      },
    });
    expect(res.statusCode).toBe(201);
    expect(await plain.database.db.select().from(mailOutbox)).toHaveLength(0);
    const again = await plain.app.inject({
      method: "POST",
      url: "/api/account/verification",
      headers: { authorization: `Bearer ${res.json().token}` },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: EMAIL_VERIFICATION_MESSAGES.UNAVAILABLE });
    const [user] = await plain.database.db
      .select({ verifiedAt: users.emailVerifiedAt })
      .from(users)
      .where(eq(users.email, "nomail@example.com"));
    expect(user!.verifiedAt).toBeNull();
  });
});
