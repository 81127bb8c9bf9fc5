import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { orders } from "../../db/schema/orders.ts";
import { createTestApp, type TestApp } from "../../test/app.ts";
import { createUserWithToken, type TestUser } from "../../test/fixtures.ts";
import { addProduct, orderBody, placeOrder } from "../orders/test-fixtures.ts";

// Wednesday 2 December 2026, 09:00 in Damascus.
const NOW = new Date("2026-12-02T06:00:00Z");

let t: TestApp;
let kitchen: TestUser;
let catalogue: TestUser;
let baklava: number;
let maamoul: number;
const numbers: string[] = [];

beforeAll(async () => {
  vi.useFakeTimers({ now: NOW, toFake: ["Date"] });
  t = await createTestApp();
  kitchen = await createUserWithToken(t.app, { admin: true, roles: ["kitchen"] });
  catalogue = await createUserWithToken(t.app, { admin: true, roles: ["catalogue"] });
  baklava = await addProduct(t.database.db, {
    name: "Baklava",
    nameAr: "بقلاوة",
    stockGrams: null,
    options: [{ grams: 500 }, { grams: 1000 }],
  });
  maamoul = await addProduct(t.database.db, {
    name: "Maamoul",
    nameAr: "معمول",
    stockGrams: null,
    options: [{ grams: 250 }],
  });
  const day = { shipping_method: "delivery:1", ready_date: "2026-12-03" };
  const bodies = [
    orderBody(
      [
        { productId: baklava, grams: 1000, qty: 2 },
        { productId: maamoul, grams: 250, qty: 4 },
      ],
      day,
    ),
    orderBody([{ productId: baklava, grams: 500, qty: 3 }], {
      ...day,
      gift: { recipient_name: "Sami", recipient_phone: "+963 944 000 222", wrap: true },
    }),
    // Cancelled below: never counted.
    orderBody([{ productId: baklava, grams: 1000, qty: 8 }], day),
    // Another day.
    orderBody([{ productId: baklava, grams: 1000, qty: 7 }], { ...day, ready_date: "2026-12-05" }),
  ];
  for (const body of bodies) {
    const res = await placeOrder(t.app, body);
    expect(res.json()).toMatchObject({ data: { number: expect.any(String) } });
    numbers.push(res.json().data.number);
  }
  await t.database.db
    .update(orders)
    .set({ status: "canceled" })
    .where(eq(orders.number, numbers[2]!));
});
afterAll(async () => {
  await t.close();
  vi.useRealTimers();
});

const sheet = (query: string, headers = kitchen.auth) =>
  t.app.inject({ url: `/api/admin/production?${query}`, headers });

describe("GET /api/admin/production", () => {
  it("for the kitchen: kilos per product, packs per weight option, gift wraps and the orders behind them; cancelled orders never count", async () => {
    const res = await sheet("from=2026-12-03&to=2026-12-03");
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      from: "2026-12-03",
      to: "2026-12-03",
      products: [
        {
          product_id: baklava,
          name: "Baklava",
          name_ar: "بقلاوة",
          grams: 3500,
          options: [
            { grams: 1000, count: 2 },
            { grams: 500, count: 3 },
          ],
          orders: [numbers[0], numbers[1]].sort(),
        },
        {
          product_id: maamoul,
          name: "Maamoul",
          name_ar: "معمول",
          grams: 1000,
          options: [{ grams: 250, count: 4 }],
          orders: [numbers[0]],
        },
      ],
      gift_wraps: 1,
      orders: 2,
    });
  });

  it("a range adds the days up", async () => {
    const res = await sheet("from=2026-12-03&to=2026-12-05");
    expect(res.json().data.products[0].grams).toBe(3500 + 7000);
    expect(res.json().data.orders).toBe(3);
  });

  it("answers the same figures as CSV", async () => {
    const res = await sheet("from=2026-12-03&to=2026-12-03&format=csv");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
    const lines = res.body.slice(1).trim().split("\r\n");
    expect(lines[0]).toBe("product,product_ar,kg,packs,orders");
    expect(lines[1]).toBe(
      `Baklava,بقلاوة,3.5,"2 x 1 kg; 3 x 0.5 kg",${[numbers[0], numbers[1]].sort().join(" ")}`,
    );
    expect(lines.at(-1)).toBe("gift wraps,تغليف هدايا,,1,");
  });

  it("is for the owner, orders and kitchen roles; bad ranges are 400", async () => {
    expect((await sheet("from=2026-12-03&to=2026-12-03", catalogue.auth)).statusCode).toBe(403);
    expect((await sheet("from=2026-12-05&to=2026-12-03")).statusCode).toBe(400);
    expect((await sheet("from=2026-12-32&to=2026-12-33")).statusCode).toBe(400);
  });

  it("the pack list of a day: each order that counts, where it goes, the phone, what to collect and pack", async () => {
    const res = await t.app.inject({
      url: "/api/admin/production/pack-list?date=2026-12-03",
      headers: kitchen.auth,
    });
    expect(res.statusCode).toBe(200);
    const list = res.json().data;
    expect(list.map((e: { number: string }) => e.number)).toEqual([numbers[0], numbers[1]]);
    expect(list[0]).toMatchObject({
      name: "Layla Haddad",
      phone: "+963944000111",
      kind: "delivery",
      city: "Damascus",
      address: "Example Street 5",
      payment_method: "cod",
      to_collect: expect.any(Number),
      gift_wrap: false,
      slot: null,
      lines: [
        { name: "Baklava", grams: 1000, qty: 2 },
        { name: "Maamoul", grams: 250, qty: 4 },
      ].map((l) => expect.objectContaining(l)),
    });
    expect(list[0].to_collect).toBeGreaterThan(0);
    // A gift goes to its recipient, wrapped.
    expect(list[1]).toMatchObject({ name: "Sami", phone: "+963944000222", gift_wrap: true });
    const bad = await t.app.inject({
      url: "/api/admin/production/pack-list?date=nope",
      headers: kitchen.auth,
    });
    expect(bad.statusCode).toBe(400);
  });

  it("a cash-on-delivery order's amount to collect is its balance due after edits, weighed amounts and part payments; other methods collect nothing", async () => {
    const db = t.database.db;
    // As if the desk repriced the order (an edit, a weighed line) to 50.00, 5.00 was credited
    // back for a returned box and a payment link took 20.00: 25.00 is left for the driver.
    await db
      .update(orders)
      .set({ totalCents: 5000, creditedCents: 500, paidCents: 2000, paymentStatus: "balance_due" })
      .where(eq(orders.number, numbers[0]!));
    // A transfer order still unpaid is settled by transfer, not at the door.
    await db
      .update(orders)
      .set({ paymentMethod: "bank_transfer", paymentStatus: "unpaid" })
      .where(eq(orders.number, numbers[1]!));
    const pack = async () =>
      (
        await t.app.inject({
          url: "/api/admin/production/pack-list?date=2026-12-03",
          headers: kitchen.auth,
        })
      ).json().data as { number: string; to_collect: number }[];
    expect((await pack()).map((e) => e.to_collect)).toEqual([25, 0]);
    // Paid in full (the rest came in): nothing to collect.
    await db
      .update(orders)
      .set({ paidCents: 4500, paymentStatus: "paid" })
      .where(eq(orders.number, numbers[0]!));
    expect((await pack())[0]!.to_collect).toBe(0);
  });
});
