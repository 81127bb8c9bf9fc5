import { afterAll, beforeAll, describe, expect, it } from "vitest";
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
    expect(res.json()).toEqual({
      data: {
        total_users: 1,
        total_orders: 0,
        total_products: 0,
        total_payments: 0,
        total_trader_applications: 0,
      },
    });
  });

  it("counts orders and products; payments are the totals of completed orders only", async () => {
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
    const res = await dashboard();
    expect(res.json().data).toEqual({
      total_users: 1,
      total_orders: 3,
      total_products: 2,
      total_payments: 70,
      total_trader_applications: 0,
    });
  });

  it("answers 401 anonymous and 403 to a customer", async () => {
    expect((await t.app.inject("/api/admin/dashboard")).statusCode).toBe(401);
    expect((await dashboard(customer.auth)).statusCode).toBe(403);
  });
});
