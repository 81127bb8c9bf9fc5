import { randomUUID } from "node:crypto";
import { count } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ORDER_MESSAGES } from "../../../shared/domain/validation-messages.ts";
import { orders } from "../../db/schema/orders.ts";
import { createTestApp, type TestApp } from "../../test/app.ts";
import { createUserWithToken } from "../../test/fixtures.ts";
import { addProduct, orderBody, placeOrder, stockOf } from "./test-fixtures.ts";

// The 1-8 limit is per product and weight: repeating a line in one request does not pass it
// (100 identical lines gave an order of 100). Checkout, quotes and staff orders share the rule.

let t: TestApp;
let owner: Awaited<ReturnType<typeof createUserWithToken>>;
let baklava: number;

beforeAll(async () => {
  t = await createTestApp();
  owner = await createUserWithToken(t.app, { admin: true });
  baklava = await addProduct(t.database.db, {
    priceCents: 2000,
    stockGrams: 1_000_000,
    options: [{ grams: 500 }, { grams: 1000 }],
  });
});
afterAll(() => t.close());

const orderCount = async () => (await t.database.db.select({ n: count() }).from(orders))[0]!.n;

const repeated = (times: number, qty = 1, grams = 1000) =>
  Array.from({ length: times }, () => ({ productId: baklava, grams, qty }));

const staffOrder = (body: object) =>
  t.app.inject({
    method: "POST",
    url: "/api/admin/orders",
    headers: { "idempotency-key": randomUUID(), ...owner.auth },
    payload: { ...body, source: "phone" },
  });

const quote = (lines: unknown) =>
  t.app.inject({
    method: "POST",
    url: "/api/shipping/quote",
    payload: { country: "SY", lines },
  });

describe("repeated lines of one product and weight", () => {
  it("100 identical lines of 1 are refused at checkout: 422 on the line that passes 8", async () => {
    const before = await orderCount();
    const stock = await stockOf(t.database.db, baklava);
    const res = await placeOrder(t.app, orderBody(repeated(100)));
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      message: expect.any(String),
      errors: { "lines.8.qty": [ORDER_MESSAGES.LINE_REPEATED_QTY] },
    });
    expect(await orderCount()).toBe(before);
    expect(await stockOf(t.database.db, baklava)).toBe(stock);
  });

  it("repeats within the limit are merged into one line with the quantities added", async () => {
    const res = await placeOrder(
      t.app,
      orderBody([
        { productId: baklava, grams: 1000, qty: 3 },
        { productId: baklava, grams: 500, qty: 2 },
        { productId: String(baklava), grams: 1000, qty: 5 },
      ]),
    );
    expect(res.statusCode).toBe(201);
    const lines = res.json().data.lines;
    expect(lines.map((l: { grams: number; qty: number }) => [l.grams, l.qty])).toEqual([
      [1000, 8],
      [500, 2],
    ]);
    expect(res.json().data.subtotal).toBe(8 * 20 + 2 * 10);
  });

  it("a staff order obeys the same rule", async () => {
    const res = await staffOrder(orderBody(repeated(3, 4)));
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toHaveProperty(["lines.2.qty"]);
    const ok = await staffOrder(orderBody(repeated(2, 4)));
    expect(ok.statusCode).toBe(201);
    expect(ok.json().data.lines).toHaveLength(1);
    expect(ok.json().data.lines[0].qty).toBe(8);
  });

  it("a shipping quote obeys it too (it weighs the merged lines)", async () => {
    const res = await quote(repeated(9));
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toHaveProperty(["lines.8.qty"]);
    expect((await quote(repeated(8))).statusCode).toBe(200);
  });
});
