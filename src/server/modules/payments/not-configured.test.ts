import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/app.ts";
import { addProduct, orderBody, placeOrder } from "../orders/test-fixtures.ts";

let t: TestApp;
let product: number;

beforeAll(async () => {
  // Only one of the two keys: card payments stay off.
  t = await createTestApp({ env: { STRIPE_SECRET_KEY: "sk_test_only_half" } });
  product = await addProduct(t.database.db, { stockGrams: 10_000 });
});
afterAll(() => t.close());

describe("without STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET", () => {
  it("GET /api/settings offers the offline methods only", async () => {
    const res = await t.app.inject({ url: "/api/settings" });
    expect(res.json().data.payment_methods).toEqual(["cod", "bank_transfer", "messaging_app"]);
  });

  it("a card order is refused with 422 and nothing is written", async () => {
    const res = await placeOrder(
      t.app,
      orderBody([{ productId: product, grams: 1000, qty: 1 }], { payment_method: "card" }),
      { key: randomUUID() },
    );
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ payment_method: ["Please choose a payment method."] });
  });

  it("the webhook and the payment retry do not exist", async () => {
    const hook = await t.app.inject({
      method: "POST",
      url: "/api/payments/stripe/webhook",
      headers: { "content-type": "application/json", "stripe-signature": "t=1,v1=x" },
      payload: "{}",
    });
    expect(hook.statusCode).toBe(404);
    expect(typeof hook.json().message).toBe("string");

    const cod = await placeOrder(t.app, orderBody([{ productId: product, grams: 1000, qty: 1 }]));
    const { number, access_key } = cod.json().data;
    const retry = await t.app.inject({
      method: "POST",
      url: `/api/orders/${number}/payment-session?key=${encodeURIComponent(access_key)}`,
    });
    expect(retry.statusCode).toBe(404);
  });
});
