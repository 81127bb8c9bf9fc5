import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ORDER_CHANGE_MESSAGES } from "../../../shared/domain/order-changes.ts";
import { PAYMENT_MESSAGES } from "../../../shared/domain/payments.ts";
import { orderChanges, orderPayments, orders } from "../../db/schema/orders.ts";
import { mailOutbox } from "../../db/schema/orders-desk.ts";
import { createTestApp, type TestApp } from "../../test/app.ts";
import { createUserWithToken } from "../../test/fixtures.ts";
import { type StripeStandin, startStripeStandin } from "../../test/stripe-standin.ts";
import { addCoupon, addProduct, orderBody, placeOrder, stockOf } from "./test-fixtures.ts";

// Orders that change after they are placed. Prices: maamoul 20.00/kg, baklava 10.00/kg; the
// standing discount 20% and delivery 15.00, so a 1 kg maamoul order is 16.00 + 15.00 = 31.00.

const WEBHOOK_SECRET = "whsec_changes";
let standin: StripeStandin;
let t: TestApp;
let desk: Awaited<ReturnType<typeof createUserWithToken>>;
let catalogue: Awaited<ReturnType<typeof createUserWithToken>>;
let customer: Awaited<ReturnType<typeof createUserWithToken>>;
let maamoul: number;
let baklava: number;

beforeAll(async () => {
  standin = await startStripeStandin({ webhookSecret: WEBHOOK_SECRET });
  t = await createTestApp({
    env: {
      STRIPE_SECRET_KEY: "sk_test_changes",
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_URL: standin.url,
      PUBLIC_URL: "http://shop.test",
      // Mail is queued (no worker sends it).
      SMTP_URL: "smtp://127.0.0.1:1",
    },
  });
  const address = await t.app.listen({ port: 0, host: "127.0.0.1" });
  standin.webhookUrl = `${address}/api/payments/stripe/webhook`;
  desk = await createUserWithToken(t.app, { admin: true, roles: ["orders"], name: "Desk Dana" });
  catalogue = await createUserWithToken(t.app, { admin: true, roles: ["catalogue"] });
  customer = await createUserWithToken(t.app);
  maamoul = await addProduct(t.database.db, {
    name: "Maamoul",
    nameAr: "معمول",
    priceCents: 2000,
    stockGrams: 100_000,
  });
  baklava = await addProduct(t.database.db, {
    name: "Baklava",
    priceCents: 1000,
    stockGrams: 50_000,
    options: [{ grams: 500 }, { grams: 1000 }],
  });
});
afterAll(async () => {
  await t?.close();
  await standin?.close();
});

const db = () => t.database.db;

async function newOrder(
  extra: Record<string, unknown> = {},
  lines = [{ productId: maamoul, grams: 1000, qty: 1 }],
) {
  const res = await placeOrder(t.app, orderBody(lines, extra));
  expect(res.statusCode).toBe(201);
  const [row] = await db().select().from(orders).where(eq(orders.number, res.json().data.number));
  return { ...row!, accessKey: res.json().data.access_key as string };
}

const get = async (id: number) =>
  (await t.app.inject({ url: `/api/admin/orders/${id}`, headers: desk.auth })).json().data;

const send = (
  method: "PATCH" | "PUT" | "POST",
  url: string,
  body: unknown,
  headers: Record<string, string> = desk.auth,
) => t.app.inject({ method, url, headers, payload: body as object });

const editLines = (id: number, body: unknown, headers: Record<string, string> = desk.auth) =>
  send("PATCH", `/api/admin/orders/${id}/lines`, body, headers);
const weigh = (id: number, body: unknown, headers = desk.auth) =>
  send("PUT", `/api/admin/orders/${id}/weights`, body, headers);
const refund = (id: number, body: unknown, headers: Record<string, string> = desk.auth) =>
  send("POST", `/api/admin/orders/${id}/refund`, body, headers);
const link = (id: number, body: unknown = {}, headers = desk.auth) =>
  send("POST", `/api/admin/orders/${id}/payment-link`, body, headers);
const move = async (id: number, ...statuses: string[]) => {
  for (const status of statuses) {
    const res = await send("PATCH", `/api/admin/orders/${id}`, { status });
    expect(res.statusCode).toBe(200);
  }
};
const markPaid = (id: number, amount: number) =>
  send("POST", `/api/admin/orders/${id}/payments`, { amount });

/** A card order paid through the stand-in's page; answers the order row. */
async function paidCardOrder(lines = [{ productId: maamoul, grams: 1000, qty: 2 }]) {
  const order = await newOrder({ payment_method: "card" }, lines);
  const session = order.paymentSessionId!.replace(/^stripe:/, "");
  expect(await standin.pay(session)).toBe(200);
  const [row] = await db().select().from(orders).where(eq(orders.id, order.id));
  expect(row!.paymentStatus).toBe("paid");
  return row!;
}

describe("PATCH /api/admin/orders/:id/lines", () => {
  it("adds a line: checkout's pricing, stock taken, the next version, the timeline and the customer's e-mail", async () => {
    const order = await newOrder({ lang: "ar" });
    const before = await get(order.id);
    expect(before).toMatchObject({ version: 0, total: 31, balance_due: 31 });
    const stock = await stockOf(db(), baklava);
    const res = await editLines(order.id, {
      version: 0,
      lines: [
        { line_id: before.lines[0].line_id, grams: 1000, qty: 1 },
        { product_id: baklava, grams: 500, qty: 1 },
      ],
    });
    expect(res.statusCode).toBe(200);
    const after = res.json().data;
    // 20.00 + 5.00 = 25.00, less 20% = 20.00, + 15.00 delivery.
    expect(after).toMatchObject({
      version: 1,
      subtotal: 25,
      discount: 5,
      total: 35,
      total_grams: 1500,
    });
    expect(after.lines).toHaveLength(2);
    expect(after.lines[0]).toMatchObject({ line_id: before.lines[0].line_id, weighed_grams: null });
    expect(after.lines[1]).toMatchObject({ product_id: baklava, grams: 500, line_total: 5 });
    expect(await stockOf(db(), baklava)).toBe(stock! - 500);
    const change = after.timeline.find((e: { kind: string }) => e.kind === "change");
    expect(change).toMatchObject({
      change: "edit",
      version: 1,
      actor: { kind: "admin", id: desk.id, name: "Desk Dana" },
      before: { total: 31, lines: [{ name: "Maamoul", grams: 1000, line_total: 20 }] },
      after: {
        total: 35,
        lines: [{ grams: 1000 }, { name: "Baklava", grams: 500, line_total: 5 }],
      },
    });
    const mails = await db()
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.kind, "order_changed"), eq(mailOutbox.to, "layla@example.com")));
    const mail = mails.at(-1)!;
    expect(mail.subject).toBe(`تم تعديل طلبك ${order.number} – حلويات القطر الذهبي`);
    expect(mail.text).toContain("أُضيف");
    expect(mail.text).toContain("المجموع الجديد");
    // The customer's own page shows the new total.
    const page = await t.app.inject({
      url: `/api/orders/${order.number}?key=${encodeURIComponent(order.accessKey)}`,
    });
    expect(page.json().data).toMatchObject({ total: 35, version: 1, balance_due: 35 });
  });

  it("removes a line and puts its stock back; changes a quantity at today's price", async () => {
    const order = await newOrder({}, [
      { productId: maamoul, grams: 1000, qty: 1 },
      { productId: baklava, grams: 1000, qty: 1 },
    ]);
    const detail = await get(order.id);
    const [m, b] = [await stockOf(db(), maamoul), await stockOf(db(), baklava)];
    const res = await editLines(order.id, {
      version: detail.version,
      lines: [{ line_id: detail.lines[0].line_id, grams: 1000, qty: 3 }],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ subtotal: 60, total: 63 });
    expect(await stockOf(db(), maamoul)).toBe(m! - 2000);
    expect(await stockOf(db(), baklava)).toBe(b! + 1000);
  });

  it("keeps the coupon the order won with after an edit", async () => {
    await addCoupon(db(), { code: "EID30", percent: 30 });
    const order = await newOrder({ coupon: "EID30" });
    const detail = await get(order.id);
    expect(detail).toMatchObject({ discount_source: "coupon", discount_percent: 30 });
    const res = await editLines(order.id, {
      version: detail.version,
      lines: [{ line_id: detail.lines[0].line_id, grams: 1000, qty: 2 }],
    });
    expect(res.json().data).toMatchObject({
      coupon: "EID30",
      discount_source: "coupon",
      discount: 12,
      total: 43,
    });
  });

  it("refuses a stale version with 409 and writes nothing", async () => {
    const order = await newOrder();
    const detail = await get(order.id);
    const line = { line_id: detail.lines[0].line_id, grams: 1000, qty: 2 };
    expect((await editLines(order.id, { version: 0, lines: [line] })).statusCode).toBe(200);
    const stock = await stockOf(db(), maamoul);
    const stale = await editLines(order.id, { version: 0, lines: [{ ...line, qty: 3 }] });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({
      message: ORDER_CHANGE_MESSAGES.STALE,
      errors: { version: [ORDER_CHANGE_MESSAGES.STALE] },
    });
    expect(await stockOf(db(), maamoul)).toBe(stock);
    expect((await get(order.id)).version).toBe(1);
  });

  it.each([
    ["shipped", ["confirmed", "preparing", "shipped"]],
    ["completed", ["confirmed", "preparing", "shipped", "completed"]],
    ["canceled", ["canceled"]],
  ])("refuses an edit of a %s order with 409", async (_label, path) => {
    const order = await newOrder();
    await move(order.id, ...path);
    const detail = await get(order.id);
    const res = await editLines(order.id, {
      version: detail.version,
      lines: [{ line_id: detail.lines[0].line_id, grams: 1000, qty: 2 }],
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(ORDER_CHANGE_MESSAGES.NOT_EDITABLE);
  });

  it("answers bad input with 422 and { message, errors }, and too much with 409", async () => {
    const order = await newOrder();
    const detail = await get(order.id);
    const lineId = detail.lines[0].line_id;
    const cases: Array<[unknown, number, string]> = [
      [{ version: 0, lines: [] }, 422, "lines"],
      [{ lines: [{ line_id: lineId, grams: 1000, qty: 1 }] }, 422, "version"],
      [{ version: 0, lines: [{ line_id: 999_999, grams: 1000, qty: 1 }] }, 422, "lines.0.line_id"],
      [
        {
          version: 0,
          lines: [
            { line_id: lineId, grams: 1000, qty: 1 },
            { line_id: lineId, grams: 1000, qty: 1 },
          ],
        },
        422,
        "lines.1.line_id",
      ],
      [{ version: 0, lines: [{ grams: 1000, qty: 1 }] }, 422, "lines.0.product_id"],
      [{ version: 0, lines: [{ product_id: baklava, grams: 333, qty: 1 }] }, 422, "lines.0"],
      [{ version: 0, lines: [{ line_id: lineId, grams: 1000, qty: 0 }] }, 422, "lines.0.qty"],
      [
        { version: 0, lines: [{ line_id: lineId, grams: 1000, qty: 1 }], ready_date: "soon" },
        422,
        "ready_date",
      ],
    ];
    for (const [body, status, field] of cases) {
      const res = await editLines(order.id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      const answer = res.json();
      expect(typeof answer.message).toBe("string");
      expect(
        Object.keys(answer.errors ?? {}).some((key) => key.startsWith(field)),
        JSON.stringify(answer),
      ).toBe(true);
    }
    const scarce = await addProduct(db(), { priceCents: 1000, stockGrams: 500 });
    const out = await editLines(order.id, {
      version: 0,
      lines: [
        { line_id: lineId, grams: 1000, qty: 1 },
        { product_id: scarce, grams: 1000, qty: 1 },
      ],
    });
    expect(out.statusCode).toBe(409);
    expect(out.json().errors["lines.1"]).toBeTruthy();
    expect(await stockOf(db(), scarce)).toBe(500);
    expect((await get(order.id)).version).toBe(0);
    expect(
      (await editLines(999_999, { version: 0, lines: [{ line_id: 1, grams: 1000, qty: 1 }] }))
        .statusCode,
    ).toBe(404);
  });

  it("is for the orders and owner roles only", async () => {
    const order = await newOrder();
    const body = { version: 0, lines: [{ product_id: baklava, grams: 1000, qty: 1 }] };
    expect((await editLines(order.id, body, catalogue.auth)).statusCode).toBe(403);
    expect((await editLines(order.id, body, customer.auth)).statusCode).toBe(403);
    expect((await editLines(order.id, body, {})).statusCode).toBe(401);
    expect(
      (await weigh(order.id, { lines: [{ line_id: 1, weighed_grams: 1000 }] }, catalogue.auth))
        .statusCode,
    ).toBe(403);
    expect((await refund(order.id, {}, catalogue.auth)).statusCode).toBe(403);
    expect((await link(order.id, {}, catalogue.auth)).statusCode).toBe(403);
    const owner = await createUserWithToken(t.app, { admin: true });
    expect((await editLines(order.id, body, owner.auth)).statusCode).toBe(200);
  });

  it("20 concurrent edits of one order: one wins, the others are 409, the stock is exact", async () => {
    const order = await newOrder();
    const detail = await get(order.id);
    const stock = await stockOf(db(), baklava);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        editLines(order.id, {
          version: 0,
          lines: [
            { line_id: detail.lines[0].line_id, grams: 1000, qty: 1 },
            { product_id: baklava, grams: 1000, qty: (i % 3) + 1 },
          ],
        }),
      ),
    );
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(19);
    const winner = answers.find((a) => a.statusCode === 200)!.json().data;
    const taken = winner.lines[1].qty * 1000;
    expect(await stockOf(db(), baklava)).toBe(stock! - taken);
    const rows = await db().select().from(orderChanges).where(eq(orderChanges.orderId, order.id));
    expect(rows).toHaveLength(1);
  });
});

describe("PUT /api/admin/orders/:id/weights", () => {
  it("records 1,040 g on a 1 kg line: inside the tolerance, charged as ordered", async () => {
    const order = await newOrder();
    await move(order.id, "confirmed", "preparing");
    const detail = await get(order.id);
    const res = await weigh(order.id, {
      lines: [{ line_id: detail.lines[0].line_id, weighed_grams: 1040 }],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ total: 31, version: detail.version + 1 });
    expect(res.json().data.lines[0]).toMatchObject({
      grams: 1000,
      weighed_grams: 1040,
      line_total: 20,
    });
    expect(res.json().data.timeline.at(-1)).toMatchObject({ kind: "change", change: "weights" });
  });

  it("reprices a line outside the tolerance: lighter is less; the cash order collects the new total", async () => {
    const order = await newOrder();
    await move(order.id, "confirmed", "preparing");
    const detail = await get(order.id);
    const res = await weigh(order.id, {
      lines: [{ line_id: detail.lines[0].line_id, weighed_grams: 900 }],
    });
    // 18.00 less 20% = 14.40 + 15.00.
    expect(res.json().data).toMatchObject({
      total: 29.4,
      balance_due: 29.4,
      payment_status: "unpaid",
    });
    // Heavier than the tolerance is charged as ordered while the owner's switch is off.
    const heavier = await weigh(order.id, {
      lines: [{ line_id: detail.lines[0].line_id, weighed_grams: 1200 }],
    });
    expect(heavier.json().data).toMatchObject({ total: 31 });
  });

  it("charges a heavier line more once the owner turns it on, by the owner's tolerance", async () => {
    const owner = await createUserWithToken(t.app, { admin: true });
    const current = (await t.app.inject({ url: "/api/admin/settings", headers: owner.auth })).json()
      .data;
    const { updated_at: _at, ...values } = current;
    const saved = await t.app.inject({
      method: "PUT",
      url: "/api/admin/settings",
      headers: owner.auth,
      payload: { ...values, weigh_tolerance_percent: 2, charge_over_weight: true },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data).toMatchObject({
      weigh_tolerance_percent: 2,
      charge_over_weight: true,
    });
    try {
      const order = await newOrder();
      await move(order.id, "confirmed", "preparing");
      const detail = await get(order.id);
      const res = await weigh(order.id, {
        lines: [{ line_id: detail.lines[0].line_id, weighed_grams: 1040 }],
      });
      // 20.80 less 20% = 16.64 + 15.00.
      expect(res.json().data).toMatchObject({ total: 31.64, subtotal: 20.8 });
      expect(res.json().data.lines[0]).toMatchObject({ line_total: 20.8, weighed_grams: 1040 });
    } finally {
      await t.app.services.settings.update({ weighTolerancePercent: 5, chargeOverWeight: false });
    }
  });

  it("refuses weights of 0, above ten times the ordered grams, of unknown lines (422) and before preparing (409)", async () => {
    const order = await newOrder();
    const detail = await get(order.id);
    const lineId = detail.lines[0].line_id;
    expect(
      (await weigh(order.id, { lines: [{ line_id: lineId, weighed_grams: 1000 }] })).statusCode,
    ).toBe(409);
    await move(order.id, "confirmed", "preparing");
    for (const [body, field] of [
      [{ lines: [{ line_id: lineId, weighed_grams: 0 }] }, "lines.0.weighed_grams"],
      [{ lines: [{ line_id: lineId, weighed_grams: 10_001 }] }, "lines.0.weighed_grams"],
      [{ lines: [{ line_id: lineId, weighed_grams: 10.5 }] }, "lines.0.weighed_grams"],
      [{ lines: [{ line_id: 999_999, weighed_grams: 1000 }] }, "lines.0.line_id"],
      [{ lines: [] }, "lines"],
      [{}, "lines"],
    ] as const) {
      const res = await weigh(order.id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(Object.keys(res.json().errors)).toContain(field);
    }
    expect((await get(order.id)).version).toBe(detail.version);
  });

  it("gives a card order's difference back through the gateway", async () => {
    const order = await paidCardOrder();
    await move(order.id, "confirmed", "preparing");
    const detail = await get(order.id);
    const refundsBefore = standin.refunds.length;
    // 2 kg ordered at 40.00, 1.5 kg weighed: 30.00, less 20% = 24.00 + 15.00 = 39.00 (was 47.00).
    const res = await weigh(order.id, {
      lines: [{ line_id: detail.lines[0].line_id, weighed_grams: 1500 }],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      total: 39,
      payment_status: "partially_refunded",
      refunded_amount: 8,
      balance_due: 0,
    });
    expect(standin.refunds.slice(refundsBefore).map((r) => r.amount)).toEqual([800]);
    const rows = await db().select().from(orderPayments).where(eq(orderPayments.orderId, order.id));
    expect(rows.map((r) => [r.kind, r.amountCents])).toEqual([
      ["payment", 4700],
      ["refund", 800],
    ]);
  });
});

describe("POST /api/admin/orders/:id/refund (partial)", () => {
  it("refunds an amount of a cash order, then never more than was received", async () => {
    const order = await newOrder();
    await markPaid(order.id, 31);
    const part = await refund(order.id, { amount: 10, note: "One box came back" });
    expect(part.statusCode).toBe(200);
    expect(part.json().data).toMatchObject({
      payment_status: "partially_refunded",
      refunded_amount: 10,
      balance_due: 0,
    });
    const tooMuch = await refund(order.id, { amount: 21.01 });
    expect(tooMuch.statusCode).toBe(422);
    expect(tooMuch.json()).toEqual({
      message: ORDER_CHANGE_MESSAGES.REFUND_TOO_MUCH,
      errors: { amount: [ORDER_CHANGE_MESSAGES.REFUND_TOO_MUCH] },
    });
    const rest = await refund(order.id, {});
    expect(rest.json().data).toMatchObject({ payment_status: "refunded", refunded_amount: 31 });
  });

  it("refunds chosen lines at what was paid for them, puts stock back when asked, never a line twice", async () => {
    const order = await newOrder({}, [
      { productId: maamoul, grams: 1000, qty: 1 },
      { productId: baklava, grams: 1000, qty: 1 },
    ]);
    await markPaid(order.id, 39);
    const detail = await get(order.id);
    const stock = await stockOf(db(), baklava);
    const res = await refund(order.id, {
      lines: [{ line_id: detail.lines[1].line_id, restock: true }],
    });
    expect(res.statusCode).toBe(200);
    // 10.00 less the order's 20%.
    expect(res.json().data).toMatchObject({
      refunded_amount: 8,
      payment_status: "partially_refunded",
    });
    expect(res.json().data.lines[1]).toMatchObject({ refunded: 8 });
    expect(await stockOf(db(), baklava)).toBe(stock! + 1000);
    const twice = await refund(order.id, {
      lines: [{ line_id: detail.lines[1].line_id, restock: false }],
    });
    expect(twice.statusCode).toBe(422);
    expect(twice.json().message).toBe(ORDER_CHANGE_MESSAGES.LINE_REFUNDED);
    const grams = await refund(order.id, {
      lines: [{ line_id: detail.lines[0].line_id, grams: 250, restock: false }],
    });
    expect(grams.json().data).toMatchObject({ refunded_amount: 12 });
  });

  it("refuses bad input with 422: unpaid, both amount and lines, bad amounts and grams", async () => {
    const unpaid = await newOrder();
    const res = await refund(unpaid.id, { amount: 5 });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(PAYMENT_MESSAGES.REFUND_UNPAID);
    const order = await newOrder();
    await markPaid(order.id, 31);
    const lineId = (await get(order.id)).lines[0].line_id;
    for (const body of [
      { amount: 5, lines: [{ line_id: lineId }] },
      { amount: -1 },
      { amount: "abc" },
      { amount: 1.234 },
      { lines: [] },
      { lines: [{ line_id: lineId, grams: 1001 }] },
      { lines: [{ line_id: 999_999 }] },
      { lines: [{ line_id: lineId, restock: "yes" }] },
    ]) {
      const answer = await refund(order.id, body);
      expect(answer.statusCode, JSON.stringify(body)).toBe(422);
      expect(answer.json().errors).toBeTruthy();
    }
    expect((await get(order.id)).refunded_amount).toBe(0);
  });

  it("a card refund replayed 10 times with one Idempotency-Key refunds once at the gateway", async () => {
    const order = await paidCardOrder();
    const key = randomUUID();
    const before = standin.refunds.length;
    const answers = [];
    for (let i = 0; i < 10; i++)
      answers.push(await refund(order.id, { amount: 5 }, { ...desk.auth, "idempotency-key": key }));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(200));
    expect(answers.slice(1).every((a) => a.headers["idempotent-replayed"] === "true")).toBe(true);
    expect(standin.refunds.length - before).toBe(1);
    expect(answers.at(-1)!.json().data).toMatchObject({ refunded_amount: 5 });
  });

  it("a gateway failing mid-refund leaves the order unchanged (503, Retry-After); the retry refunds once", async () => {
    const order = await paidCardOrder();
    const key = randomUUID();
    const before = standin.refunds.length;
    standin.failRefunds(5);
    const failed = await refund(order.id, { amount: 7 }, { ...desk.auth, "idempotency-key": key });
    standin.failRefunds(0);
    expect(failed.statusCode).toBe(503);
    expect(failed.headers["retry-after"]).toBe("30");
    expect(failed.json().message).toMatch(/nothing was refunded/);
    const [row] = await db().select().from(orders).where(eq(orders.id, order.id));
    expect(row).toMatchObject({ refundedCents: 0, paymentStatus: "paid", version: order.version });
    const again = await refund(order.id, { amount: 7 }, { ...desk.auth, "idempotency-key": key });
    expect(again.statusCode).toBe(200);
    expect(standin.refunds.length - before).toBe(1);
    expect(standin.refunds.at(-1)!.amount).toBe(700);
  });
});

describe("POST /api/admin/orders/:id/payment-link", () => {
  it("a phone order's link, in its language, paid through the stand-in: the order turns paid", async () => {
    const order = await newOrder({ lang: "ar" });
    const res = await link(order.id, { send_email: true });
    expect(res.statusCode).toBe(201);
    const { url, expires_at, amount, emailed } = res.json().data;
    expect(amount).toBe(31);
    expect(emailed).toBe(true);
    // With the reservation: 48 h after placing, within the gateway's 24 h.
    expect(Date.parse(expires_at)).toBeGreaterThan(Date.now() + 23 * 3_600_000);
    const session = [...standin.sessions.values()].find((s) => s.url === url)!;
    expect(session).toMatchObject({
      amount_total: 3100,
      client_reference_id: order.number,
      locale: "auto",
    });
    const [mail] = await db()
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.kind, "order_payment_link"));
    expect(mail!.text).toContain(url);
    expect(mail!.subject).toContain("ادفع");
    expect((await get(order.id)).payment_url).toBe(url);
    expect(await standin.pay(session.id)).toBe(200);
    expect(await get(order.id)).toMatchObject({
      payment_status: "paid",
      paid_amount: 31,
      balance_due: 0,
    });
    const paid = await link(order.id);
    expect(paid.statusCode).toBe(409);
    expect(paid.json().message).toBe(ORDER_CHANGE_MESSAGES.LINK_PAID);
  });

  it("a card order that grew after paying gets a link for the balance; paying it settles the order", async () => {
    const order = await paidCardOrder([{ productId: maamoul, grams: 1000, qty: 1 }]);
    const detail = await get(order.id);
    const edited = await editLines(order.id, {
      version: detail.version,
      lines: [
        { line_id: detail.lines[0].line_id, grams: 1000, qty: 1 },
        { product_id: baklava, grams: 1000, qty: 1 },
      ],
    });
    expect(edited.json().data).toMatchObject({
      total: 39,
      balance_due: 8,
      payment_status: "balance_due",
    });
    const res = await link(order.id);
    expect(res.statusCode).toBe(201);
    expect(res.json().data.amount).toBe(8);
    const session = [...standin.sessions.values()].find((s) => s.url === res.json().data.url)!;
    expect(session.amount_total).toBe(800);
    expect(await standin.pay(session.id)).toBe(200);
    expect(await get(order.id)).toMatchObject({
      payment_status: "paid",
      paid_amount: 39,
      balance_due: 0,
    });
  });

  it("refuses a cancelled order (409) and an unknown one (404)", async () => {
    const order = await newOrder();
    await move(order.id, "canceled");
    expect((await link(order.id)).statusCode).toBe(409);
    expect((await link(999_999)).statusCode).toBe(404);
    expect((await link(order.id, { send_email: "yes" })).statusCode).toBe(422);
  });
});
