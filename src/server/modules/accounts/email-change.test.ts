import { afterEach, describe, expect, it, vi } from "vitest";
import { AUTH_MESSAGES, PASSWORD_RESET_MESSAGES } from "../../../shared/schemas/auth.ts";
import { mailTestApp } from "../../test/app.ts";
import { type ReceivedMail, resetLinkIn } from "../../test/smtp.ts";

/**
 * Changing an account's e-mail: the current password is asked, the old address is told (in
 * the page's language), and the reset links sent to the old address stop working.
 */

const mailApp = mailTestApp();
afterEach(() => {
  vi.useRealTimers();
});

let people = 0;
const PASSWORD = "change-secret-1";

const inject = (
  method: "POST" | "PUT",
  url: string,
  payload: Record<string, unknown>,
  headers: Record<string, string> = {},
) => mailApp.t.app.inject({ method, url, payload, headers });

async function account() {
  people += 1;
  const email = `mover${people}@example.com`;
  const res = await inject("POST", "/api/auth/register", {
    name: `Mover ${people}`,
    email,
    password: PASSWORD,
    password_confirmation: PASSWORD,
  });
  expect(res.statusCode).toBe(201);
  // Registration's verification link is delivered now: the mails below are the change's.
  await mailApp.t.app.mailWorker!.runOnce();
  mailApp.smtp.received.length = 0;
  return { email, name: `Mover ${people}`, auth: { authorization: `Bearer ${res.json().token}` } };
}

async function mailsTo(email: string): Promise<ReceivedMail[]> {
  await mailApp.t.app.mailWorker!.runOnce();
  return mailApp.smtp.received.filter((mail) => mail.to.includes(email));
}

const update = (
  who: Awaited<ReturnType<typeof account>>,
  fields: Record<string, unknown>,
  headers: Record<string, string> = {},
) => inject("PUT", "/api/account", { name: who.name, ...fields }, { ...who.auth, ...headers });

describe("PUT /api/account with a new e-mail", () => {
  it("the outside probe: a session alone does not move the account to another address", async () => {
    const who = await account();
    const bare = await update(who, { email: `thief${people}@example.com` });
    expect(bare.statusCode).toBe(422);
    expect(bare.json()).toEqual({
      message: AUTH_MESSAGES.CURRENT_PASSWORD_REQUIRED,
      errors: { current_password: [AUTH_MESSAGES.CURRENT_PASSWORD_REQUIRED] },
    });
    const wrong = await update(who, {
      email: `thief${people}@example.com`,
      current_password: "not-the-password",
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors).toEqual({
      current_password: [AUTH_MESSAGES.CURRENT_PASSWORD_WRONG],
    });
    const me = await mailApp.t.app.inject({ url: "/api/account", headers: who.auth });
    expect(me.json().data.email).toBe(who.email);
    // Nothing was sent anywhere.
    expect(await mailsTo(who.email)).toEqual([]);
    // The same address in another case, and the other fields, need no password.
    const sameAddress = await update(who, { email: who.email.toUpperCase(), company: "Sweets" });
    expect(sameAddress.statusCode).toBe(200);
  });

  it("with the password it changes, and the old address is told, in the page's language", async () => {
    for (const [lang, words] of [
      ["en", /was changed to m\*\*\*@example\.com/],
      ["ar", /تم تغيير عنوان البريد الإلكتروني لحسابك/],
    ] as const) {
      const who = await account();
      const next = `moved${people}@example.com`;
      const res = await update(
        who,
        { email: next, current_password: PASSWORD },
        { cookie: `lang=${lang}` },
      );
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toMatchObject({ email: next, email_verified: false });
      const notices = await mailsTo(who.email);
      expect(notices).toHaveLength(1);
      expect(notices[0]!.text).toMatch(words);
      // No link to act on in the notice (the layout's logo and its link home aside); the new
      // address is only hinted at.
      const body = notices[0]!.text.replace(/=\r?\n/g, "").replaceAll("=3D", "=");
      const links = [...body.matchAll(/https?:\/\/[^\s"<>]+/g)].map((m) => m[0]);
      expect(
        links.filter((link) => !/^https?:\/\/[^/]+(\/ar)?(\/icons\/icon-192\.png)?$/.test(link)),
      ).toEqual([]);
      expect(notices[0]!.text).not.toContain(next);
      // The new address gets its verification link as before.
      expect((await mailsTo(next)).length).toBe(1);
    }
  });

  it("a reset link sent to the old address stops working when the e-mail changes", async () => {
    const who = await account();
    const forgot = await inject("POST", "/api/auth/forgot-password", { email: who.email });
    expect(forgot.statusCode).toBe(202);
    const [mail] = await mailsTo(who.email);
    const token = resetLinkIn(mail!).searchParams.get("token");
    mailApp.smtp.received.length = 0;
    const moved = await update(who, {
      email: `elsewhere${people}@example.com`,
      current_password: PASSWORD,
    });
    expect(moved.statusCode).toBe(200);
    const reset = await inject("POST", "/api/auth/reset-password", {
      token,
      password: "taken-over-1",
      password_confirmation: "taken-over-1",
    });
    expect(reset.statusCode).toBe(422);
    expect(reset.json().errors).toEqual({ token: [PASSWORD_RESET_MESSAGES.TOKEN_INVALID] });
    // The password is still the owner's.
    const signIn = await inject("POST", "/api/auth/login", {
      email: `elsewhere${people}@example.com`,
      password: PASSWORD,
    });
    expect(signIn.statusCode).toBe(200);
  });
});
