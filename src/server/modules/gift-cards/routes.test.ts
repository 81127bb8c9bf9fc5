import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GIFT_CARD_MESSAGES, ledgerBalance } from "../../../shared/domain/gift-cards.ts";
import { giftCardEntries, giftCards } from "../../db/schema/gift-cards.ts";
import { createTestApp, type TestApp } from "../../test/app.ts";
import { createUserWithToken } from "../../test/fixtures.ts";
import { addProduct, orderBody, placeOrder } from "../orders/test-fixtures.ts";

let t: TestApp;
let owner: Awaited<ReturnType<typeof createUserWithToken>>;
let catalogue: Awaited<ReturnType<typeof createUserWithToken>>;
let customer: Awaited<ReturnType<typeof createUserWithToken>>;

beforeAll(async () => {
  t = await createTestApp();
  owner = await createUserWithToken(t.app, { admin: true, name: "Owner" });
  catalogue = await createUserWithToken(t.app, { admin: true, roles: ["catalogue"] });
  customer = await createUserWithToken(t.app);
});
afterAll(() => t.close());

type Body = Record<string, unknown>;
const issue = (payload: Body, headers: Record<string, string> = owner.auth) =>
  t.app.inject({ method: "POST", url: "/api/admin/gift-cards", headers, payload });
const list = (query = "", headers: Record<string, string> = owner.auth) =>
  t.app.inject({ url: `/api/admin/gift-cards${query}`, headers });
const voidCard = (id: number | string, headers: Record<string, string> = owner.auth) =>
  t.app.inject({ method: "POST", url: `/api/admin/gift-cards/${id}/void`, headers });
const balance = (code: unknown, ip = "10.0.0.1") =>
  t.app.inject({
    method: "POST",
    url: "/api/gift-cards/balance",
    payload: { code },
    remoteAddress: ip,
  });

async function ledgerOf(id: number) {
  const entries = await t.database.db
    .select()
    .from(giftCardEntries)
    .where(eq(giftCardEntries.giftCardId, id));
  const [card] = await t.database.db.select().from(giftCards).where(eq(giftCards.id, id));
  return { entries, balanceCents: card!.balanceCents };
}

describe("gift cards", () => {
  it("the owner issues a card: the code once, 16 characters, stored only hashed", async () => {
    const res = await issue({ amount: "50", note: "Sorry for the late box", lang: "ar" });
    expect(res.statusCode).toBe(201);
    const { code, ...card } = res.json().data;
    expect(code).toMatch(/^[2-9A-HJKMNP-Z]{16}$/);
    expect(card).toMatchObject({
      initial: 50,
      balance: 50,
      status: "active",
      last_four: code.slice(-4),
      lang: "ar",
    });
    const [row] = await t.database.db.select().from(giftCards).where(eq(giftCards.id, card.id));
    expect(JSON.stringify(row)).not.toContain(code);
    const found = await list(`?last_four=${code.slice(-4).toLowerCase()}`);
    expect(found.json().data.map((c: { id: number }) => c.id)).toContain(card.id);
    expect(JSON.stringify(found.json())).not.toContain(code);

    const checked = await balance(code.toLowerCase().replace(/(.{4})/g, "$1-"));
    expect(checked.statusCode).toBe(200);
    expect(checked.json()).toEqual({ data: { balance: 50 } });
  });

  it("a wrong, malformed, empty-balance or void code gets the same answer", async () => {
    const { code, id } = (await issue({ amount: 5 })).json().data;
    await voidCard(id);
    const answers = await Promise.all(
      [code, "ABCDEFGHJKMNPQRS", "nope", "ABCD EFGH JKMN PQR0"].map((c, i) =>
        balance(c, `10.0.1.${i}`),
      ),
    );
    for (const res of answers) {
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({
        message: GIFT_CARD_MESSAGES.NOT_USABLE,
        errors: { code: [GIFT_CARD_MESSAGES.NOT_USABLE] },
      });
    }
    const empty = await balance("", "10.0.1.9");
    expect(empty.statusCode).toBe(422);
  });

  it("answers 429 after ten balance checks a minute from one address", async () => {
    const limited = await createTestApp({ rateLimit: true });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 11; i++) {
        const res = await limited.app.inject({
          method: "POST",
          url: "/api/gift-cards/balance",
          payload: { code: "ABCDEFGHJKMNPQRS" },
        });
        statuses.push(res.statusCode);
      }
      expect(statuses.slice(0, 10)).toEqual(Array(10).fill(422));
      expect(statuses[10]).toBe(429);
    } finally {
      await limited.close();
    }
  });

  it("pays part of an order and then the rest of its balance; the ledger adds up", async () => {
    const { code, id } = (await issue({ amount: 30 })).json().data;
    const product = await addProduct(t.database.db, { priceCents: 2000 });
    // 20.00 - 20% + 15.00 delivery = 31.00: the card pays 30.00, 1.00 is left to pay.
    const first = await placeOrder(
      t.app,
      orderBody([{ productId: product, grams: 1000, qty: 1 }], { gift_card: code }),
    );
    expect(first.statusCode).toBe(201);
    expect(first.json().data).toMatchObject({
      total: 31,
      gift_card_paid: 30,
      payment_status: "unpaid",
    });
    const again = await placeOrder(
      t.app,
      orderBody([{ productId: product, grams: 1000, qty: 1 }], { gift_card: code }),
    );
    expect(again.statusCode).toBe(422);
    expect(again.json().errors).toHaveProperty("gift_card");
    const ledger = await ledgerOf(id);
    expect(ledger.balanceCents).toBe(0);
    expect(ledgerBalance(ledger.entries)).toBe(0);
  });

  it("pays a whole order (then it is paid); a refund puts it back on the card", async () => {
    const { code, id } = (await issue({ amount: 100 })).json().data;
    const product = await addProduct(t.database.db, { priceCents: 2000 });
    const placed = await placeOrder(
      t.app,
      orderBody([{ productId: product, grams: 1000, qty: 1 }], { gift_card: code }),
    );
    expect(placed.json().data).toMatchObject({ gift_card_paid: 31, payment_status: "paid" });
    expect((await ledgerOf(id)).balanceCents).toBe(6900);
    const number = placed.json().data.number;
    const orderId = (
      await t.app.inject({ url: `/api/admin/orders?q=${number}`, headers: owner.auth })
    ).json().data[0].id;
    const refunded = await t.app.inject({
      method: "POST",
      url: `/api/admin/orders/${orderId}/refund`,
      headers: owner.auth,
      payload: {},
    });
    expect(refunded.statusCode).toBe(200);
    const ledger = await ledgerOf(id);
    expect(ledger.balanceCents).toBe(10_000);
    expect(ledger.entries.map((e) => e.kind)).toEqual(["issue", "spend", "refund"]);
  });

  it("cancelling an order partly paid by a card puts the card's share back, once", async () => {
    const { code, id } = (await issue({ amount: 10 })).json().data;
    const product = await addProduct(t.database.db, { priceCents: 2000 });
    const placed = await placeOrder(
      t.app,
      orderBody([{ productId: product, grams: 1000, qty: 1 }], { gift_card: code }),
    );
    expect(placed.json().data).toMatchObject({ gift_card_paid: 10, payment_status: "unpaid" });
    expect((await ledgerOf(id)).balanceCents).toBe(0);
    const orderId = (
      await t.app.inject({
        url: `/api/admin/orders?q=${placed.json().data.number}`,
        headers: owner.auth,
      })
    ).json().data[0].id;
    const cancel = () =>
      t.app.inject({
        method: "PATCH",
        url: `/api/admin/orders/${orderId}`,
        headers: owner.auth,
        payload: { status: "canceled", note: null },
      });
    expect((await cancel()).statusCode).toBe(200);
    const ledger = await ledgerOf(id);
    expect(ledger.balanceCents).toBe(1000);
    expect(ledger.entries.map((e) => [e.kind, e.amountCents])).toEqual([
      ["issue", 1000],
      ["spend", -1000],
      ["refund", 1000],
    ]);
    expect(ledgerBalance(ledger.entries)).toBe(1000);
    // Cancelled twice is refused, and the card gets nothing more.
    expect((await cancel()).statusCode).toBe(422);
    expect((await ledgerOf(id)).balanceCents).toBe(1000);
  });

  it("20 concurrent orders spending one card never take more than its balance", async () => {
    const { code, id } = (await issue({ amount: 100 })).json().data;
    const product = await addProduct(t.database.db, { priceCents: 2000 });
    const responses = await Promise.all(
      Array.from({ length: 20 }, () =>
        placeOrder(
          t.app,
          orderBody([{ productId: product, grams: 1000, qty: 1 }], { gift_card: code }),
        ),
      ),
    );
    const paid = responses
      .filter((r) => r.statusCode === 201)
      .reduce((sum, r) => sum + Math.round(r.json().data.gift_card_paid * 100), 0);
    for (const r of responses) expect([201, 422]).toContain(r.statusCode);
    expect(paid).toBe(10_000);
    const ledger = await ledgerOf(id);
    expect(ledger.balanceCents).toBe(0);
    expect(ledgerBalance(ledger.entries)).toBe(0);
  });

  it("a card that does not pay everything cannot go with a card payment", async () => {
    const { code } = (await issue({ amount: 1 })).json().data;
    const product = await addProduct(t.database.db, { priceCents: 2000 });
    const res = await placeOrder(
      t.app,
      orderBody([{ productId: product, grams: 1000, qty: 1 }], {
        gift_card: code,
        payment_method: "card",
      }),
    );
    expect(res.statusCode).toBe(422);
  });

  it("voids: the rest is written off; twice is a 422; an unknown card a 404", async () => {
    const { id } = (await issue({ amount: 12.5 })).json().data;
    const res = await voidCard(id);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ status: "void", balance: 0 });
    expect((await voidCard(id)).statusCode).toBe(422);
    expect((await voidCard(999999)).statusCode).toBe(404);
    const ledger = await ledgerOf(id);
    expect(ledger.entries.map((e) => [e.kind, e.amountCents])).toEqual([
      ["issue", 1250],
      ["void", -1250],
    ]);
  });

  it.each<[string, Body, string]>([
    ["no amount", {}, "amount"],
    ["an amount under 1.00", { amount: 0.5 }, "amount"],
    ["an amount over 1,000.00", { amount: 1000.01 }, "amount"],
    ["three decimals", { amount: 10.005 }, "amount"],
    ["a bad e-mail", { amount: 10, recipient_email: "nope" }, "recipient_email"],
    ["a bad language", { amount: 10, lang: "fr" }, "lang"],
  ])("refuses %s with a 422", async (_name, body, field) => {
    const res = await issue(body);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toHaveProperty([field]);
  });

  it("refuses a bad last-four search", async () => {
    const res = await list("?last_four=ab");
    expect([400, 422]).toContain(res.statusCode);
  });

  it("is for the owner only", async () => {
    for (const who of [catalogue.auth, customer.auth, {}]) {
      expect([401, 403]).toContain((await list("", who)).statusCode);
      expect([401, 403]).toContain((await issue({ amount: 10 }, who)).statusCode);
      expect([401, 403]).toContain((await voidCard(1, who)).statusCode);
    }
  });
});
