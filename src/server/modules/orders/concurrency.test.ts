import { randomUUID } from "node:crypto";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orders } from "../../db/schema/orders.ts";
import { createTestApp, type TestApp } from "../../test/app.ts";
import {
  addCoupon,
  addProduct,
  couponUses,
  orderBody,
  placeOrder,
  stockOf,
} from "./test-fixtures.ts";

/**
 * Many shoppers at once: the conditional updates must hold on PGlite (one connection,
 * transactions in turn) and on PostgreSQL (a pool, truly concurrent transactions).
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const ordersOf = async (productCity: string) => {
  const [row] = await t.database.db
    .select({ n: count() })
    .from(orders)
    .where(eq(orders.city, productCity));
  return row!.n;
};

describe("under concurrency", () => {
  it("50 concurrent replays of one request make one order", async () => {
    const product = await addProduct(t.database.db, { stockGrams: 100_000 });
    const key = randomUUID();
    const body = orderBody([{ productId: product, grams: 1000, qty: 1 }], { city: "Replay City" });
    const responses = await Promise.all(
      Array.from({ length: 50 }, () => placeOrder(t.app, body, { key })),
    );
    const statuses = responses.map((r) => r.statusCode).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 200)).toHaveLength(49);
    expect(new Set(responses.map((r) => r.json().data.number)).size).toBe(1);
    expect(await ordersOf("Replay City")).toBe(1);
    expect(await stockOf(t.database.db, product)).toBe(99_000);
  });

  it("200 concurrent orders for the last 10 units make exactly 10 orders and stock 0", async () => {
    const product = await addProduct(t.database.db, {
      stockGrams: 10_000,
      options: [{ grams: 1000 }],
    });
    const responses = await Promise.all(
      Array.from({ length: 200 }, () =>
        placeOrder(
          t.app,
          orderBody([{ productId: product, grams: 1000, qty: 1 }], { city: "Last Units" }),
        ),
      ),
    );
    const statuses = responses.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(10);
    expect(statuses.filter((s) => s === 409)).toHaveLength(190);
    const refusal = responses.find((r) => r.statusCode === 409)!.json();
    expect(refusal).toMatchObject({
      code: "out_of_stock",
      errors: { "lines.0": [expect.stringContaining("out of stock")] },
    });
    expect(await ordersOf("Last Units")).toBe(10);
    expect(await stockOf(t.database.db, product)).toBe(0);
  });

  it("a coupon with max_uses 5 under 50 concurrent orders is used exactly 5 times", async () => {
    const product = await addProduct(t.database.db, { stockGrams: null });
    const coupon = await addCoupon(t.database.db, { code: "FIVE", percent: 50, maxUses: 5 });
    const responses = await Promise.all(
      Array.from({ length: 50 }, () =>
        placeOrder(
          t.app,
          orderBody([{ productId: product, grams: 1000, qty: 1 }], {
            coupon: "FIVE",
            city: "Coupon Rush",
          }),
        ),
      ),
    );
    const placed = responses.filter((r) => r.statusCode === 201);
    const refused = responses.filter((r) => r.statusCode === 422);
    expect(placed).toHaveLength(5);
    expect(refused).toHaveLength(45);
    expect(placed.every((r) => r.json().data.coupon === "FIVE")).toBe(true);
    expect(refused.every((r) => r.json().reason === "used_up")).toBe(true);
    expect(await couponUses(t.database.db, coupon)).toBe(5);
    expect(await ordersOf("Coupon Rush")).toBe(5);
  });

  it("orders naming two products in opposite orders all go through (no deadlock)", async () => {
    const a = await addProduct(t.database.db, { stockGrams: 1_000_000 });
    const b = await addProduct(t.database.db, { stockGrams: 1_000_000 });
    const responses = await Promise.all(
      Array.from({ length: 40 }, (_, i) => {
        const lines = [
          { productId: a, grams: 1000, qty: 1 },
          { productId: b, grams: 1000, qty: 1 },
        ];
        return placeOrder(t.app, orderBody(i % 2 ? lines : lines.reverse(), { city: "Crossing" }));
      }),
    );
    expect(responses.map((r) => r.statusCode)).toEqual(Array(40).fill(201));
    expect(await stockOf(t.database.db, a)).toBe(1_000_000 - 40_000);
    expect(await stockOf(t.database.db, b)).toBe(1_000_000 - 40_000);
  });
});
