import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orders } from "../../db/schema/orders.ts";
import { createTestApp, type TestApp } from "../../test/app.ts";
import { createPriceList, createTrader, createUserWithToken } from "../../test/fixtures.ts";
import { addProduct, orderBody, placeOrder } from "../orders/test-fixtures.ts";

// Orders on invoice placed at once by one trader: the credit limit holds (the trader's row is
// locked while its debt is summed), on PostgreSQL too (scripts/test-pg.mjs).

let t: TestApp;
let trader: { userId: number; auth: { authorization: string } };
let product: number;

beforeAll(async () => {
  t = await createTestApp();
  const owner = await createUserWithToken(t.app, { admin: true });
  product = await addProduct(t.database.db, { priceCents: 10_000 });
  const listId = await createPriceList(t.app, owner.auth, { name: "Terms", min_order_total: 0 });
  const row = await createTrader(t.app, owner.auth, {
    company_name: "Concurrent Co",
    contact_name: "Sami",
    phone: "+49 30 000001",
    price_list_id: listId,
    terms_days: 14,
    credit_limit: 1,
  });
  trader = { userId: row.userId, auth: row.auth };
  // The limit fits two orders exactly (delivery included), from one order's real total.
  const probe = await placeOrder(t.app, orderBody([{ productId: product, grams: 1000, qty: 1 }]), {
    headers: trader.auth,
  });
  const total = probe.json().data.total as number;
  await t.app.inject({
    method: "PATCH",
    url: `/api/admin/traders/${row.id}`,
    headers: owner.auth,
    payload: { credit_limit: total * 2 },
  });
}, 60_000);
afterAll(() => t.close());

describe("orders on invoice at once", () => {
  it("six at once within a limit for two: two placed, four refused", async () => {
    const results = await Promise.all(
      Array.from({ length: 6 }, () =>
        placeOrder(
          t.app,
          orderBody([{ productId: product, grams: 1000, qty: 1 }], { payment_method: "invoice" }),
          { headers: trader.auth },
        ),
      ),
    );
    const codes = results.map((res) => res.statusCode).sort();
    expect(codes).toEqual([201, 201, 422, 422, 422, 422]);
    const onInvoice = await t.database.db.$count(
      orders,
      and(eq(orders.userId, trader.userId), eq(orders.paymentMethod, "invoice")),
    );
    expect(onInvoice).toBe(2);
  }, 60_000);
});
