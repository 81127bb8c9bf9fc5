import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { CAPACITY_MESSAGES } from "../../../shared/domain/ready-days.ts";
import { calendarDays } from "../../db/schema/calendar.ts";
import { categories, products } from "../../db/schema/catalog.ts";
import { orderEvents } from "../../db/schema/orders.ts";
import { createTestApp, type TestApp } from "../../test/app.ts";
import {
  ordersIn as countOrdersIn,
  createUserWithToken,
  type TestUser,
} from "../../test/fixtures.ts";
import { addProduct, orderBody, placeOrder, stockOf } from "../orders/test-fixtures.ts";

// A category's own daily cap in kilos (maamoul moulds are few), and the owner's explicit
// override of a full or closed day for a staff order.
// Wednesday 2 December 2026, 09:00 in Damascus: the window runs from today to Tuesday the
// 8th, Friday the 4th closed.
const NOW = new Date("2026-12-02T06:00:00Z");

let t: TestApp;
let owner: TestUser;
let desk: TestUser;
let cataloguer: TestUser;
let customer: TestUser;
beforeAll(async () => {
  vi.useFakeTimers({ now: NOW, toFake: ["Date"] });
  t = await createTestApp();
  owner = await createUserWithToken(t.app, { admin: true, name: "Owner Caps" });
  desk = await createUserWithToken(t.app, { admin: true, roles: ["orders"], name: "Desk" });
  cataloguer = await createUserWithToken(t.app, { admin: true, roles: ["catalogue"] });
  customer = await createUserWithToken(t.app);
});
afterAll(async () => {
  await t.close();
  vi.useRealTimers();
});

const postCategory = (payload: unknown, auth: Record<string, string> = owner.auth) =>
  t.app.inject({
    method: "POST",
    url: "/api/admin/categories",
    headers: auth,
    payload: payload as object,
  });
const putCategory = (id: number, payload: unknown, auth: Record<string, string> = owner.auth) =>
  t.app.inject({
    method: "PUT",
    url: `/api/admin/categories/${id}`,
    headers: auth,
    payload: payload as object,
  });
const getCategory = async (id: number) => {
  const [row] = await t.database.db
    .select({ name: categories.nameEn, daily_cap_grams: categories.dailyCapGrams })
    .from(categories)
    .where(eq(categories.id, id));
  return row;
};

/** A capped category (grams) with one product in it, untracked or with stock. */
async function cappedProduct(capGrams: number | null, stockGrams: number | null = null) {
  const res = await postCategory({
    name: `Maamoul ${randomUUID().slice(0, 6)}`,
    daily_cap_grams: capGrams,
  });
  expect(res.statusCode).toBe(201);
  const category = res.json().data.id as number;
  const product = await addProduct(t.database.db, { stockGrams, options: [{ grams: 1000 }] });
  await t.database.db
    .update(products)
    .set({ categoryId: category })
    .where(eq(products.id, product));
  return { category, product };
}

const quoteDays = async (lines: Array<{ productId: number; grams: number; qty: number }>) => {
  const res = await t.app.inject({
    method: "POST",
    url: "/api/shipping/quote",
    payload: { country: "SY", lines },
  });
  expect(res.statusCode).toBe(200);
  const delivery = res.json().data.methods.find((m: { id: string }) => m.id === "delivery:1");
  return delivery.days.map((d: { date: string }) => d.date) as string[];
};

const ordersIn = (city: string) => countOrdersIn(t.app, city);

describe("the category's daily cap in the admin API", () => {
  it("is created, read and changed in grams; left out of an update it keeps its value", async () => {
    const res = await postCategory({ name: "Maamoul", name_ar: "معمول", daily_cap_grams: 5_000 });
    expect(res.statusCode).toBe(201);
    const id = res.json().data.id as number;
    expect(res.json().data.daily_cap_grams).toBe(5_000);
    expect((await putCategory(id, { name: "Maamoul" })).json().data.daily_cap_grams).toBe(5_000);
    expect(
      (await putCategory(id, { name: "Maamoul", daily_cap_grams: null })).json().data
        .daily_cap_grams,
    ).toBeNull();
    expect((await getCategory(id))?.daily_cap_grams).toBeNull();
    // A category without one, as before.
    expect((await postCategory({ name: "Baklava plain" })).json().data.daily_cap_grams).toBeNull();
  });

  it.each([
    ["below zero", -1],
    ["fractional grams", 1.5],
    ["above 10 tonnes", 10_000_001],
    ["words", "lots"],
  ])("refuses a cap %s with a 422 in the shop's wording, and writes nothing", async (_n, cap) => {
    const id = (await postCategory({ name: "Cap check", daily_cap_grams: 2_000 })).json().data.id;
    const res = await putCategory(id, { name: "Changed", daily_cap_grams: cap });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.daily_cap_grams).toEqual([CAPACITY_MESSAGES.CATEGORY_CAP]);
    expect(await getCategory(id)).toMatchObject({ name: "Cap check", daily_cap_grams: 2_000 });
    expect((await postCategory({ name: "New", daily_cap_grams: cap })).statusCode).toBe(422);
  });

  it("is the catalogue's and the owner's: a customer gets 403, the desk 403, nobody 401", async () => {
    const body = { name: "Not theirs", daily_cap_grams: 1_000 };
    expect((await postCategory(body, customer.auth)).statusCode).toBe(403);
    expect((await postCategory(body, desk.auth)).statusCode).toBe(403);
    expect((await postCategory(body, {})).statusCode).toBe(401);
    expect((await postCategory(body, cataloguer.auth)).statusCode).toBe(201);
  });
});

describe("the quote and the order keep to a category's cap", () => {
  it("a day is offered only while the category's booked grams and the cart's fit its cap", async () => {
    const { product } = await cappedProduct(5_000);
    const other = await addProduct(t.database.db, { options: [{ grams: 1000 }] });
    const day = "2026-12-03";
    expect(await quoteDays([{ productId: product, grams: 1000, qty: 5 }])).toContain(day);
    expect(await quoteDays([{ productId: product, grams: 1000, qty: 6 }])).not.toContain(day);
    // Book 4 kg of the category on the 3rd.
    const first = await placeOrder(
      t.app,
      orderBody([{ productId: product, grams: 1000, qty: 4 }], {
        shipping_method: "delivery:1",
        ready_date: day,
      }),
    );
    expect(first.statusCode).toBe(201);
    // The last kilo fits; two do not; another category's kilos are not its concern.
    expect(await quoteDays([{ productId: product, grams: 1000, qty: 1 }])).toContain(day);
    expect(await quoteDays([{ productId: product, grams: 1000, qty: 2 }])).not.toContain(day);
    expect(await quoteDays([{ productId: other, grams: 1000, qty: 6 }])).toContain(day);
    // Mixed: the capped kilos count, whatever else the cart holds.
    expect(
      await quoteDays([
        { productId: other, grams: 1000, qty: 3 },
        { productId: product, grams: 1000, qty: 2 },
      ]),
    ).not.toContain(day);
    // The next day is untouched.
    expect(await quoteDays([{ productId: product, grams: 1000, qty: 5 }])).toContain("2026-12-05");
  });

  it("an order past the cap gets 409 naming the day: nothing written, stock untouched", async () => {
    const { product } = await cappedProduct(3_000, 50_000);
    const day = "2026-12-05";
    const body = (qty: number, city: string) =>
      orderBody([{ productId: product, grams: 1000, qty }], {
        city,
        shipping_method: "delivery:1",
        ready_date: day,
      });
    expect((await placeOrder(t.app, body(2, "Cap One"))).statusCode).toBe(201);
    expect(await stockOf(t.database.db, product)).toBe(48_000);
    const refused = await placeOrder(t.app, body(2, "Cap Two"));
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: "day_full", ready_date: day });
    expect(refused.json().message).toContain("Saturday, 5 December 2026");
    expect(await ordersIn("Cap Two")).toBe(0);
    expect(await stockOf(t.database.db, product)).toBe(48_000);
    // The kilo left is still taken.
    expect((await placeOrder(t.app, body(1, "Cap Three"))).statusCode).toBe(201);
  });

  it("20 concurrent orders for a category with room for 3: exactly 3 placed", async () => {
    const { product } = await cappedProduct(3_000, 100_000);
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        placeOrder(
          t.app,
          orderBody([{ productId: product, grams: 1000, qty: 1 }], {
            city: "Mould Rush",
            email: `mould${i}@example.com`,
            phone: `+963 944 200 ${String(100 + i)}`,
            shipping_method: "delivery:1",
            ready_date: "2026-12-07",
          }),
        ),
      ),
    );
    const statuses = responses.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(3);
    expect(statuses.filter((s) => s === 409)).toHaveLength(17);
    expect(await ordersIn("Mould Rush")).toBe(3);
    expect(await stockOf(t.database.db, product)).toBe(97_000);
  });
});

describe("staff orders: the same days, and the owner's override", () => {
  const takeOrder = (body: unknown, auth: Record<string, string>) =>
    t.app.inject({
      method: "POST",
      url: "/api/admin/orders",
      headers: { "idempotency-key": randomUUID(), ...auth },
      payload: body as object,
    });
  const staffBody = (product: number, extra: Record<string, unknown>) =>
    orderBody([{ productId: product, grams: 1000, qty: 2 }], {
      source: "phone",
      shipping_method: "delivery:1",
      ...extra,
    });

  let product: number;
  const FULL = "2026-12-08";
  beforeAll(async () => {
    product = await addProduct(t.database.db, { stockGrams: 100_000, options: [{ grams: 1000 }] });
    await t.database.db.insert(calendarDays).values({ day: FULL, capacityGrams: 1_000 });
  });

  it("the desk books an offered day as checkout would, and gets 409 for a full one", async () => {
    expect(
      (
        await takeOrder(
          staffBody(product, { ready_date: "2026-12-03", city: "Desk Ok" }),
          desk.auth,
        )
      ).statusCode,
    ).toBe(201);
    const full = await takeOrder(
      staffBody(product, { ready_date: FULL, city: "Desk Full" }),
      desk.auth,
    );
    expect(full.statusCode).toBe(409);
    expect(full.json()).toMatchObject({ code: "day_full", ready_date: FULL });
    expect(await ordersIn("Desk Full")).toBe(0);
  });

  it("only the owner may override: the desk gets 403, nothing written, stock untouched", async () => {
    const before = await stockOf(t.database.db, product);
    const res = await takeOrder(
      staffBody(product, { ready_date: FULL, city: "Desk Override", override_capacity: true }),
      desk.auth,
    );
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(CAPACITY_MESSAGES.OVERRIDE_FORBIDDEN);
    expect(await ordersIn("Desk Override")).toBe(0);
    expect(await stockOf(t.database.db, product)).toBe(before);
    // A customer's token never reaches it.
    expect(
      (
        await takeOrder(
          staffBody(product, { ready_date: FULL, override_capacity: true }),
          customer.auth,
        )
      ).statusCode,
    ).toBe(403);
  });

  it("the owner without the override gets the 409 too", async () => {
    const res = await takeOrder(
      staffBody(product, { ready_date: FULL, city: "Owner Plain" }),
      owner.auth,
    );
    expect(res.statusCode).toBe(409);
    expect(await ordersIn("Owner Plain")).toBe(0);
  });

  it.each([
    ["a full day", FULL],
    ["a closed Friday", "2026-12-04"],
  ])("the owner books %s with the override, recorded on the timeline", async (_n, day) => {
    const city = `Owner ${day}`;
    const res = await takeOrder(
      staffBody(product, { ready_date: day, city, override_capacity: true }),
      owner.auth,
    );
    expect(res.statusCode).toBe(201);
    const order = res.json().data;
    expect(order.ready_date).toBe(day);
    const notes = await t.database.db
      .select({ note: orderEvents.note, actor: orderEvents.actor })
      .from(orderEvents)
      .where(eq(orderEvents.orderId, order.id));
    expect(notes.filter((n) => n.note?.startsWith(CAPACITY_MESSAGES.OVERRIDE))).toEqual([
      expect.objectContaining({ actor: `admin:${owner.id}` }),
    ]);
    const detail = await t.app.inject({
      url: `/api/admin/orders/${order.id}`,
      headers: owner.auth,
    });
    expect(JSON.stringify(detail.json().data.timeline)).toContain(CAPACITY_MESSAGES.OVERRIDE);
  });

  it("an override on an offered day changes nothing and records nothing", async () => {
    const res = await takeOrder(
      staffBody(product, { ready_date: "2026-12-03", city: "Owner Open", override_capacity: true }),
      owner.auth,
    );
    expect(res.statusCode).toBe(201);
    const notes = await t.database.db
      .select({ note: orderEvents.note })
      .from(orderEvents)
      .where(eq(orderEvents.orderId, res.json().data.id));
    expect(notes.every((n) => n.note === null)).toBe(true);
  });

  it.each([
    ["a past day", "2026-12-01"],
    ["a day beyond any reach", "2027-06-01"],
  ])("even the owner cannot book %s: 422, nothing written", async (_n, day) => {
    const city = `Owner bad ${day}`;
    const res = await takeOrder(
      staffBody(product, { ready_date: day, city, override_capacity: true }),
      owner.auth,
    );
    expect(res.statusCode).toBe(422);
    expect(await ordersIn(city)).toBe(0);
  });

  it("refuses an override that is not a boolean with a 422", async () => {
    const res = await takeOrder(
      staffBody(product, { ready_date: FULL, override_capacity: "yes" }),
      owner.auth,
    );
    expect(res.statusCode).toBe(422);
  });
});
