import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, businessDate } from "../../../shared/domain/business-time.ts";
import { GIFT_CARD_PURCHASE_MESSAGES as P } from "../../../shared/domain/gift-cards.ts";
import { giftCardPurchases, giftCards } from "../../db/schema/gift-cards.ts";
import { orders } from "../../db/schema/orders.ts";
import { mailOutbox } from "../../db/schema/orders-desk.ts";
import { createTestApp, type TestApp } from "../../test/app.ts";
import { createUserWithToken } from "../../test/fixtures.ts";
import { addProduct, orderBody, placeOrder } from "../orders/test-fixtures.ts";
import { issueDueGiftCards } from "./service.ts";

let t: TestApp;
let owner: Awaited<ReturnType<typeof createUserWithToken>>;
let catalogue: Awaited<ReturnType<typeof createUserWithToken>>;
let customer: Awaited<ReturnType<typeof createUserWithToken>>;
const today = businessDate(new Date());
const BASE = { baseUrl: "https://shop.example.com" };

beforeAll(async () => {
  t = await createTestApp();
  owner = await createUserWithToken(t.app, { admin: true, name: "Owner" });
  catalogue = await createUserWithToken(t.app, { admin: true, roles: ["catalogue"] });
  customer = await createUserWithToken(t.app);
});
afterAll(() => t.close());

type Body = Record<string, unknown>;
const card = (extra: Body = {}) => ({
  amount: 50,
  recipient_name: "Mama",
  recipient_email: "mama@example.com",
  message: "Eid Mubarak, choose what you love",
  send_on: today,
  lang: "ar",
  ...extra,
});
const cardsOnly = (cards: Body[], extra: Body = {}) =>
  orderBody([], { payment_method: "bank_transfer", gift_cards: cards, ...extra });

async function orderIdOf(number: string): Promise<number> {
  const [row] = await t.database.db.select().from(orders).where(eq(orders.number, number));
  return row!.id;
}
const markPaid = (id: number, amount: number, headers: Record<string, string> = owner.auth) =>
  t.app.inject({
    method: "POST",
    url: `/api/admin/orders/${id}/payments`,
    headers,
    payload: { amount },
  });
const counts = async () => ({
  orders: (await t.database.db.select({ n: count() }).from(orders))[0]!.n,
  purchases: (await t.database.db.select({ n: count() }).from(giftCardPurchases))[0]!.n,
});
const mailsTo = (to: string) =>
  t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, to));
const codeIn = (text: string) => /[2-9A-HJKMNP-Z]{4}(?:-[2-9A-HJKMNP-Z]{4}){3}/.exec(text)?.[0];

describe("buying gift cards", () => {
  it("a card beside sweets: added after the discount, never discounted, no extra shipping", async () => {
    const product = await addProduct(t.database.db, { priceCents: 2000 });
    const res = await placeOrder(
      t.app,
      orderBody([{ productId: product, grams: 1000, qty: 1 }], { gift_cards: [card()] }),
    );
    expect(res.statusCode).toBe(201);
    // 20.00 - 20% + 15.00 delivery = 31.00, and the card's 50.00 whole.
    expect(res.json().data).toMatchObject({
      total: 81,
      gift_cards: [
        {
          amount: 50,
          recipient_name: "Mama",
          send_on: today,
          lang: "ar",
          issued_at: null,
          last_four: null,
        },
      ],
    });
  });

  it("cards alone: no address, no shipping, no discount; cash on delivery is refused", async () => {
    const res = await placeOrder(
      t.app,
      cardsOnly([card({ amount: 25 }), card({ amount: 12.5 })], { city: "", address: "" }),
    );
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ total: 37.5, delivery_fee: 0 });
    const cod = await placeOrder(t.app, cardsOnly([card()], { payment_method: "cod" }));
    expect(cod.statusCode).toBe(422);
    expect(cod.json().errors).toHaveProperty("payment_method");
  });

  it.each<[string, Body, string]>([
    ["an amount the offer does not sell", { amount: 7 }, "gift_cards.0.amount"],
    ["an amount over the custom limit", { amount: 600 }, "gift_cards.0.amount"],
    ["a send day in the past", { send_on: addDays(today, -1) }, "gift_cards.0.send_on"],
    ["a send day over a year ahead", { send_on: addDays(today, 366) }, "gift_cards.0.send_on"],
    ["a malformed send day", { send_on: "tomorrow" }, "gift_cards.0.send_on"],
    ["no recipient name", { recipient_name: " " }, "gift_cards.0.recipient_name"],
    ["a bad recipient e-mail", { recipient_email: "mama" }, "gift_cards.0.recipient_email"],
    ["no recipient e-mail", { recipient_email: null }, "gift_cards.0.recipient_email"],
    ["a bad language", { lang: "fr" }, "gift_cards.0.lang"],
    ["a message over 500 characters", { message: "x".repeat(501) }, "gift_cards.0.message"],
  ])("refuses %s with a 422, writing nothing", async (_name, change, field) => {
    const before = await counts();
    const res = await placeOrder(t.app, cardsOnly([card(change)]));
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ message: expect.any(String) });
    expect(res.json().errors).toHaveProperty([field]);
    expect(await counts()).toEqual(before);
  });

  it("refuses a gift card bought with a gift card: 422, nothing written, the card untouched", async () => {
    const issued = await t.app.inject({
      method: "POST",
      url: "/api/admin/gift-cards",
      headers: owner.auth,
      payload: { amount: 100 },
    });
    const { code, id } = issued.json().data;
    const before = await counts();
    const res = await placeOrder(t.app, cardsOnly([card()], { gift_card: code }));
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      message: P.WITH_GIFT_CARD,
      errors: { gift_card: [P.WITH_GIFT_CARD] },
    });
    expect(await counts()).toEqual(before);
    const [row] = await t.database.db.select().from(giftCards).where(eq(giftCards.id, id));
    expect(row!.balanceCents).toBe(10_000);
  });

  it("refuses more than ten cards in one order", async () => {
    const res = await placeOrder(t.app, cardsOnly(Array.from({ length: 11 }, () => card())));
    expect(res.statusCode).toBe(422);
  });
});

describe("issuing bought cards", () => {
  it("issues nothing before the order is paid; once paid, one card and one e-mail in the chosen language", async () => {
    const email = "paid-later@example.com";
    const placed = await placeOrder(t.app, cardsOnly([card({ recipient_email: email })]));
    expect(placed.statusCode).toBe(201);
    const id = await orderIdOf(placed.json().data.number);

    expect(await issueDueGiftCards(t.database.db, new Date(), BASE)).toBe(0);
    expect(await mailsTo(email)).toHaveLength(0);

    expect((await markPaid(id, 50)).statusCode).toBe(200);
    expect(await issueDueGiftCards(t.database.db, new Date(), BASE)).toBe(1);
    expect(await issueDueGiftCards(t.database.db, new Date(), BASE)).toBe(0);

    const mails = await mailsTo(email);
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.subject).toContain("بطاقة هدية");
    expect(mail.text).toContain("Eid Mubarak, choose what you love");
    expect(mail.text).toContain("Layla Haddad");
    expect(mail.html).toContain('dir="rtl"');
    const code = codeIn(mail.text)!;
    expect(code).toBeDefined();

    // The card exists, tied to its order, with only the code's hash; the code spends.
    const [row] = await t.database.db.select().from(giftCards).where(eq(giftCards.orderId, id));
    expect(row).toMatchObject({ initialCents: 5000, balanceCents: 5000, lang: "ar" });
    expect(JSON.stringify(row)).not.toContain(code.replaceAll("-", ""));
    const balance = await t.app.inject({
      method: "POST",
      url: "/api/gift-cards/balance",
      payload: { code },
    });
    expect(balance.json()).toEqual({ data: { balance: 50 } });

    // The order pages show it issued, by its last four, never the code.
    const detail = await t.app.inject({ url: `/api/admin/orders/${id}`, headers: owner.auth });
    expect(detail.json().data.gift_cards[0]).toMatchObject({
      last_four: code.slice(-4),
      gift_card_id: Number(row!.id),
    });
    expect(JSON.stringify(detail.json())).not.toContain(code);
    const listed = await t.app.inject({ url: "/api/admin/gift-cards", headers: owner.auth });
    expect(listed.json().data.find((c: { id: number }) => c.id === Number(row!.id))).toMatchObject({
      order_id: id,
    });
  });

  it("waits for the send day, then sends", async () => {
    const email = "later@example.com";
    const tomorrow = addDays(today, 1);
    const placed = await placeOrder(
      t.app,
      cardsOnly([card({ recipient_email: email, send_on: tomorrow, lang: "en" })]),
    );
    await markPaid(await orderIdOf(placed.json().data.number), 50);
    await issueDueGiftCards(t.database.db, new Date(), BASE);
    expect(await mailsTo(email)).toHaveLength(0);
    const dayAfter = new Date(Date.now() + 2 * 86_400_000);
    await issueDueGiftCards(t.database.db, dayAfter, BASE);
    const mails = await mailsTo(email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain("sent you a gift card");
  });

  it("never issues the cards of a cancelled order", async () => {
    const email = "cancelled@example.com";
    const placed = await placeOrder(t.app, cardsOnly([card({ recipient_email: email })]));
    const id = await orderIdOf(placed.json().data.number);
    await markPaid(id, 50);
    const cancel = await t.app.inject({
      method: "PATCH",
      url: `/api/admin/orders/${id}`,
      headers: owner.auth,
      payload: { status: "canceled" },
    });
    expect(cancel.statusCode).toBe(200);
    await issueDueGiftCards(t.database.db, new Date(), BASE);
    expect(await mailsTo(email)).toHaveLength(0);
  });

  it("takes back an issued card when its order is refunded in full: voided, its ledger says so", async () => {
    const email = "refunded-buyer@example.com";
    const placed = await placeOrder(t.app, cardsOnly([card({ recipient_email: email })]));
    const id = await orderIdOf(placed.json().data.number);
    await markPaid(id, 50);
    expect(await issueDueGiftCards(t.database.db, new Date(), BASE)).toBe(1);
    const refund = await t.app.inject({
      method: "POST",
      url: `/api/admin/orders/${id}/refund`,
      headers: owner.auth,
      payload: { amount: 50, note: "The buyer changed their mind" },
    });
    expect(refund.statusCode).toBe(200);
    const [row] = await t.database.db.select().from(giftCards).where(eq(giftCards.orderId, id));
    expect(row).toMatchObject({ status: "void", balanceCents: 0 });
    const ledger = await t.app.inject({
      url: `/api/admin/gift-cards/${row!.id}`,
      headers: owner.auth,
    });
    expect(ledger.json().data.entries.map((e: { kind: string }) => e.kind)).toEqual([
      "issue",
      "void",
    ]);
    const balance = await t.app.inject({
      method: "POST",
      url: "/api/gift-cards/balance",
      payload: { code: codeIn((await mailsTo(email))[0]!.text) },
    });
    expect(balance.statusCode).toBe(422);
  });

  it("voids the rest of a partly spent card when its order is cancelled; what was spent stays spent", async () => {
    const email = "cancelled-after-spend@example.com";
    const placed = await placeOrder(t.app, cardsOnly([card({ recipient_email: email })]));
    const id = await orderIdOf(placed.json().data.number);
    await markPaid(id, 50);
    await issueDueGiftCards(t.database.db, new Date(), BASE);
    const code = codeIn((await mailsTo(email))[0]!.text)!;
    const product = await addProduct(t.database.db, { priceCents: 1000 });
    const spent = await placeOrder(
      t.app,
      orderBody([{ productId: product, grams: 1000, qty: 1 }], { gift_card: code }),
    );
    expect(spent.statusCode).toBe(201);
    const [before] = await t.database.db.select().from(giftCards).where(eq(giftCards.orderId, id));
    expect(before!.balanceCents).toBeGreaterThan(0);
    expect(before!.balanceCents).toBeLessThan(5000);

    const cancel = await t.app.inject({
      method: "PATCH",
      url: `/api/admin/orders/${id}`,
      headers: owner.auth,
      payload: { status: "canceled" },
    });
    expect(cancel.statusCode).toBe(200);
    const [after] = await t.database.db.select().from(giftCards).where(eq(giftCards.orderId, id));
    expect(after).toMatchObject({ status: "void", balanceCents: 0 });
    // The order the card paid for keeps what the card paid.
    const spentId = await orderIdOf(spent.json().data.number);
    const [spentOrder] = await t.database.db.select().from(orders).where(eq(orders.id, spentId));
    expect(spentOrder!.giftCardCents).toBe(5000 - before!.balanceCents);
  });

  it("two instances running at once send each card exactly once", async () => {
    const emails = Array.from({ length: 6 }, (_, i) => `twice-${i}@example.com`);
    for (const email of emails) {
      const placed = await placeOrder(t.app, cardsOnly([card({ recipient_email: email })]));
      await markPaid(await orderIdOf(placed.json().data.number), 50);
    }
    const now = new Date();
    const runs = await Promise.all([
      issueDueGiftCards(t.database.db, now, BASE),
      issueDueGiftCards(t.database.db, now, BASE),
      issueDueGiftCards(t.database.db, now, BASE),
    ]);
    expect(runs.reduce((a, b) => a + b, 0)).toBe(emails.length);
    for (const email of emails) expect(await mailsTo(email)).toHaveLength(1);
  });
});

describe("the gift card product's offer", () => {
  const put = (payload: Body, headers: Record<string, string> = owner.auth) =>
    t.app.inject({ method: "PUT", url: "/api/admin/gift-cards/offer", headers, payload });

  it("is public to read and the owner's to set; then only its amounts sell", async () => {
    const read = await t.app.inject({ url: "/api/gift-cards/offer" });
    expect(read.json().data).toEqual({
      enabled: true,
      amounts: [25, 50, 100],
      custom_min: 10,
      custom_max: 500,
    });
    const set = await put({ enabled: true, amounts: [40, 20], custom_min: null, custom_max: null });
    expect(set.statusCode).toBe(200);
    expect(set.json().data).toEqual({
      enabled: true,
      amounts: [20, 40],
      custom_min: null,
      custom_max: null,
    });
    expect((await placeOrder(t.app, cardsOnly([card({ amount: 20 })]))).statusCode).toBe(201);
    expect((await placeOrder(t.app, cardsOnly([card({ amount: 25 })]))).statusCode).toBe(422);
    await put({ enabled: false, amounts: [20], custom_min: null, custom_max: null });
    const off = await placeOrder(t.app, cardsOnly([card({ amount: 20 })]));
    expect(off.json().errors["gift_cards.0.amount"]).toEqual([P.OFF]);
    await put({ enabled: true, amounts: [25, 50, 100], custom_min: 10, custom_max: 500 });
  });

  it.each<[string, Body]>([
    ["no amounts", { enabled: true, amounts: [], custom_min: null, custom_max: null }],
    ["a zero amount", { enabled: true, amounts: [0], custom_min: null, custom_max: null }],
    ["limits backwards", { enabled: true, amounts: [10], custom_min: 50, custom_max: 20 }],
    ["one limit only", { enabled: true, amounts: [10], custom_min: 50, custom_max: null }],
    ["no enabled flag", { amounts: [10] }],
  ])("refuses %s with a 422", async (_name, body) => {
    const res = await put(body);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ message: expect.any(String), errors: expect.any(Object) });
  });

  it("moves the content version: the cached gift card page shows a new offer at once", async () => {
    const before = await t.app.services.contentVersion();
    await put({ enabled: true, amounts: [30], custom_min: null, custom_max: null });
    expect(await t.app.services.contentVersion()).not.toBe(before);
    await put({ enabled: true, amounts: [25, 50, 100], custom_min: 10, custom_max: 500 });
  });

  it("is refused to anyone but the owner", async () => {
    const body = { enabled: true, amounts: [10], custom_min: null, custom_max: null };
    for (const who of [catalogue.auth, customer.auth, {}])
      expect([401, 403]).toContain((await put(body, who)).statusCode);
  });

  it("is read in the back office by the owner only: 401 signed out, 403 another role or a customer", async () => {
    const get = (headers: Record<string, string>) =>
      t.app.inject({ url: "/api/admin/gift-cards/offer", headers });
    expect((await get({})).statusCode).toBe(401);
    for (const who of [catalogue.auth, customer.auth]) {
      const res = await get(who);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ message: expect.any(String) });
    }
    const mine = await get(owner.auth);
    expect(mine.statusCode).toBe(200);
    expect(mine.json().data).toMatchObject({ enabled: expect.any(Boolean) });
  });

  it("refuses a body that is not an object, or amounts that are not numbers, with a 422 naming the field", async () => {
    const text = await t.app.inject({
      method: "PUT",
      url: "/api/admin/gift-cards/offer",
      headers: { ...owner.auth, "content-type": "application/json" },
      payload: "[]",
    });
    expect(text.statusCode).toBe(422);
    const words = await put({
      enabled: true,
      amounts: ["ten"],
      custom_min: null,
      custom_max: null,
    });
    expect(words.statusCode).toBe(422);
    expect(Object.keys(words.json().errors).join(" ")).toMatch(/amounts/u);
  });
});
