import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SYSTEM_CANCEL_NOTES } from "../../../shared/domain/reservations.ts";
import { orderEvents, orders } from "../../db/schema/orders.ts";
import { mailOutbox } from "../../db/schema/orders-desk.ts";
import { createTestApp, type TestApp } from "../../test/app.ts";
import { type StripeStandin, startStripeStandin } from "../../test/stripe-standin.ts";
import { addProduct, orderBody, placeOrder, stockOf } from "../orders/test-fixtures.ts";
import { CARD_EXPIRY_GRACE_MS, expireReservations } from "./expiry.ts";

let standin: StripeStandin;
let t: TestApp;
let product: number;
const HOUR = 3_600_000;

beforeAll(async () => {
  standin = await startStripeStandin({ webhookSecret: "whsec_expiry" });
  t = await createTestApp({
    env: {
      STRIPE_SECRET_KEY: "sk_test_expiry",
      STRIPE_WEBHOOK_SECRET: "whsec_expiry",
      STRIPE_API_URL: standin.url,
      PUBLIC_URL: "http://shop.test",
      SMTP_URL: "smtp://127.0.0.1:1",
    },
  });
  product = await addProduct(t.database.db, { priceCents: 1500, stockGrams: 100_000 });
});
afterAll(async () => {
  await t?.close();
  await standin?.close();
});

const db = () => t.database.db;

async function place(method: string, extra: Record<string, unknown> = {}) {
  const res = await placeOrder(
    t.app,
    orderBody([{ productId: product, grams: 1000, qty: 1 }], { payment_method: method, ...extra }),
    { key: randomUUID() },
  );
  expect(res.statusCode).toBe(201);
  return res.json().data as { number: string; access_key: string };
}

async function row(number: string) {
  const [found] = await db().select().from(orders).where(eq(orders.number, number));
  return found!;
}

/** Every pending order so far is placed "now"; the clock is moved instead of waited for. */
const later = (ms: number) => new Date(Date.now() + ms);

describe("expireReservations", () => {
  it("0 hours = never: nothing is cancelled however old", async () => {
    const order = await place("cod");
    const result = await expireReservations(db(), { pendingExpiryHours: 0 }, later(1000 * HOUR));
    expect(result.cancelled).not.toContain(order.number);
    expect((await row(order.number)).status).toBe("pending");
    // The same order under the default setting ends (and leaves the next tests a clean slate).
    const ended = await expireReservations(db(), { pendingExpiryHours: 48 }, later(1000 * HOUR));
    expect(ended.cancelled).toEqual([order.number]);
  });

  it("cancels pending unpaid orders older than the setting, oldest first, and returns stock", async () => {
    const before = await stockOf(db(), product);
    const first = await place("cod", { email: "first@example.com", lang: "ar" });
    const second = await place("bank_transfer", { email: null });
    expect(await stockOf(db(), product)).toBe(before! - 2000);

    // Not yet: 47 hours later, nothing moves.
    expect(
      (await expireReservations(db(), { pendingExpiryHours: 48 }, later(47 * HOUR))).cancelled,
    ).toEqual([]);

    const result = await expireReservations(db(), { pendingExpiryHours: 48 }, later(49 * HOUR), {
      mail: { baseUrl: "http://shop.test" },
      batch: 1,
    });
    // Oldest first, in batches of one.
    expect(result.cancelled).toEqual([first.number, second.number]);
    for (const number of [first.number, second.number]) {
      const cancelled = await row(number);
      expect(cancelled.status).toBe("canceled");
      const [event] = await db()
        .select()
        .from(orderEvents)
        .where(and(eq(orderEvents.orderId, cancelled.id), eq(orderEvents.status, "canceled")));
      expect(event).toMatchObject({
        actor: "system",
        note: SYSTEM_CANCEL_NOTES.reservation_expired,
      });
    }
    expect(await stockOf(db(), product)).toBe(before);

    // The customer who gave an e-mail is told in the order's language; the other is not.
    const mails = await db()
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.kind, "order_cancelled_unpaid"));
    const mine = mails.filter((m) => m.to === "first@example.com");
    expect(mine).toHaveLength(1);
    expect(mine[0]!.subject).toContain("أُلغي طلبك");
    expect(mine[0]!.text).toContain(first.number);

    // The customer's page shows the reason.
    const page = await t.app.inject({
      url: `/api/orders/${first.number}?key=${encodeURIComponent(first.access_key)}`,
    });
    expect(page.json().data.events.at(-1)).toMatchObject({
      status: "canceled",
      note: SYSTEM_CANCEL_NOTES.reservation_expired,
    });

    // A second run finds nothing more to do.
    expect(
      (await expireReservations(db(), { pendingExpiryHours: 48 }, later(49 * HOUR))).cancelled,
    ).toEqual([]);
  });

  it("leaves paid and moved-on orders alone", async () => {
    const paid = await place("cod");
    const confirmed = await place("cod");
    await db()
      .update(orders)
      .set({ paymentStatus: "paid", paidCents: 100 })
      .where(eq(orders.number, paid.number));
    await db()
      .update(orders)
      .set({ status: "confirmed" })
      .where(eq(orders.number, confirmed.number));
    const before = await stockOf(db(), product);
    const result = await expireReservations(db(), { pendingExpiryHours: 1 }, later(100 * HOUR));
    expect(result.cancelled).not.toContain(paid.number);
    expect(result.cancelled).not.toContain(confirmed.number);
    expect((await row(paid.number)).status).toBe("pending");
    expect((await row(confirmed.number)).status).toBe("confirmed");
    expect(await stockOf(db(), product)).toBe(before);
  });

  it("a card order waits for its open session, and ends once it has closed", async () => {
    const card = await place("card");
    const session = await row(card.number);
    expect(session.paymentExpiresAt).not.toBeNull();
    const closes = session.paymentExpiresAt!.getTime() - Date.now();

    // Even with a 1-hour setting, an open session is not cut short.
    const early = await expireReservations(db(), { pendingExpiryHours: 0 }, later(closes - 1000));
    expect(early.cancelled).not.toContain(card.number);

    // Closed, but within the grace for a late report of a last-moment payment: still waits.
    const grace = await expireReservations(db(), { pendingExpiryHours: 0 }, later(closes + 1000));
    expect(grace.cancelled).not.toContain(card.number);

    const before = await stockOf(db(), product);
    const done = await expireReservations(
      db(),
      { pendingExpiryHours: 0 },
      later(closes + CARD_EXPIRY_GRACE_MS + 1000),
    );
    expect(done.cancelled).toContain(card.number);
    const cancelled = await row(card.number);
    expect(cancelled.status).toBe("canceled");
    expect(await stockOf(db(), product)).toBe(before! + 1000);
    const [event] = await db()
      .select()
      .from(orderEvents)
      .where(and(eq(orderEvents.orderId, cancelled.id), eq(orderEvents.status, "canceled")));
    expect(event!.note).toBe(SYSTEM_CANCEL_NOTES.card_session_expired);
    // Its payment page is no longer offered.
    const page = await t.app.inject({
      url: `/api/orders/${card.number}?key=${encodeURIComponent(card.access_key)}`,
    });
    expect(page.json().data.payment_url).toBeNull();
  });

  it("two instances running at once cancel each order once", async () => {
    const numbers = [await place("cod"), await place("cod"), await place("cod")].map(
      (o) => o.number,
    );
    const before = await stockOf(db(), product);
    const now = later(200 * HOUR);
    const [a, b] = await Promise.all([
      expireReservations(db(), { pendingExpiryHours: 48 }, now, { batch: 2 }),
      expireReservations(db(), { pendingExpiryHours: 48 }, now, { batch: 2 }),
    ]);
    const all = [...a.cancelled, ...b.cancelled];
    for (const number of numbers) expect(all.filter((n) => n === number)).toHaveLength(1);
    expect(await stockOf(db(), product)).toBe(before! + 3000);
    for (const number of numbers) {
      const cancelled = await row(number);
      const events = await db()
        .select()
        .from(orderEvents)
        .where(and(eq(orderEvents.orderId, cancelled.id), eq(orderEvents.status, "canceled")));
      expect(events).toHaveLength(1);
    }
  });

  it("the app's worker runs the same with the shop's settings", async () => {
    const order = await place("cod");
    const result = await t.app.reservationWorker.runOnce(later(49 * HOUR));
    expect(result.cancelled).toContain(order.number);
  });
});
