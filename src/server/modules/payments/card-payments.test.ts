import { randomUUID } from "node:crypto";
import { and, count, eq } from "drizzle-orm";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SYSTEM_CANCEL_NOTES } from "../../../shared/domain/reservations.ts";
import { notifications } from "../../db/schema/notifications.ts";
import { orderEvents, orderPayments, orders, paymentEvents } from "../../db/schema/orders.ts";
import { mailOutbox } from "../../db/schema/orders-desk.ts";
import { createTestApp, type TestApp } from "../../test/app.ts";
import {
  type StandinSession,
  type StripeStandin,
  startStripeStandin,
} from "../../test/stripe-standin.ts";
import { addProduct, orderBody, placeOrder, stockOf } from "../orders/test-fixtures.ts";

const WEBHOOK_SECRET = "whsec_cardtests";
const PUBLIC_URL = "http://shop.test";

let standin: StripeStandin;
let t: TestApp;
let product: number;

beforeAll(async () => {
  standin = await startStripeStandin({ webhookSecret: WEBHOOK_SECRET });
  t = await createTestApp({
    env: {
      STRIPE_SECRET_KEY: "sk_test_cardtests",
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_URL: standin.url,
      PUBLIC_URL,
      // The customer's notice of a cancelled reservation is queued (nothing is sent: no worker).
      SMTP_URL: "smtp://127.0.0.1:1",
    },
  });
  product = await addProduct(t.database.db, {
    name: "Baklava",
    priceCents: 2000,
    stockGrams: 50_000,
  });
});
afterAll(async () => {
  await t?.close();
  await standin?.close();
});

const db = () => t.database.db;

async function cardOrder(extra: Record<string, unknown> = {}, key = randomUUID()) {
  const res = await placeOrder(
    t.app,
    orderBody([{ productId: product, grams: 1000, qty: 1 }], { payment_method: "card", ...extra }),
    { key },
  );
  return { res, body: res.json(), key };
}

async function orderRow(number: string) {
  const [row] = await db().select().from(orders).where(eq(orders.number, number));
  return row!;
}

function sessionOf(row: { paymentSessionId: string | null }): StandinSession {
  const id = row.paymentSessionId!.replace(/^stripe:/, "");
  return standin.sessions.get(id)!;
}

function deliver(payload: string, signature?: string) {
  return t.app.inject({
    method: "POST",
    url: "/api/payments/stripe/webhook",
    headers: {
      "content-type": "application/json; charset=utf-8",
      ...(signature === undefined ? {} : { "stripe-signature": signature }),
    },
    payload,
  });
}

/** A `checkout.session.completed` for the session, as Stripe would sign it. */
function completed(session: StandinSession, overrides: Partial<StandinSession> = {}, id?: string) {
  return standin.signedEvent(
    "checkout.session.completed",
    {
      ...session,
      status: "complete",
      payment_status: "paid",
      payment_intent: `pi_${randomUUID().replaceAll("-", "")}`,
      ...overrides,
    },
    { id },
  );
}

const paymentsOf = async (orderId: number) =>
  (
    await db().select({ n: count() }).from(orderPayments).where(eq(orderPayments.orderId, orderId))
  )[0]!.n;

describe("GET /api/settings", () => {
  it("lists card among the payment methods once Stripe is configured", async () => {
    const res = await t.app.inject({ url: "/api/settings" });
    expect(res.json().data.payment_methods).toEqual([
      "cod",
      "bank_transfer",
      "messaging_app",
      "card",
    ]);
  });
});

describe("placing a card order", () => {
  it("opens a Checkout Session at the gateway and answers its payment_url", async () => {
    const before = await stockOf(db(), product);
    const { res, body } = await cardOrder();
    expect(res.statusCode).toBe(201);
    const order = body.data;
    expect(order).toMatchObject({
      payment_method: "card",
      status: "pending",
      payment_status: "unpaid",
    });
    expect(order.payment_url).toMatch(new RegExp(`^${standin.url}/pay/cs_test_`));
    expect(await stockOf(db(), product)).toBe(before! - 1000);

    const row = await orderRow(order.number);
    expect(row.paymentSessionId).toMatch(/^stripe:cs_test_/);
    expect(row.paymentUrl).toBe(order.payment_url);
    const minutes = (row.paymentExpiresAt!.getTime() - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(55);
    expect(minutes).toBeLessThan(65);

    // What the shop asked Stripe for: USD, the order's total, its number as the reference,
    // and the private order page to come back to.
    const session = sessionOf(row);
    expect(session).toMatchObject({
      amount_total: row.totalCents,
      currency: "usd",
      client_reference_id: order.number,
      metadata: { order_number: order.number },
      customer_email: "layla@example.com",
    });
    const back = `${PUBLIC_URL}/order/${order.number}?key=${encodeURIComponent(order.access_key)}`;
    expect(session.cancel_url).toBe(back);
    expect(session.success_url).toBe(`${back}&payment=done`);
  });

  it("a replay of the same request gets the same order and the same session", async () => {
    const key = randomUUID();
    const first = await cardOrder({}, key);
    const again = await cardOrder({}, key);
    expect(again.res.statusCode).toBe(200);
    expect(again.body.data.number).toBe(first.body.data.number);
    expect(again.body.data.payment_url).toBe(first.body.data.payment_url);
  });

  it("keeps the order when the gateway fails, and the page's retry opens the session", async () => {
    standin.failNext(2); // the client's one retry fails too
    const { res, body } = await cardOrder();
    expect(res.statusCode).toBe(201);
    expect(body.data).toMatchObject({
      status: "pending",
      payment_status: "unpaid",
      payment_url: null,
    });
    const number = body.data.number;
    const url = `/api/orders/${number}/payment-session?key=${encodeURIComponent(body.data.access_key)}`;

    standin.failNext(2);
    const down = await t.app.inject({ method: "POST", url });
    expect(down.statusCode).toBe(503);
    expect(down.headers["retry-after"]).toBeDefined();
    expect(down.json().message).toMatch(/try again/);

    const retry = await t.app.inject({ method: "POST", url });
    expect(retry.statusCode).toBe(200);
    expect(retry.json().data.payment_url).toMatch(/\/pay\/cs_test_/);
    // Asked again while that session is open: the same one, no second session.
    const again = await t.app.inject({ method: "POST", url });
    expect(again.json().data.payment_url).toBe(retry.json().data.payment_url);
  });

  it("the retry needs the private key and a pending, unpaid card order", async () => {
    const { body } = await cardOrder();
    const stranger = await t.app.inject({
      method: "POST",
      url: `/api/orders/${body.data.number}/payment-session?key=wrong`,
    });
    expect(stranger.statusCode).toBe(404);

    const cod = await placeOrder(t.app, orderBody([{ productId: product, grams: 1000, qty: 1 }]));
    const notCard = await t.app.inject({
      method: "POST",
      url: `/api/orders/${cod.json().data.number}/payment-session?key=${encodeURIComponent(cod.json().data.access_key)}`,
    });
    expect(notCard.statusCode).toBe(409);
  });
});

describe("POST /api/payments/stripe/webhook", () => {
  it("a verified checkout.session.completed marks the order paid, once", async () => {
    const { body } = await cardOrder();
    const row = await orderRow(body.data.number);
    const event = completed(sessionOf(row));

    const res = await deliver(event.payload, event.signature);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ received: true, outcome: "paid" });

    const paid = await orderRow(row.number);
    expect(paid).toMatchObject({
      paymentStatus: "paid",
      paidCents: row.totalCents,
      status: "pending",
    });
    expect(paid.paidAt).toBeInstanceOf(Date);
    const [payment] = await db()
      .select()
      .from(orderPayments)
      .where(eq(orderPayments.orderId, row.id));
    expect(payment).toMatchObject({
      kind: "payment",
      amountCents: row.totalCents,
      actor: "gateway:stripe",
    });
    expect(payment!.reference).toMatch(/^pi_/);

    // The customer's page says paid, and no longer offers the payment page.
    const page = await t.app.inject({
      url: `/api/orders/${row.number}?key=${encodeURIComponent(body.data.access_key)}`,
    });
    expect(page.json().data).toMatchObject({ payment_status: "paid", payment_url: null });
    // A card order is invoiced when its payment arrives.
    expect(page.json().data.invoice).toMatchObject({
      number: expect.stringMatching(/^INV-\d{4}-\d{6}$/),
      url: `/api/orders/${row.number}/invoice.pdf`,
    });

    // The same event again (Stripe redelivers): recorded once, nothing changes.
    const replay = await deliver(event.payload, event.signature);
    expect(replay.statusCode).toBe(200);
    expect(replay.json().outcome).toBe("duplicate");
    expect(await paymentsOf(row.id)).toBe(1);
    const [events] = await db()
      .select({ n: count() })
      .from(paymentEvents)
      .where(eq(paymentEvents.eventId, event.id));
    expect(events!.n).toBe(1);
  });

  it("20 parallel deliveries of one event mark the order paid once", async () => {
    const { body } = await cardOrder();
    const row = await orderRow(body.data.number);
    const event = completed(sessionOf(row));
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => deliver(event.payload, event.signature)),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200));
    const outcomes = answers.map((a) => a.json().outcome);
    expect(outcomes.filter((o) => o === "paid")).toHaveLength(1);
    expect(outcomes.filter((o) => o === "duplicate")).toHaveLength(19);
    expect(await paymentsOf(row.id)).toBe(1);
    expect((await orderRow(row.number)).paidCents).toBe(row.totalCents);
  });

  it("refuses a bad, missing or stale signature with 400, and nothing changes", async () => {
    const { body } = await cardOrder();
    const row = await orderRow(body.data.number);
    const session = sessionOf(row);
    const good = completed(session);
    const wrongSecret = completed(session);
    const forged = standin.signedEvent("checkout.session.completed", session, {
      secret: "whsec_someone_else",
    });
    const stale = standin.signedEvent(
      "checkout.session.completed",
      { ...session, payment_status: "paid" },
      { timestamp: Math.floor(Date.now() / 1000) - 3600 },
    );
    const cases = [
      ["missing", good.payload, undefined],
      ["empty", good.payload, ""],
      ["garbage", good.payload, "t=1,v1=abc"],
      ["forged", forged.payload, forged.signature],
      ["stale", stale.payload, stale.signature],
      // A good signature over other bytes (the body was changed in transit).
      ["tampered", good.payload.replace(`"paid"`, `"unpaid"`), good.signature],
      ["another event's", wrongSecret.payload, good.signature],
    ] as const;
    for (const [name, payload, signature] of cases) {
      const res = await deliver(payload, signature);
      expect(res.statusCode, name).toBe(400);
      expect(typeof res.json().message, name).toBe("string");
    }
    expect(await orderRow(row.number)).toMatchObject({ paymentStatus: "unpaid", paidCents: null });
    expect(await paymentsOf(row.id)).toBe(0);
    const [events] = await db()
      .select({ n: count() })
      .from(paymentEvents)
      .where(eq(paymentEvents.orderId, row.id));
    expect(events!.n).toBe(0);
  });

  it("a signed session the shop never opened for the order pays nothing, card or transfer", async () => {
    // A card order with its own session, and a bank-transfer order with none.
    const { body } = await cardOrder();
    const card = await orderRow(body.data.number);
    const transfer = await placeOrder(
      t.app,
      orderBody([{ productId: product, grams: 1000, qty: 1 }], { payment_method: "bank_transfer" }),
    );
    const bank = await orderRow(transfer.json().data.number);
    const foreign = (row: typeof card) =>
      completed(sessionOf(card), {
        id: `cs_test_${randomUUID().replaceAll("-", "")}`,
        client_reference_id: row.number,
        metadata: { order_number: row.number },
        amount_total: row.totalCents,
      });
    for (const row of [card, bank]) {
      const event = foreign(row);
      const res = await deliver(event.payload, event.signature);
      expect(res.statusCode, row.paymentMethod).toBe(200);
      expect(res.json().outcome, row.paymentMethod).toBe("unknown_session");
      expect(await orderRow(row.number), row.paymentMethod).toMatchObject({
        paymentStatus: "unpaid",
        paidCents: null,
      });
      expect(await paymentsOf(row.id)).toBe(0);
      const [recorded] = await db()
        .select()
        .from(paymentEvents)
        .where(eq(paymentEvents.eventId, event.id));
      expect(recorded).toMatchObject({ outcome: "unknown_session", orderId: row.id });
    }
    // The owner hears of the money that arrived.
    const problems = await db()
      .select()
      .from(notifications)
      .where(eq(notifications.type, "payment_problem"));
    expect(
      problems.filter(
        (n) =>
          "problem" in n.data &&
          n.data.problem === "unknown_session" &&
          [card.number, bank.number].includes(n.data.order_number),
      ),
    ).toHaveLength(2);
    // The order's own session still pays it.
    const own = completed(sessionOf(card));
    expect((await deliver(own.payload, own.signature)).json().outcome).toBe("paid");
  });

  it("refuses a delivery signed for a time beyond the tolerance ahead, and keeps a small skew", async () => {
    const { body } = await cardOrder();
    const row = await orderRow(body.data.number);
    const session = { ...sessionOf(row), payment_status: "paid" as const };
    const future = standin.signedEvent("checkout.session.completed", session, {
      timestamp: Math.floor(Date.now() / 1000) + 3600,
    });
    const res = await deliver(future.payload, future.signature);
    expect(res.statusCode).toBe(400);
    expect(typeof res.json().message).toBe("string");
    expect(await orderRow(row.number)).toMatchObject({ paymentStatus: "unpaid" });

    // A clock a minute ahead of the shop's is still Stripe's ordinary delivery.
    const skewed = standin.signedEvent("checkout.session.completed", session, {
      timestamp: Math.floor(Date.now() / 1000) + 60,
    });
    expect((await deliver(skewed.payload, skewed.signature)).json().outcome).toBe("paid");
  });

  it("a signed event without the session it names is a 400 with a message, not a 500", async () => {
    const sign = (payload: string) => ({
      payload,
      signature: Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
    });
    const id = () => `evt_${randomUUID().replaceAll("-", "")}`;
    const cases = [
      ["no data.object", { id: id(), type: "checkout.session.completed", data: {} }],
      ["no data", { id: id(), type: "checkout.session.expired" }],
      ["object is null", { id: id(), type: "checkout.session.completed", data: { object: null } }],
      [
        "session without id",
        { id: id(), type: "checkout.session.completed", data: { object: {} } },
      ],
      ["no event id", { type: "checkout.session.completed", data: { object: { id: "cs_1" } } }],
      ["NUL in the id", { id: "evt_\u0000", type: "payout.paid", data: { object: {} } }],
      ["not an object", null],
    ] as const;
    for (const [name, event] of cases) {
      const { payload, signature } = sign(JSON.stringify(event));
      const res = await deliver(payload, signature);
      expect(res.statusCode, name).toBe(400);
      expect(typeof res.json().message, name).toBe("string");
    }
  });

  it("an amount that differs from the total: recorded, not paid, a bell item for the owner", async () => {
    const { body } = await cardOrder();
    const row = await orderRow(body.data.number);
    const event = completed(sessionOf(row), { amount_total: row.totalCents - 100 });
    const res = await deliver(event.payload, event.signature);
    expect(res.statusCode).toBe(200);
    expect(res.json().outcome).toBe("amount_mismatch");
    expect(await orderRow(row.number)).toMatchObject({ paymentStatus: "unpaid" });
    expect(await paymentsOf(row.id)).toBe(0);
    const [recorded] = await db()
      .select()
      .from(paymentEvents)
      .where(eq(paymentEvents.eventId, event.id));
    expect(recorded).toMatchObject({
      outcome: "amount_mismatch",
      orderId: row.id,
      amountCents: row.totalCents - 100,
    });
    const bell = await t.app.inject({
      url: "/api/admin/notifications",
      headers: { authorization: `Bearer ${await adminToken()}` },
    });
    const item = bell
      .json()
      .data.find(
        (n: { type: string; data: { order_number: string } }) =>
          n.type === "payment_problem" && n.data.order_number === row.number,
      );
    expect(item.data).toMatchObject({
      problem: "amount_mismatch",
      order_id: row.id,
      amount: (row.totalCents - 100) / 100,
      currency: "usd",
    });
  });

  it("a payment for an unknown order: recorded, a bell item, nothing else", async () => {
    const { body } = await cardOrder();
    const row = await orderRow(body.data.number);
    const event = completed(sessionOf(row), { client_reference_id: "SW-99999999", metadata: {} });
    const res = await deliver(event.payload, event.signature);
    expect(res.json().outcome).toBe("unknown_order");
    expect(await orderRow(row.number)).toMatchObject({ paymentStatus: "unpaid" });
    const [item] = await db()
      .select()
      .from(notifications)
      .where(eq(notifications.type, "payment_problem"))
      .orderBy(notifications.id)
      .limit(1)
      .offset(
        (
          await db()
            .select({ n: count() })
            .from(notifications)
            .where(eq(notifications.type, "payment_problem"))
        )[0]!.n - 1,
      );
    expect(item!.data).toMatchObject({
      problem: "unknown_order",
      order_id: null,
      order_number: "SW-99999999",
    });
  });

  it("checkout.session.expired cancels the order and returns its stock", async () => {
    const before = await stockOf(db(), product);
    const { body } = await cardOrder();
    const row = await orderRow(body.data.number);
    expect(await stockOf(db(), product)).toBe(before! - 1000);
    const event = standin.signedEvent("checkout.session.expired", {
      ...sessionOf(row),
      status: "expired",
    });
    const res = await deliver(event.payload, event.signature);
    expect(res.json().outcome).toBe("cancelled");
    expect(await orderRow(row.number)).toMatchObject({
      status: "canceled",
      paymentStatus: "unpaid",
    });
    expect(await stockOf(db(), product)).toBe(before);
    const [last] = await db()
      .select()
      .from(orderEvents)
      .where(and(eq(orderEvents.orderId, row.id), eq(orderEvents.status, "canceled")));
    expect(last).toMatchObject({ actor: "system", note: SYSTEM_CANCEL_NOTES.card_session_expired });
    // The customer is told, in the order's language.
    const [mail] = await db()
      .select()
      .from(mailOutbox)
      .where(
        and(eq(mailOutbox.kind, "order_cancelled_unpaid"), eq(mailOutbox.to, "layla@example.com")),
      );
    expect(mail!.subject).toContain(row.number);

    // A payment that arrives after the cancellation is not applied: the owner is told.
    const late = completed(sessionOf(row));
    expect((await deliver(late.payload, late.signature)).json().outcome).toBe("not_payable");
    expect(await orderRow(row.number)).toMatchObject({
      status: "canceled",
      paymentStatus: "unpaid",
    });
  });

  it("the stand-in's Pay button delivers a signed event over HTTP, then sends the shopper back", async () => {
    const address = await t.app.listen({ port: 0, host: "127.0.0.1" });
    standin.webhookUrl = `${address}/api/payments/stripe/webhook`;
    const { body } = await cardOrder({}, randomUUID());
    const pay = await fetch(`${body.data.payment_url}/pay`, { method: "POST", redirect: "manual" });
    expect(pay.status).toBe(303);
    expect(pay.headers.get("location")).toContain(`/order/${body.data.number}?key=`);
    expect(await orderRow(body.data.number)).toMatchObject({ paymentStatus: "paid" });
  });
});

let token: string | undefined;
async function adminToken(): Promise<string> {
  if (token) return token;
  const { createUserWithToken } = await import("../../test/fixtures.ts");
  token = (await createUserWithToken(t.app, { admin: true })).token;
  return token;
}
