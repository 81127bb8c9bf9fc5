import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orderLines, orders } from "../../db/schema/orders.ts";
import { createTestApp, type TestApp } from "../../test/app.ts";
import { createUserWithToken } from "../../test/fixtures.ts";
import { addProduct, orderBody, placeOrder } from "../orders/test-fixtures.ts";

let t: TestApp;
let admin: Awaited<ReturnType<typeof createUserWithToken>>;
let customer: Awaited<ReturnType<typeof createUserWithToken>>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUserWithToken(t.app, { admin: true });
  customer = await createUserWithToken(t.app);
});
afterAll(() => t.close());

const dashboard = (headers = admin.auth) => t.app.inject({ url: "/api/admin/dashboard", headers });

describe("GET /api/admin/dashboard", () => {
  it("starts at zero, counting customers but not admins", async () => {
    const res = await dashboard();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      data: {
        total_users: 1,
        total_orders: 0,
        total_products: 0,
        total_payments: 0,
        total_trader_applications: 0,
      },
    });
  });

  it("counts orders and products; payments are the money recorded on paid orders", async () => {
    const product = await addProduct(t.database.db, { priceCents: 1000 });
    await addProduct(t.database.db, { active: false });
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) {
      await placeOrder(t.app, orderBody([{ productId: product, grams: 1000, qty: i + 1 }]));
    }
    const list = await t.app.inject({ url: "/api/admin/orders", headers: admin.auth });
    for (const row of list.json().data) ids.push(row.id);
    // Complete the 2 kg order (16.00 + 15.00 = 31.00) and the 3 kg one (24.00 + 15.00 = 39.00).
    for (const id of ids.slice(0, 2)) {
      for (const status of ["confirmed", "preparing", "shipped", "completed"]) {
        await t.app.inject({
          method: "PATCH",
          url: `/api/admin/orders/${id}`,
          headers: admin.auth,
          payload: { status },
        });
      }
    }
    // Issue 24: completing an order records no money; the owner marking it paid does.
    expect((await dashboard()).json().data.total_payments).toBe(0);
    for (const id of ids.slice(0, 2)) {
      const paid = await t.app.inject({
        method: "POST",
        url: `/api/admin/orders/${id}/payments`,
        headers: admin.auth,
        payload: { amount: id === ids[0] ? 39 : 31 },
      });
      expect(paid.statusCode).toBe(200);
    }
    const res = await dashboard();
    // Customers as the customers screen counts them: the account and the guest who ordered.
    const screen = await t.app.inject({ url: "/api/admin/customers", headers: admin.auth });
    expect(screen.json().meta.total).toBe(2);
    expect(res.json().data).toMatchObject({
      total_users: screen.json().meta.total,
      total_orders: 3,
      total_products: 2,
      total_payments: 70,
      total_trader_applications: 0,
    });
    expect(res.json().data.per_day.at(-1).paid_revenue).toBe(70);
    // A refund gives the money back: it leaves the total and the day it was received.
    await t.app.inject({
      method: "POST",
      url: `/api/admin/orders/${ids[0]}/refund`,
      headers: admin.auth,
      payload: {},
    });
    const refunded = (await dashboard()).json().data;
    expect(refunded.total_payments).toBe(31);
    expect(refunded.per_day.at(-1).paid_revenue).toBe(31);
  });

  it("answers 401 anonymous and 403 to a customer", async () => {
    expect((await t.app.inject("/api/admin/dashboard")).statusCode).toBe(401);
    expect((await dashboard(customer.auth)).statusCode).toBe(403);
  });
});

describe("dashboard charts", () => {
  it("gives 30 Damascus days of orders and revenue, orders by status, top products and recent orders", async () => {
    const t2 = await createTestApp();
    try {
      const owner = await createUserWithToken(t2.app, { admin: true });
      const heavy = await addProduct(t2.database.db, {
        name: "Heavy",
        nameAr: "ثقيل",
        priceCents: 1000,
      });
      const light = await addProduct(t2.database.db, { name: "Light", priceCents: 1000 });
      const numbers: string[] = [];
      for (const [product, qty] of [
        [heavy, 3],
        [light, 1],
        [heavy, 2],
      ] as const) {
        const res = await placeOrder(t2.app, orderBody([{ productId: product, grams: 1000, qty }]));
        numbers.push(res.json().data.number);
      }
      const list = (await t2.app.inject({ url: "/api/admin/orders", headers: owner.auth })).json()
        .data as Array<{ id: number; number: string }>;
      const idOf = (n: string) => list.find((o) => o.number === n)!.id;
      // Cancel the last 2 kg heavy order: it leaves revenue and weight sold.
      await t2.app.inject({
        method: "PATCH",
        url: `/api/admin/orders/${idOf(numbers[2]!)}`,
        headers: owner.auth,
        payload: { status: "canceled" },
      });
      const before = (
        await t2.app.inject({ url: "/api/admin/dashboard", headers: owner.auth })
      ).json().data;
      expect(before.per_day).toHaveLength(30);
      const today = before.per_day.at(-1);
      expect(today.date).toBe(
        new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Damascus" }).format(new Date()),
      );
      // 3 kg: 24.00 + 15.00; 1 kg: 8.00 + 15.00; the cancelled one is not revenue.
      expect(today).toEqual({ date: today.date, orders: 3, revenue: 62, paid_revenue: 0 });
      expect(before.per_day.slice(0, 29).every((d: { orders: number }) => d.orders === 0)).toBe(
        true,
      );
      expect(before.by_status).toEqual([
        { status: "pending", count: 2 },
        { status: "confirmed", count: 0 },
        { status: "preparing", count: 0 },
        { status: "shipped", count: 0 },
        { status: "completed", count: 0 },
        { status: "canceled", count: 1 },
      ]);
      expect(before.top_products).toEqual([
        { product_id: heavy, name: "Heavy", name_ar: "ثقيل", grams: 3000 },
        { product_id: light, name: "Light", name_ar: expect.any(String), grams: 1000 },
      ]);
      expect(before.recent_orders.map((o: { number: string }) => o.number)).toEqual(
        [...numbers].reverse(),
      );
      expect(before.recent_orders[0]).toMatchObject({ status: "canceled", total: 31 });

      // A new order shows at once (the cached figures follow the orders desk's version).
      await placeOrder(t2.app, orderBody([{ productId: light, grams: 1000, qty: 1 }]));
      const after = (
        await t2.app.inject({ url: "/api/admin/dashboard", headers: owner.auth })
      ).json().data;
      expect(after.total_orders).toBe(4);
      expect(after.per_day.at(-1).orders).toBe(4);
      expect(after.by_status[0]).toEqual({ status: "pending", count: 3 });

      // Writes that leave no order event show too: any statement on orders or order lines.
      await t2.database.db
        .update(orderLines)
        .set({ nameEn: "Heavier" })
        .where(eq(orderLines.productId, heavy));
      const renamed = (
        await t2.app.inject({ url: "/api/admin/dashboard", headers: owner.auth })
      ).json().data;
      expect(renamed.top_products[0]).toMatchObject({ product_id: heavy, name: "Heavier" });
      await t2.database.db.delete(orders).where(eq(orders.number, numbers[0]!));
      const deleted = (
        await t2.app.inject({ url: "/api/admin/dashboard", headers: owner.auth })
      ).json().data;
      expect(deleted.total_orders).toBe(3);
      expect(deleted.top_products[0]).toMatchObject({ product_id: light, grams: 2000 });
    } finally {
      await t2.close();
    }
  });
});
