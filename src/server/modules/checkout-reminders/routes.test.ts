import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { CHECKOUT_REMINDER_MESSAGES } from "../../../shared/domain/checkout-reminders.ts";
import { checkoutContacts } from "../../db/schema/campaigns.ts";
import { mailTestApp } from "../../test/app.ts";
import { createUserWithToken } from "../../test/fixtures.ts";
import type { ReceivedMail } from "../../test/smtp.ts";
import { addProduct, orderBody, placeOrder } from "../orders/test-fixtures.ts";
import { createCheckoutReminderService } from "./service.ts";

/** Abandoned-checkout reminders: consent, one e-mail in the shopper's language, the cart restored. */

const ctx = mailTestApp();
const HOUR = 60 * 60_000;
const db = () => ctx.t.database.db;

const contact = (payload: unknown) =>
  ctx.t.app.inject({ method: "POST", url: "/api/checkout/contact", payload: payload as object });

async function remindersTo(email: string, now: Date): Promise<ReceivedMail[]> {
  await ctx.t.app.checkoutReminderWorker!.runOnce(now);
  await ctx.t.app.mailWorker!.runOnce();
  return ctx.smtp.received.filter((m) => m.to.includes(email));
}

function restoreToken(mail: ReceivedMail): string {
  const match = /https:\/\/shop\.example\.com(?:\/ar)?\/cart\?restore=([A-Za-z0-9_-]{43})/.exec(
    mail.text,
  );
  if (!match) throw new Error(`no restore link in ${mail.text}`);
  return match[1]!;
}

describe("recording the address", () => {
  it.each([
    ["no consent", { consent: false }, "consent", CHECKOUT_REMINDER_MESSAGES.CONSENT_REQUIRED],
    [
      "consent left out",
      { consent: undefined },
      "consent",
      CHECKOUT_REMINDER_MESSAGES.CONSENT_REQUIRED,
    ],
    ["no e-mail", { email: "" }, "email", undefined],
    ["no lines", { lines: [] }, "lines", undefined],
  ])("%s is a 422 and nothing is kept", async (_case, change, field, message) => {
    const product = await addProduct(db());
    const res = await contact({
      email: "nokeep@example.com",
      consent: true,
      lang: "en",
      lines: [{ productId: product, grams: 1000, qty: 1 }],
      ...change,
    });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors)).toContain(field);
    if (message) expect(res.json().errors[field]).toEqual([message]);
    const rows = await db()
      .select()
      .from(checkoutContacts)
      .where(eq(checkoutContacts.email, "nokeep@example.com"));
    expect(rows).toHaveLength(0);
  });
});

describe("the reminder", () => {
  it("goes once, in the shopper's language, after the hours set; the link restores the cart", async () => {
    const svc = createCheckoutReminderService(db());
    const product = await addProduct(db(), { name: "Maamoul", nameAr: "معمول" });
    const email = "arabic@example.com";
    await contact({
      email,
      consent: true,
      lang: "en",
      lines: [{ productId: product, grams: 1000, qty: 1 }],
    });
    // The latest cart and language win.
    const res = await contact({
      email,
      consent: true,
      lang: "ar",
      lines: [{ productId: product, grams: 500, qty: 2 }],
    });
    expect(res.statusCode).toBe(202);
    const opts = { baseUrl: "https://shop.example.com", enabled: true, hours: 3 };
    expect(await svc.runOnce(new Date(Date.now() + 2 * HOUR), opts)).toBe(0);
    expect(await svc.runOnce(new Date(Date.now() + 4 * HOUR), opts)).toBe(1);
    // Never twice, also on a second instance.
    const other = createCheckoutReminderService(db());
    expect(await other.runOnce(new Date(Date.now() + 5 * HOUR), opts)).toBe(0);
    await ctx.t.app.mailWorker!.runOnce();
    const mails = ctx.smtp.received.filter((m) => m.to.includes(email));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain("حلوياتك بانتظارك");
    expect(mails[0]!.text).toContain("معمول");
    expect(mails[0]!.text).toContain("https://shop.example.com/ar/cart?restore=");
    const restored = await ctx.t.app.inject({
      method: "GET",
      url: `/api/cart/restore/${restoreToken(mails[0]!)}`,
    });
    expect(restored.statusCode).toBe(200);
    expect(restored.json()).toEqual({
      data: { lines: [{ productId: product, grams: 500, qty: 2 }] },
    });
    const forged = await ctx.t.app.inject({
      method: "GET",
      url: `/api/cart/restore/${"A".repeat(43)}`,
    });
    expect(forged.statusCode).toBe(404);
    expect(
      (await ctx.t.app.inject({ method: "GET", url: "/api/cart/restore/short" })).statusCode,
    ).toBe(400);
  });

  it("is not sent when an order with the address follows; the dashboard counts orders after reminders", async () => {
    const svc = createCheckoutReminderService(db());
    const opts = { baseUrl: "https://shop.example.com", enabled: true, hours: 3 };
    const product = await addProduct(db());
    const lines = [{ productId: product, grams: 1000, qty: 1 }];
    await contact({ email: "Buyer@Example.com", consent: true, lines });
    const order = await placeOrder(ctx.t.app, orderBody(lines, { email: "buyer@example.com" }));
    expect(order.statusCode).toBe(201);
    expect(await svc.runOnce(new Date(Date.now() + 4 * HOUR), opts)).toBe(0);
    const [row] = await db()
      .select()
      .from(checkoutContacts)
      .where(eq(checkoutContacts.email, "Buyer@Example.com"));
    expect(row!.closedAt).not.toBeNull();
    expect(row!.remindedAt).toBeNull();

    // Reminded, then ordered: counted on the dashboard (owner only).
    await contact({ email: "back@example.com", consent: true, lines });
    expect(await svc.runOnce(new Date(Date.now() + 4 * HOUR), opts)).toBe(1);
    await db()
      .update(checkoutContacts)
      .set({ remindedAt: new Date(Date.now() - 1000) })
      .where(eq(checkoutContacts.email, "back@example.com"));
    expect(
      (await placeOrder(ctx.t.app, orderBody(lines, { email: "back@example.com" }))).statusCode,
    ).toBe(201);
    const owner = await createUserWithToken(ctx.t.app, { admin: true });
    const stats = await ctx.t.app.inject({
      method: "GET",
      url: "/api/admin/checkout-reminders",
      headers: owner.auth,
    });
    expect(stats.json().data).toMatchObject({ ordered: 1 });
    expect(stats.json().data.sent).toBeGreaterThanOrEqual(2);
    const orders = await createUserWithToken(ctx.t.app, { admin: true, roles: ["orders"] });
    expect(
      (
        await ctx.t.app.inject({
          method: "GET",
          url: "/api/admin/checkout-reminders",
          headers: orders.auth,
        })
      ).statusCode,
    ).toBe(403);
  });
});

describe("the setting", () => {
  it("is off by default: nothing is sent until the owner turns it on", async () => {
    const product = await addProduct(db());
    const email = "off@example.com";
    expect(
      (
        await contact({
          email,
          consent: true,
          lines: [{ productId: product, grams: 1000, qty: 1 }],
        })
      ).statusCode,
    ).toBe(202);
    expect((await ctx.t.app.services.settings.get()).abandonedCheckoutReminders).toBe(false);
    expect(await remindersTo(email, new Date(Date.now() + 10 * HOUR))).toHaveLength(0);
    await ctx.t.app.services.settings.update({
      abandonedCheckoutReminders: true,
      abandonedCheckoutHours: 12,
    });
    expect(await remindersTo(email, new Date(Date.now() + 10 * HOUR))).toHaveLength(0);
    expect(await remindersTo(email, new Date(Date.now() + 13 * HOUR))).toHaveLength(1);
  });
});

describe("the dashboard's figures are the owner's", () => {
  it("refuses anyone else (401 signed out, 403 a customer or another role) with a message", async () => {
    const customer = await createUserWithToken(ctx.t.app);
    const catalogue = await createUserWithToken(ctx.t.app, { admin: true, roles: ["catalogue"] });
    const owner = await createUserWithToken(ctx.t.app, { admin: true });
    const get = (headers: Record<string, string>) =>
      ctx.t.app.inject({ method: "GET", url: "/api/admin/checkout-reminders", headers });
    const anonymous = await get({});
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ message: expect.any(String) });
    for (const who of [customer.auth, catalogue.auth]) {
      const res = await get(who);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ message: expect.any(String) });
    }
    const bad = await get({ authorization: "Bearer not-a-token" });
    expect(bad.statusCode).toBe(401);
    const mine = await get(owner.auth);
    expect(mine.statusCode).toBe(200);
    expect(mine.json().data).toEqual({ sent: expect.any(Number), ordered: expect.any(Number) });
  });

  it("a restore token of the wrong shape is a 400, an unknown one a 404", async () => {
    const shape = await ctx.t.app.inject({ url: "/api/cart/restore/short" });
    expect(shape.statusCode).toBe(400);
    expect(shape.json()).toMatchObject({ message: expect.any(String) });
    const unknown = await ctx.t.app.inject({ url: `/api/cart/restore/${"b".repeat(43)}` });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(CHECKOUT_REMINDER_MESSAGES.RESTORE_INVALID);
  });
});
