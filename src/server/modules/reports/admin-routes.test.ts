import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REPORT_MESSAGES } from "../../../shared/domain/reports.ts";
import { categories, products } from "../../db/schema/catalog.ts";
import { orderLines, orders } from "../../db/schema/orders.ts";
import { createTestApp, type TestApp } from "../../test/app.ts";
import { createUserWithToken } from "../../test/fixtures.ts";
import { addProduct, orderBody, placeOrder } from "../orders/test-fixtures.ts";

// Five orders set by hand to known sums, placed at known instants (Asia/Damascus is UTC+3):
//   A 2026-03-02 10:00 web,   card,  SY, 1 kg baklava,  paid 40.00, refunded 10.00  -> 30.00
//   B 2026-03-02 23:30 phone, cod,   SY, 0.5 kg maamoul, unpaid                     ->  0.00
//   C 2026-03-09 12:00 web,   cod,   QA, 1 kg baklava,  paid 20.00 (same phone as A) -> 20.00
//   D 2026-03-05 09:00 cancelled and unpaid: never counted
//   E 2026-02-25 12:00 (the week before), paid 50.00: the previous period
// B at 23:30 Damascus is 20:30 UTC: still the 2nd in the shop's time zone.

let t: TestApp;
let owner: Awaited<ReturnType<typeof createUserWithToken>>;
let orderDesk: Awaited<ReturnType<typeof createUserWithToken>>;
let baklava: number;
let maamoul: number;

async function place(
  productId: number,
  grams: number,
  at: string,
  set: Partial<typeof orders.$inferInsert>,
  extra: Record<string, unknown> = {},
) {
  // Placed as a kilo (an option every product has), then set to the grams wanted.
  const res = await placeOrder(t.app, orderBody([{ productId, grams: 1000, qty: 1 }], extra));
  expect(res.statusCode).toBe(201);
  const [row] = await t.database.db
    .update(orders)
    .set({ createdAt: new Date(at), discountPercent: 0, totalGrams: grams, ...set })
    .where(eq(orders.number, res.json().data.number))
    .returning();
  await t.database.db
    .update(orderLines)
    .set({ grams, lineTotalCents: set.subtotalCents ?? 0 })
    .where(eq(orderLines.orderId, row!.id));
}

beforeAll(async () => {
  t = await createTestApp();
  owner = await createUserWithToken(t.app, { admin: true });
  orderDesk = await createUserWithToken(t.app, { admin: true, roles: ["orders"] });
  const db = t.database.db;
  const [sweets] = await db
    .insert(categories)
    .values({ nameEn: "Eastern sweets", nameAr: "حلويات شرقية", slug: "eastern-report" })
    .returning();
  baklava = await addProduct(db, { name: "Baklava", nameAr: "بقلاوة", priceCents: 3000 });
  maamoul = await addProduct(db, { name: "Maamoul", nameAr: "معمول", priceCents: 2000 });
  await db.update(products).set({ categoryId: sweets!.id }).where(eq(products.id, baklava));

  await place(baklava, 1000, "2026-03-02T07:00:00Z", {
    source: "web",
    paymentMethod: "card",
    paymentStatus: "partially_refunded",
    subtotalCents: 4000,
    totalCents: 4000,
    paidCents: 4000,
    refundedCents: 1000,
  });
  await place(
    maamoul,
    500,
    "2026-03-02T20:30:00Z",
    { source: "phone", subtotalCents: 1000, totalCents: 1000 },
    { phone: "+963 944 000 999" },
  );
  await place(baklava, 1000, "2026-03-09T09:00:00Z", {
    country: "QA",
    paymentStatus: "paid",
    subtotalCents: 2000,
    totalCents: 2000,
    paidCents: 2000,
  });
  await place(maamoul, 500, "2026-03-05T06:00:00Z", {
    status: "canceled",
    subtotalCents: 1000,
    totalCents: 1000,
  });
  await place(baklava, 1000, "2026-02-25T09:00:00Z", {
    paymentStatus: "paid",
    subtotalCents: 5000,
    totalCents: 5000,
    paidCents: 5000,
  });
});
afterAll(() => t.close());

const report = (query: string, headers = owner.auth) =>
  t.app.inject({ url: `/api/admin/reports/sales?${query}`, headers });
const march = "from=2026-03-01&to=2026-03-14";

describe("GET /api/admin/reports/sales", () => {
  it("by day, in the shop's time zone: money received less refunds; the totals and the period before", async () => {
    const res = await report(`${march}&group=day`);
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.rows).toEqual([
      {
        key: "2026-03-02",
        label: "2026-03-02",
        label_ar: "2026-03-02",
        orders: 2,
        grams: 1500,
        revenue: 30,
      },
      {
        key: "2026-03-09",
        label: "2026-03-09",
        label_ar: "2026-03-09",
        orders: 1,
        grams: 1000,
        revenue: 20,
      },
    ]);
    expect(data.totals).toEqual({
      orders: 3,
      grams: 2500,
      revenue: 50,
      refunds: 10,
      average_order: 25,
      customers: 2,
      // The phone of A came back with C.
      repeat_customers: 1,
    });
    expect(data.previous).toMatchObject({
      from: "2026-02-15",
      to: "2026-02-28",
      totals: { orders: 1, revenue: 50, customers: 1, repeat_customers: 0 },
    });
  });

  it("by week and month", async () => {
    const weeks = (await report(`${march}&group=week`)).json().data.rows;
    expect(weeks.map((r: { key: string; orders: number }) => [r.key, r.orders])).toEqual([
      ["2026-03-02", 2],
      ["2026-03-09", 1],
    ]);
    const months = (await report(`${march}&group=month`)).json().data.rows;
    expect(months).toMatchObject([{ key: "2026-03-01", orders: 3, revenue: 50 }]);
  });

  it("by product and category: kilos and the lines' money; by channel, payment, country and zone", async () => {
    const byProduct = (await report(`${march}&group=product`)).json().data.rows;
    expect(byProduct).toEqual([
      {
        key: String(baklava),
        label: "Baklava",
        label_ar: "بقلاوة",
        orders: 2,
        grams: 2000,
        revenue: 60,
      },
      {
        key: String(maamoul),
        label: "Maamoul",
        label_ar: "معمول",
        orders: 1,
        grams: 500,
        revenue: 0,
      },
    ]);
    const byCategory = (await report(`${march}&group=category`)).json().data.rows;
    expect(byCategory).toEqual([
      expect.objectContaining({ label: "Eastern sweets", label_ar: "حلويات شرقية", grams: 2000 }),
      expect.objectContaining({ key: "", label: "None", grams: 500 }),
    ]);
    const byChannel = (await report(`${march}&group=channel`)).json().data.rows;
    expect(byChannel).toEqual([
      expect.objectContaining({ key: "phone", label: "Phone", orders: 1, revenue: 0 }),
      expect.objectContaining({
        key: "web",
        label: "Website",
        label_ar: "الموقع",
        orders: 2,
        revenue: 50,
      }),
    ]);
    const byPayment = (await report(`${march}&group=payment`)).json().data.rows;
    expect(byPayment.map((r: { key: string; revenue: number }) => [r.key, r.revenue])).toEqual([
      ["card", 30],
      ["cod", 20],
    ]);
    const byCountry = (await report(`${march}&group=country`)).json().data.rows;
    expect(byCountry).toEqual([
      expect.objectContaining({ key: "QA", label: "Qatar", orders: 1 }),
      expect.objectContaining({ key: "SY", label: "Syria", orders: 2 }),
    ]);
    const byZone = (await report(`${march}&group=zone`)).json().data;
    expect(byZone.rows.reduce((n: number, r: { orders: number }) => n + r.orders, 0)).toBe(3);
  });

  it("a customer whose only earlier order is one the report no longer counts is not a repeat one", async () => {
    // 2 March alone: A (phone 111, whose first order is E on 25 February) and B (phone 999).
    const day = "from=2026-03-02&to=2026-03-02&group=day";
    expect((await report(day)).json().data.totals).toMatchObject({
      customers: 2,
      repeat_customers: 1,
    });
    // E cancelled and refunded in full: it kept no money, so A's first counted order is A.
    const db = t.database.db;
    const cancelled = { status: "canceled", refundedCents: 5000 } as const;
    const e = eq(orders.createdAt, new Date("2026-02-25T09:00:00Z"));
    const [before] = await db.select().from(orders).where(e);
    const back = { status: before!.status, refundedCents: before!.refundedCents };
    await db.update(orders).set(cancelled).where(e);
    try {
      expect((await report(day)).json().data.totals).toMatchObject({
        customers: 2,
        repeat_customers: 0,
      });
      // 9 March alone: C came back after A, which still counts.
      expect(
        (await report("from=2026-03-09&to=2026-03-09&group=day")).json().data.totals,
      ).toMatchObject({ customers: 1, repeat_customers: 1 });
    } finally {
      await db.update(orders).set(back).where(e);
    }
    expect((await report(day)).json().data.totals.repeat_customers).toBe(1);
  });

  it("answers the table as CSV", async () => {
    const res = await report(`${march}&group=channel&format=csv`);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
    const lines = res.body.slice(1).trim().split("\r\n");
    expect(lines[0]).toBe("key,label,label_ar,orders,kg,revenue");
    expect(lines.at(-1)).toBe("total,Total,المجموع,3,2.5,50.00");
  });

  it("is the owner's only; bad dates, ranges and groups are 400 with the field named", async () => {
    expect((await report(`${march}&group=day`, orderDesk.auth)).statusCode).toBe(403);
    expect(
      (await t.app.inject({ url: `/api/admin/reports/sales?${march}&group=day` })).statusCode,
    ).toBe(401);
    const backwards = await report("from=2026-03-14&to=2026-03-01&group=day");
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().errors.to).toEqual([REPORT_MESSAGES.RANGE]);
    const tooLong = await report("from=2020-01-01&to=2026-01-01&group=day");
    expect(tooLong.statusCode).toBe(400);
    const badDay = await report("from=2026-02-30&to=2026-03-01&group=day");
    expect(badDay.json().errors.from).toEqual([REPORT_MESSAGES.DAY]);
    const badGroup = await report(`${march}&group=colour`);
    expect(badGroup.statusCode).toBe(400);
    expect(badGroup.json().errors.group).toEqual([REPORT_MESSAGES.GROUP]);
    expect((await report("group=day")).statusCode).toBe(400);
  });
});
