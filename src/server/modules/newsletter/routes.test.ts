import { eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { NEWSLETTER_MESSAGES } from "../../../shared/schemas/newsletter.ts";
import { newsletterSubscribers, newsletterTokens } from "../../db/schema/newsletter.ts";
import { mailOutbox } from "../../db/schema/orders-desk.ts";
import { createTestApp, type TestApp } from "../../test/app.ts";
import { createUserWithToken } from "../../test/fixtures.ts";
import { type ReceivedMail, startSmtp } from "../../test/smtp.ts";
import {
  CONFIRM_LIFETIME_MS,
  CONFIRMATIONS_PER_DAY,
  queueNewsletterMail,
  WAITING_MAX_AGE_MS,
} from "./service.ts";

/** Issue 25: the newsletter with double opt-in and one-click unsubscribe, over real SMTP. */

let smtp: Awaited<ReturnType<typeof startSmtp>>;
let t: TestApp;
let admin: Record<string, string>;
beforeAll(async () => {
  smtp = await startSmtp();
  t = await createTestApp({
    env: {
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      MAIL_FROM: "Shop <shop@example.com>",
      PUBLIC_URL: "https://shop.example.com",
    },
  });
  const owner = await createUserWithToken(t.app, { admin: true });
  admin = { authorization: `Bearer ${owner.token}` };
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});
beforeEach(() => {
  smtp.received.length = 0;
});
afterEach(() => vi.useRealTimers());

let people = 0;
const nextEmail = () => `reader${++people}@example.com`;

const post = (url: string, payload?: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: "POST",
    url,
    headers,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const subscribe = (payload: unknown) => post("/api/newsletter", payload);

async function mailsTo(email: string): Promise<ReceivedMail[]> {
  await t.app.mailWorker!.runOnce();
  return smtp.received.filter((mail) => mail.to.includes(email.toLowerCase()));
}

/** The `path?token=` link in a received e-mail (text part). */
function linkIn(mail: ReceivedMail, path: string): URL {
  const match = new RegExp(
    `https://shop\\.example\\.com(?:/ar)?${path}\\?token=[A-Za-z0-9_-]+`,
  ).exec(mail.text);
  if (!match) throw new Error(`no ${path} link in: ${mail.text.slice(0, 500)}`);
  return new URL(match[0]);
}
const tokenOf = (url: URL) => url.searchParams.get("token")!;

/** The List-Unsubscribe header's address (unfolded). */
function listUnsubscribe(mail: ReceivedMail): URL {
  const header = /^List-Unsubscribe: *<([^>]+)>/im.exec(mail.raw.replace(/\r?\n[ \t]+/g, " "));
  if (!header) throw new Error(`no List-Unsubscribe in: ${mail.raw.slice(0, 800)}`);
  return new URL(header[1]!);
}

async function stateOf(email: string) {
  const [row] = await t.database.db
    .select()
    .from(newsletterSubscribers)
    .where(eq(sql`lower(${newsletterSubscribers.email})`, email.toLowerCase()));
  return row ? (row.confirmedAt ? "confirmed" : "pending") : "none";
}

const confirmedCount = async () =>
  (await t.app.inject({ method: "GET", url: "/api/admin/inbox/counts", headers: admin })).json()
    .data.subscribers as number;

const listed = async (email: string) =>
  (
    await t.app.inject({
      method: "GET",
      url: `/api/admin/subscribers?q=${encodeURIComponent(email)}`,
      headers: admin,
    })
  ).json().data;

function expectRefused(res: Awaited<ReturnType<typeof post>>) {
  expect(res.statusCode).toBe(422);
  expect(res.json()).toEqual({
    message: NEWSLETTER_MESSAGES.TOKEN_INVALID,
    errors: { token: [NEWSLETTER_MESSAGES.TOKEN_INVALID] },
  });
}

/** Subscribes and returns the confirmation e-mail. */
async function confirmationFor(email: string, lang?: "en" | "ar"): Promise<ReceivedMail> {
  const res = await subscribe({ email, ...(lang ? { lang } : {}) });
  expect(res.statusCode).toBe(202);
  const mails = await mailsTo(email);
  expect(mails).toHaveLength(1);
  return mails[0]!;
}

describe("subscribe -> e-mail -> confirm", () => {
  it("a new address is pending, gets the confirmation e-mail, and counts once confirmed", async () => {
    const email = nextEmail();
    const before = await confirmedCount();
    const mail = await confirmationFor(email);
    expect(await stateOf(email)).toBe("pending");
    expect(await confirmedCount()).toBe(before);
    expect((await listed(email))[0]).toMatchObject({ email, confirmed_at: null });

    expect(mail.text).toContain("Please confirm your subscription");
    const confirm = linkIn(mail, "/newsletter/confirm");
    expect(Buffer.from(tokenOf(confirm), "base64url")).toHaveLength(32);
    // Only hashes are kept.
    const tokens = await t.database.db.select().from(newsletterTokens);
    expect(tokens.some((row) => row.tokenHash === tokenOf(confirm))).toBe(false);

    const res = await post("/api/newsletter/confirm", { token: tokenOf(confirm) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { ok: true } });
    expect(await stateOf(email)).toBe("confirmed");
    expect(await confirmedCount()).toBe(before + 1);
    expect((await listed(email))[0].confirmed_at).toEqual(expect.any(String));
    // Used once.
    expectRefused(await post("/api/newsletter/confirm", { token: tokenOf(confirm) }));
    // The sent e-mail keeps no live link in the outbox.
    const kept = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
    expect(kept.every((row) => !row.text.includes(tokenOf(confirm)) && row.headers === null)).toBe(
      true,
    );
  });

  it("the e-mail is in the page's language, right to left in Arabic", async () => {
    const email = nextEmail();
    const mail = await confirmationFor(email, "ar");
    expect(mail.text).toContain("يرجى تأكيد اشتراكك");
    expect(mail.text).toContain('dir="rtl"');
    // The pages it links to are the Arabic ones.
    expect(linkIn(mail, "/newsletter/confirm").pathname).toBe("/ar/newsletter/confirm");
    expect(linkIn(mail, "/newsletter/unsubscribe").pathname).toBe("/ar/newsletter/unsubscribe");
  });

  it("answers the same for a new, a pending and a confirmed address, in any letter case", async () => {
    const email = nextEmail();
    const first = await subscribe({ email });
    await mailsTo(email);
    const pending = await subscribe({ email: email.toUpperCase() });
    const [, second] = await mailsTo(email);
    await post("/api/newsletter/confirm", {
      token: tokenOf(linkIn(second!, "/newsletter/confirm")),
    });
    smtp.received.length = 0;
    const known = await subscribe({ email });
    for (const res of [first, pending, known]) {
      expect(res.statusCode).toBe(202);
      expect(res.json()).toEqual({ data: { email: expect.any(String), confirmation: "email" } });
    }
    expect(first.json().data.email).toBe(known.json().data.email);
    // A confirmed address is not written to again.
    expect(await mailsTo(email)).toHaveLength(0);
    const rows = await t.database.db
      .select()
      .from(newsletterSubscribers)
      .where(eq(sql`lower(${newsletterSubscribers.email})`, email));
    expect(rows).toHaveLength(1);
  });

  it(`sends at most ${CONFIRMATIONS_PER_DAY} confirmations a day to one address`, async () => {
    const email = nextEmail();
    for (let i = 0; i < CONFIRMATIONS_PER_DAY + 2; i++) {
      expect((await subscribe({ email })).statusCode).toBe(202);
    }
    expect(await mailsTo(email)).toHaveLength(CONFIRMATIONS_PER_DAY);
  });

  it("a confirmation link expires after a week", async () => {
    const email = nextEmail();
    const token = tokenOf(linkIn(await confirmationFor(email), "/newsletter/confirm"));
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + CONFIRM_LIFETIME_MS + 60_000);
    expectRefused(await post("/api/newsletter/confirm", { token }));
    expect(await stateOf(email)).toBe("pending");
  });

  it.each([
    [{ token: "A".repeat(43) }, NEWSLETTER_MESSAGES.TOKEN_INVALID],
    [{ token: "short" }, NEWSLETTER_MESSAGES.TOKEN_INVALID],
    [{ token: "" }, NEWSLETTER_MESSAGES.TOKEN_REQUIRED],
    [{}, NEWSLETTER_MESSAGES.TOKEN_REQUIRED],
    [{ token: 7 }, NEWSLETTER_MESSAGES.TOKEN_REQUIRED],
  ])("confirm with a forged token %j is a 422", async (payload, message) => {
    const res = await post("/api/newsletter/confirm", payload);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ message, errors: { token: [message] } });
  });

  it("an unsubscribe link does not confirm, and a confirm link does not unsubscribe", async () => {
    const email = nextEmail();
    const mail = await confirmationFor(email);
    const confirm = tokenOf(linkIn(mail, "/newsletter/confirm"));
    const out = tokenOf(linkIn(mail, "/newsletter/unsubscribe"));
    expectRefused(await post("/api/newsletter/confirm", { token: out }));
    expectRefused(await post("/api/newsletter/unsubscribe", { token: confirm }));
    expect(await stateOf(email)).toBe("pending");
  });
});

describe("unsubscribe", () => {
  async function confirmed(email: string): Promise<ReceivedMail> {
    const mail = await confirmationFor(email);
    const res = await post("/api/newsletter/confirm", {
      token: tokenOf(linkIn(mail, "/newsletter/confirm")),
    });
    expect(res.statusCode).toBe(200);
    return mail;
  }

  it("the confirmation e-mail carries the link and the RFC 8058 headers", async () => {
    const mail = await confirmationFor(nextEmail());
    const page = linkIn(mail, "/newsletter/unsubscribe");
    const header = listUnsubscribe(mail);
    expect(header.origin + header.pathname).toBe(
      "https://shop.example.com/api/newsletter/unsubscribe",
    );
    expect(tokenOf(header)).toBe(tokenOf(page));
    expect(mail.raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/m);
  });

  it("through the page's link (JSON): the address is gone, and the link is used up", async () => {
    const email = nextEmail();
    const mail = await confirmed(email);
    const before = await confirmedCount();
    const token = tokenOf(linkIn(mail, "/newsletter/unsubscribe"));
    const res = await post("/api/newsletter/unsubscribe", { token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { ok: true } });
    expect(await stateOf(email)).toBe("none");
    expect(await confirmedCount()).toBe(before - 1);
    expect(await listed(email)).toEqual([]);
    expectRefused(await post("/api/newsletter/unsubscribe", { token }));
  });

  it.each([
    ["urlencoded", "application/x-www-form-urlencoded", "List-Unsubscribe=One-Click"],
    [
      "multipart",
      "multipart/form-data; boundary=XyZ",
      '--XyZ\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--XyZ--\r\n',
    ],
  ])(
    "through a mail client's one-click POST (%s) to the header's address",
    async (_kind, type, body) => {
      const email = nextEmail();
      const header = listUnsubscribe(await confirmed(email));
      const res = await t.app.inject({
        method: "POST",
        url: header.pathname + header.search,
        headers: { "content-type": type },
        payload: body,
      });
      expect(res.statusCode).toBe(200);
      expect(await stateOf(email)).toBe("none");
    },
  );

  it("a pending address can say no with the link in its confirmation e-mail", async () => {
    const email = nextEmail();
    const mail = await confirmationFor(email);
    const header = listUnsubscribe(mail);
    const res = await post(header.pathname + header.search);
    expect(res.statusCode).toBe(200);
    expect(await stateOf(email)).toBe("none");
    expectRefused(
      await post("/api/newsletter/confirm", {
        token: tokenOf(linkIn(mail, "/newsletter/confirm")),
      }),
    );
  });

  it("every newsletter e-mail gets a link of its own, and any of them works", async () => {
    const email = nextEmail();
    await confirmed(email);
    const [row] = await t.database.db
      .select()
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.email, email));
    for (const n of [1, 2]) {
      await queueNewsletterMail(
        t.database.db,
        row!,
        "issue",
        () => ({ subject: `Issue ${n}`, text: `Fresh maamoul ${n}`, html: `<p>Issue ${n}</p>` }),
        { baseUrl: "https://shop.example.com" },
      );
    }
    const issues = (await mailsTo(email)).filter((mail) => mail.text.includes("Fresh maamoul"));
    expect(issues).toHaveLength(2);
    const [one, two] = issues.map((mail) => listUnsubscribe(mail));
    expect(tokenOf(one!)).not.toBe(tokenOf(two!));
    expect(tokenOf(linkIn(issues[1]!, "/newsletter/unsubscribe"))).toBe(tokenOf(two!));
    expect((await post(one!.pathname + one!.search)).statusCode).toBe(200);
    expect(await stateOf(email)).toBe("none");
  });

  it.each([
    ["a forged token in the address", `/api/newsletter/unsubscribe?token=${"B".repeat(43)}`, 422],
    ["a malformed token in the address", "/api/newsletter/unsubscribe?token=nope", 400],
    ["no token at all", "/api/newsletter/unsubscribe", 422],
  ])("%s is refused, never a 500", async (_case, url, status) => {
    const res = await post(url);
    expect(res.statusCode).toBe(status);
    expect(res.json()).toEqual({
      message: expect.any(String),
      errors: { token: [expect.any(String)] },
    });
  });
});

describe("subscribe input", () => {
  it.each([
    [{ email: "not-an-email" }, "Please enter a valid email address."],
    [{ email: "" }, "The email field is required."],
    [{}, "The email field is required."],
    [{ email: 42 }, "The email field is required."],
  ])("rejects %j with 422 and a clear message", async (payload, message) => {
    const res = await subscribe(payload);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ message, errors: { email: [message] } });
  });

  it("rejects a body that is not JSON with 400", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/newsletter",
      headers: { "content-type": "application/json" },
      payload: "{not json",
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: "The request body is not valid JSON." });
  });

  it("rejects an oversized body with 413", async () => {
    const res = await subscribe({ email: `${"a".repeat(300_000)}@example.com` });
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toEqual(expect.any(String));
  });
});

describe("without SMTP", () => {
  it("stores a pending address, sends nothing, and says the confirmation comes later", async () => {
    const plain = await createTestApp();
    try {
      const email = nextEmail();
      const res = await plain.app.inject({
        method: "POST",
        url: "/api/newsletter",
        payload: { email },
      });
      expect(res.statusCode).toBe(202);
      expect(res.json()).toEqual({ data: { email, confirmation: "later" } });
      const rows = await plain.database.db.select().from(newsletterSubscribers);
      expect(rows.map((row) => [row.email, row.confirmedAt])).toEqual([[email, null]]);
      expect(await plain.database.db.select().from(mailOutbox)).toEqual([]);
    } finally {
      await plain.close();
    }
  });
});

describe("addresses given before the shop had SMTP", () => {
  it("get their one confirmation e-mail once it has (at start), recent ones only", async () => {
    const recent = nextEmail();
    const old = nextEmail();
    await t.database.db.insert(newsletterSubscribers).values([
      { email: recent, lang: "ar" },
      { email: old, createdAt: new Date(Date.now() - WAITING_MAX_AGE_MS - 60_000) },
    ]);
    const mail = { baseUrl: "https://shop.example.com" };
    expect(await t.app.services.newsletter.confirmWaiting(mail)).toBe(1);
    // Run again (a restart, a second instance): nothing more.
    expect(await t.app.services.newsletter.confirmWaiting(mail)).toBe(0);
    const [sent] = await mailsTo(recent);
    expect(sent!.text).toContain("يرجى تأكيد اشتراكك");
    const res = await post("/api/newsletter/confirm", {
      token: tokenOf(linkIn(sent!, "/newsletter/confirm")),
    });
    expect(res.statusCode).toBe(200);
    expect(await stateOf(recent)).toBe("confirmed");
    expect(await mailsTo(old)).toHaveLength(0);
    expect(await stateOf(old)).toBe("pending");
  });
});

describe("rate limit", () => {
  it("answers 429 with a message once an address subscribes too often", async () => {
    const limited = await createTestApp({ rateLimit: true });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 10; i++) {
        const res = await limited.app.inject({
          method: "POST",
          url: "/api/newsletter",
          payload: { email: `r${i}@example.com` },
        });
        statuses.push(res.statusCode);
      }
      expect(statuses.every((s) => s === 202)).toBe(true);
      const last = await limited.app.inject({
        method: "POST",
        url: "/api/newsletter",
        payload: { email: "x@example.com" },
      });
      expect(last.statusCode).toBe(429);
      expect(last.json()).toEqual({
        message: "Too many requests. Please wait a minute and try again.",
      });
      expect(last.headers["retry-after"]).toBeDefined();
    } finally {
      await limited.close();
    }
  });
});
