import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { businessDayStart } from "../../../shared/domain/business-days.ts";
import { businessDate } from "../../../shared/domain/business-time.ts";
import { PAYMENT_MESSAGES } from "../../../shared/domain/payments.ts";
import { ADMIN_ORDER_MESSAGES, parsePaidAt } from "../../../shared/schemas/admin-order.ts";
import { orderPayments } from "../../db/schema/orders.ts";
import { createTestApp, type TestApp } from "../../test/app.ts";
import { createUserWithToken } from "../../test/fixtures.ts";
import { addProduct, orderBody, placeOrder } from "./test-fixtures.ts";

// Issue 24: the owner's side of payment state. The order's total here is
// 2 x 10.00 = 20.00 -> 16.00 after the standing 20% + 15.00 delivery = 31.00.

let t: TestApp;
let admin: Awaited<ReturnType<typeof createUserWithToken>>;
let customer: Awaited<ReturnType<typeof createUserWithToken>>;
let product: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUserWithToken(t.app, { admin: true, name: "Rana Owner" });
  customer = await createUserWithToken(t.app);
  product = await addProduct(t.database.db, { priceCents: 1000 });
});
afterAll(() => t.close());

async function newOrder(name = "Omar Saleh"): Promise<{ id: number; number: string }> {
  const res = await placeOrder(
    t.app,
    orderBody([{ productId: product, grams: 1000, qty: 2 }], { name }),
  );
  expect(res.statusCode).toBe(201);
  const { number } = res.json().data;
  const list = await t.app.inject({
    url: `/api/admin/orders?q=${encodeURIComponent(number)}`,
    headers: admin.auth,
  });
  return { id: list.json().data[0].id, number };
}

const pay = (id: number | string, body: unknown, headers: Record<string, string> = admin.auth) =>
  t.app.inject({
    method: "POST",
    url: `/api/admin/orders/${id}/payments`,
    headers,
    payload: body as object,
  });
const refund = (id: number | string, body: unknown = {}, headers = admin.auth) =>
  t.app.inject({
    method: "POST",
    url: `/api/admin/orders/${id}/refund`,
    headers,
    payload: body as object,
  });
const move = async (id: number, ...statuses: string[]) => {
  for (const status of statuses) {
    const res = await t.app.inject({
      method: "PATCH",
      url: `/api/admin/orders/${id}`,
      headers: admin.auth,
      payload: { status },
    });
    expect(res.statusCode).toBe(200);
  }
};
const TO_COMPLETED = ["confirmed", "preparing", "shipped", "completed"];
const get = (url: string) => t.app.inject({ url, headers: admin.auth });

describe("marking an order paid (POST /api/admin/orders/:id/payments)", () => {
  it("records the payment on a pending order: state, amount, date and a timeline entry", async () => {
    const order = await newOrder();
    const before = Date.now();
    const res = await pay(order.id, { amount: 31, note: "Cash from the courier" });
    expect(res.statusCode).toBe(200);
    const detail = res.json().data;
    expect(detail).toMatchObject({
      id: order.id,
      status: "pending",
      payment_status: "paid",
      paid_amount: 31,
    });
    expect(Date.parse(detail.paid_at)).toBeGreaterThanOrEqual(before - 1000);
    const entry = detail.timeline.at(-1);
    expect(entry).toEqual({
      kind: "payment",
      id: expect.any(Number),
      amount: 31,
      paid_at: detail.paid_at,
      note: "Cash from the courier",
      // No method given: the timeline says none rather than guessing one.
      method: null,
      actor: { kind: "admin", id: admin.id, name: "Rana Owner" },
      at: expect.any(String),
    });
    // The same on a fresh read.
    const again = (await get(`/api/admin/orders/${order.id}`)).json().data;
    expect(again.payment_status).toBe("paid");
    expect(again.timeline.at(-1)).toEqual(entry);
    const rows = await t.database.db
      .select()
      .from(orderPayments)
      .where(eq(orderPayments.orderId, order.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      kind: "payment",
      amountCents: 3100,
      actor: `admin:${admin.id}`,
    });
  });

  it("takes the day the money came (a Damascus day or an instant) and another amount", async () => {
    const a = await newOrder();
    const day = "2026-01-15";
    const res = await pay(a.id, { amount: "30.50", paid_at: day, note: "" });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      paid_amount: 30.5,
      paid_at: businessDayStart(day).toISOString(),
    });
    expect(res.json().data.timeline.at(-1)).toMatchObject({ kind: "payment", note: null });

    const b = await newOrder();
    const at = "2026-02-01T09:30:00+03:00";
    const second = await pay(b.id, { amount: 31, paid_at: at });
    expect(second.json().data.paid_at).toBe(new Date(at).toISOString());
  });

  it("works on a completed order that was never paid", async () => {
    const order = await newOrder();
    await move(order.id, ...TO_COMPLETED);
    const res = await pay(order.id, { amount: 31 });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ status: "completed", payment_status: "paid" });
  });

  it.each([
    ["a cancelled order never paid", "canceled-unpaid", PAYMENT_MESSAGES.CANCELLED_UNPAID],
    ["an order already paid", "paid", PAYMENT_MESSAGES.ALREADY_PAID],
    ["a refunded order", "refunded", PAYMENT_MESSAGES.REFUNDED],
  ])("refuses %s with 422", async (_, state, message) => {
    const order = await newOrder();
    if (state === "canceled-unpaid") await move(order.id, "canceled");
    if (state !== "canceled-unpaid")
      expect((await pay(order.id, { amount: 31 })).statusCode).toBe(200);
    if (state === "refunded") expect((await refund(order.id)).statusCode).toBe(200);
    const rowsBefore = await t.database.db
      .select()
      .from(orderPayments)
      .where(eq(orderPayments.orderId, order.id));
    const res = await pay(order.id, { amount: 31 });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ message, errors: { status: [message] } });
    const rowsAfter = await t.database.db
      .select()
      .from(orderPayments)
      .where(eq(orderPayments.orderId, order.id));
    expect(rowsAfter).toHaveLength(rowsBefore.length);
  });

  it.each<[string, unknown, string, string]>([
    ["a negative amount", { amount: -5 }, "amount", PAYMENT_MESSAGES.AMOUNT],
    ["a zero amount", { amount: 0 }, "amount", PAYMENT_MESSAGES.AMOUNT],
    ["three decimals", { amount: 10.125 }, "amount", PAYMENT_MESSAGES.AMOUNT],
    ["a word", { amount: "ten" }, "amount", PAYMENT_MESSAGES.AMOUNT],
    ["no amount", {}, "amount", PAYMENT_MESSAGES.AMOUNT],
    ["too much", { amount: 1_000_000.01 }, "amount", PAYMENT_MESSAGES.AMOUNT],
    ["a future day", { amount: 31, paid_at: "2999-01-01" }, "paid_at", PAYMENT_MESSAGES.PAID_AT],
    [
      "a future instant",
      { amount: 31, paid_at: new Date(Date.now() + 86_400_000).toISOString() },
      "paid_at",
      PAYMENT_MESSAGES.PAID_AT,
    ],
    ["no such day", { amount: 31, paid_at: "2026-02-30" }, "paid_at", PAYMENT_MESSAGES.PAID_AT],
    ["not a date", { amount: 31, paid_at: "yesterday" }, "paid_at", PAYMENT_MESSAGES.PAID_AT],
    [
      "a note over 2000 characters",
      { amount: 31, note: "x".repeat(2001) },
      "note",
      PAYMENT_MESSAGES.NOTE_TOO_LONG,
    ],
  ])("refuses %s with 422 keyed by the field", async (_, body, field, message) => {
    const order = await newOrder();
    const res = await pay(order.id, body);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[field]).toEqual([message]);
    const detail = (await get(`/api/admin/orders/${order.id}`)).json().data;
    expect(detail.payment_status).toBe("unpaid");
  });

  it("answers 404 for an unknown order, 400 for a bad id, 401/403 without an admin token", async () => {
    expect((await pay(999_999, { amount: 31 })).json()).toEqual({ message: "Order not found." });
    expect((await pay(999_999, { amount: 31 })).statusCode).toBe(404);
    expect((await pay("abc", { amount: 31 })).statusCode).toBe(400);
    const order = await newOrder();
    expect((await pay(order.id, { amount: 31 }, {})).statusCode).toBe(401);
    expect((await pay(order.id, { amount: 31 }, customer.auth)).statusCode).toBe(403);
    expect((await get(`/api/admin/orders/${order.id}`)).json().data.payment_status).toBe("unpaid");
  });

  it("records one payment when two admins click at once", async () => {
    const order = await newOrder();
    const results = await Promise.all([
      pay(order.id, { amount: 31 }),
      pay(order.id, { amount: 31 }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 422]);
    const rows = await t.database.db
      .select()
      .from(orderPayments)
      .where(eq(orderPayments.orderId, order.id));
    expect(rows).toHaveLength(1);
  });
});

describe("refunding (POST /api/admin/orders/:id/refund)", () => {
  it("refuses an unpaid order with 422", async () => {
    const order = await newOrder();
    const res = await refund(order.id);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      message: PAYMENT_MESSAGES.REFUND_UNPAID,
      errors: { status: [PAYMENT_MESSAGES.REFUND_UNPAID] },
    });
  });

  it("refunds a paid order for the amount received, with a timeline entry", async () => {
    const order = await newOrder();
    await pay(order.id, { amount: 30 });
    const res = await refund(order.id, { note: "Box arrived broken" });
    expect(res.statusCode).toBe(200);
    const detail = res.json().data;
    expect(detail).toMatchObject({
      status: "pending",
      payment_status: "refunded",
      paid_amount: 30,
    });
    expect(detail.timeline.slice(-2).map((e: { kind: string }) => e.kind)).toEqual([
      "payment",
      "refund",
    ]);
    expect(detail.timeline.at(-1)).toEqual({
      kind: "refund",
      id: expect.any(Number),
      amount: 30,
      paid_at: expect.any(String),
      note: "Box arrived broken",
      // No method given: the timeline says none rather than guessing one.
      method: null,
      actor: { kind: "admin", id: admin.id, name: "Rana Owner" },
      at: expect.any(String),
    });
    // Once is enough.
    expect((await refund(order.id)).statusCode).toBe(422);
  });

  it("a paid order that is cancelled stays paid until the owner refunds it", async () => {
    const order = await newOrder();
    await pay(order.id, { amount: 31 });
    await move(order.id, "canceled");
    const cancelled = (await get(`/api/admin/orders/${order.id}`)).json().data;
    expect(cancelled).toMatchObject({ status: "canceled", payment_status: "paid" });
    // A bare POST (no body) is a refund without a note.
    const res = await t.app.inject({
      method: "POST",
      url: `/api/admin/orders/${order.id}/refund`,
      headers: admin.auth,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ status: "canceled", payment_status: "refunded" });
    expect(res.json().data.timeline.at(-1)).toMatchObject({ kind: "refund", note: null });
  });

  it("answers 404, 422 for a long note, 401 and 403", async () => {
    expect((await refund(999_999)).statusCode).toBe(404);
    const order = await newOrder();
    await pay(order.id, { amount: 31 });
    const long = await refund(order.id, { note: "x".repeat(2001) });
    expect(long.statusCode).toBe(422);
    expect(long.json().errors.note).toEqual([PAYMENT_MESSAGES.NOTE_TOO_LONG]);
    expect((await refund(order.id, {}, {} as never)).statusCode).toBe(401);
    expect((await refund(order.id, {}, customer.auth)).statusCode).toBe(403);
    expect((await get(`/api/admin/orders/${order.id}`)).json().data.payment_status).toBe("paid");
  });
});

describe("the orders desk, the CSV and the dashboard", () => {
  it("lists the payment status, filters on it (answers kept in memory follow the writes)", async () => {
    const t2 = await createTestApp();
    try {
      const owner = await createUserWithToken(t2.app, { admin: true });
      const item = await addProduct(t2.database.db, { priceCents: 1000 });
      const numbers: string[] = [];
      for (const name of ["Amal", "Basel", "Carim"]) {
        const res = await placeOrder(
          t2.app,
          orderBody([{ productId: item, grams: 1000, qty: 2 }], { name }),
        );
        numbers.push(res.json().data.number);
      }
      const list = (query = "") =>
        t2.app.inject({ url: `/api/admin/orders${query}`, headers: owner.auth });
      const rows = (await list()).json().data as Array<{
        id: number;
        number: string;
        payment_status: string;
      }>;
      expect(rows.map((r) => r.payment_status)).toEqual(["unpaid", "unpaid", "unpaid"]);
      // Read once, so the next answer would come from memory if nothing moved it.
      expect((await list("?payment_status=paid")).json().meta.total).toBe(0);
      const idOf = (n: string) => rows.find((r) => r.number === n)!.id;
      const payOn = (id: number) =>
        t2.app.inject({
          method: "POST",
          url: `/api/admin/orders/${id}/payments`,
          headers: owner.auth,
          payload: { amount: 31 },
        });
      expect((await payOn(idOf(numbers[0]!))).statusCode).toBe(200);
      expect((await payOn(idOf(numbers[1]!))).statusCode).toBe(200);
      await t2.app.inject({
        method: "POST",
        url: `/api/admin/orders/${idOf(numbers[1]!)}/refund`,
        headers: owner.auth,
        payload: {},
      });

      const paid = (await list("?payment_status=paid")).json();
      expect(paid.meta.total).toBe(1);
      expect(paid.data.map((r: { number: string }) => r.number)).toEqual([numbers[0]]);
      expect(paid.data[0].payment_status).toBe("paid");
      const refunded = (await list("?payment_status=refunded&status=pending")).json();
      expect(refunded.data.map((r: { number: string }) => r.number)).toEqual([numbers[1]]);
      const unpaid = (await list("?payment_status=unpaid")).json();
      expect(unpaid.meta.total).toBe(1);
      // With a search too (a search alone is counted on the desk's rows only).
      const searched = (await list(`?payment_status=paid&q=${numbers[0]}`)).json();
      expect(searched.meta.total).toBe(1);
      expect((await list(`?payment_status=unpaid&q=${numbers[0]}`)).json().meta.total).toBe(0);
      expect((await list("?payment_status=")).json().meta.total).toBe(3);

      const bad = await list("?payment_status=free");
      expect(bad.statusCode).toBe(400);
      expect(bad.json().errors.payment_status).toEqual([ADMIN_ORDER_MESSAGES.PAYMENT_STATUS]);
      const badCsv = await t2.app.inject({
        url: "/api/admin/orders.csv?payment_status=free",
        headers: owner.auth,
      });
      expect(badCsv.statusCode).toBe(400);

      const csv = await t2.app.inject({ url: "/api/admin/orders.csv", headers: owner.auth });
      const lines = csv.body.slice(1).split("\r\n").filter(Boolean);
      const header = lines[0]!.split(",");
      const column = header.indexOf("payment_status");
      expect(column).toBe(header.indexOf("payment_method") + 1);
      const byNumber = new Map(lines.slice(1).map((l) => [l.split(",")[0], l.split(",")[column]]));
      expect(Object.fromEntries(byNumber)).toEqual({
        [numbers[0]!]: "paid",
        [numbers[1]!]: "refunded",
        [numbers[2]!]: "unpaid",
      });
      const paidCsv = await t2.app.inject({
        url: "/api/admin/orders.csv?payment_status=paid",
        headers: owner.auth,
      });
      expect(paidCsv.body.slice(1).split("\r\n").filter(Boolean)).toHaveLength(2);
    } finally {
      await t2.close();
    }
  });

  it("moves the dashboard's revenue: total and the day the money came, refunds left out", async () => {
    const t3 = await createTestApp();
    try {
      const owner = await createUserWithToken(t3.app, { admin: true });
      const item = await addProduct(t3.database.db, { priceCents: 1000 });
      const board = async () =>
        (await t3.app.inject({ url: "/api/admin/dashboard", headers: owner.auth })).json().data;
      const ids: number[] = [];
      for (let i = 0; i < 2; i++) {
        const res = await placeOrder(t3.app, orderBody([{ productId: item, grams: 1000, qty: 2 }]));
        const number = res.json().data.number;
        const found = await t3.app.inject({
          url: `/api/admin/orders?q=${number}`,
          headers: owner.auth,
        });
        ids.push(found.json().data[0].id);
      }
      const start = await board();
      expect(start.total_payments).toBe(0);
      const today = businessDate(new Date());
      const yesterday = start.per_day.at(-2).date as string;
      const payOn = (id: number, body: object) =>
        t3.app.inject({
          method: "POST",
          url: `/api/admin/orders/${id}/payments`,
          headers: owner.auth,
          payload: body,
        });
      await payOn(ids[0]!, { amount: 31 });
      await payOn(ids[1]!, { amount: 25.5, paid_at: yesterday });
      const after = await board();
      expect(after.total_payments).toBe(56.5);
      expect(after.per_day.at(-1)).toMatchObject({ date: today, paid_revenue: 31 });
      expect(after.per_day.at(-2)).toMatchObject({ date: yesterday, paid_revenue: 25.5 });
      // The orders were placed today: their value stays on today's `revenue`.
      expect(after.per_day.at(-1).revenue).toBe(62);

      await t3.app.inject({
        method: "POST",
        url: `/api/admin/orders/${ids[1]}/refund`,
        headers: owner.auth,
        payload: {},
      });
      const refunded = await board();
      expect(refunded.total_payments).toBe(31);
      expect(refunded.per_day.at(-2).paid_revenue).toBe(0);
    } finally {
      await t3.close();
    }
  });
});

describe("parsePaidAt", () => {
  const now = new Date("2026-03-10T12:00:00Z"); // 15:00 in Damascus
  it.each<[string, string | null]>([
    ["2026-03-10", "2026-03-09T21:00:00.000Z"],
    ["2026-03-01", "2026-02-28T21:00:00.000Z"],
    ["2026-03-11", null],
    ["2026-02-30", null],
    ["1999-12-31", null],
    ["2026-03-10T14:59:00+03:00", "2026-03-10T11:59:00.000Z"],
    ["2026-03-10T12:04:00Z", "2026-03-10T12:04:00.000Z"],
    ["2026-03-10T12:10:00Z", null],
    ["2026-03-10T12:00:00", null],
    ["10/03/2026", null],
    ["", null],
  ])("%j -> %j", (value, expected) => {
    expect(parsePaidAt(value, now)?.toISOString() ?? null).toBe(expected);
  });
});
