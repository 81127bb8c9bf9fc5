import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { categories, products } from "../../db/schema/catalog.ts";
import { orders } from "../../db/schema/orders.ts";
import { createTestApp, type TestApp } from "../../test/app.ts";
import { createUserWithToken } from "../../test/fixtures.ts";
import { addCoupon, addProduct, orderBody, placeOrder } from "../orders/test-fixtures.ts";

let t: TestApp;
let owner: Awaited<ReturnType<typeof createUserWithToken>>;
let catalogue: Awaited<ReturnType<typeof createUserWithToken>>;
let kitchen: Awaited<ReturnType<typeof createUserWithToken>>;
let customer: Awaited<ReturnType<typeof createUserWithToken>>;

beforeAll(async () => {
  t = await createTestApp();
  owner = await createUserWithToken(t.app, { admin: true, name: "Owner" });
  catalogue = await createUserWithToken(t.app, { admin: true, roles: ["catalogue"] });
  kitchen = await createUserWithToken(t.app, { admin: true, roles: ["kitchen"] });
  customer = await createUserWithToken(t.app);
});
afterAll(() => t.close());

type Body = Record<string, unknown>;
const auth = (): Record<string, string> => owner.auth;
const create = (payload: Body, headers = auth()) =>
  t.app.inject({ method: "POST", url: "/api/admin/promotions", headers, payload });
const update = (id: number | string, payload: Body, headers = auth()) =>
  t.app.inject({ method: "PUT", url: `/api/admin/promotions/${id}`, headers, payload });
const remove = (id: number | string, headers = auth()) =>
  t.app.inject({ method: "DELETE", url: `/api/admin/promotions/${id}`, headers });
const list = (headers = auth()) => t.app.inject({ url: "/api/admin/promotions", headers });
const price = (payload: Body) => t.app.inject({ method: "POST", url: "/api/cart/price", payload });

const freeOver60 = { name: "Free delivery over 60", name_ar: "توصيل مجاني فوق 60" };

/** Removes every promotion but the standing one, so each test starts from an upgraded shop. */
async function reset() {
  for (const p of (await list()).json().data as Array<{ id: number; standing: boolean }>)
    if (!p.standing) await remove(p.id);
}

describe("the standing cart discount after the upgrade", () => {
  it("is the first promotion, a cart discount whose percent is the settings' (20)", async () => {
    const res = await list();
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([
      expect.objectContaining({
        name: "Cart discount",
        name_ar: "خصم السلة",
        kind: "cart_percent",
        percent: 20,
        standing: true,
        running: true,
        starts_on: null,
        ends_on: null,
      }),
    ]);
  });

  it("prices a cart as before: 20% off and 15.00 delivery, listed as the promotion", async () => {
    const id = await addProduct(t.database.db, { priceCents: 5000 });
    const res = await price({ lines: [{ productId: id, grams: 1000, qty: 1 }] });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      subtotal: 50,
      discount: 10,
      discount_percent: 20,
      discount_source: "standing",
      delivery_fee: 15,
      total: 55,
      promotions: [{ name: "Cart discount", name_ar: "خصم السلة", amount: 10 }],
      next_promotion: null,
    });
  });

  it("cannot become another kind; its name and dates can change", async () => {
    const [standing] = (await list()).json().data;
    const bad = await update(standing.id, {
      ...freeOver60,
      kind: "free_delivery",
      min_subtotal: 60,
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toHaveProperty("kind");
    const ok = await update(standing.id, {
      name: "Everyday discount",
      name_ar: "خصم كل يوم",
      kind: "cart_percent",
      percent: 50,
    });
    expect(ok.statusCode).toBe(200);
    // Its percent stays the settings' one.
    expect(ok.json().data).toMatchObject({ name: "Everyday discount", percent: 20 });
    await update(standing.id, {
      name: "Cart discount",
      name_ar: "خصم السلة",
      kind: "cart_percent",
    });
  });
});

describe("admin promotions", () => {
  it("free delivery over 60: the progress line, then free delivery, and the order records it", async () => {
    await reset();
    const res = await create({ ...freeOver60, kind: "free_delivery", min_subtotal: "60" });
    expect(res.statusCode).toBe(201);
    const promo = res.json().data;
    expect(promo).toMatchObject({ kind: "free_delivery", min_subtotal: 60, zone_ids: [] });

    const id = await addProduct(t.database.db, { priceCents: 4800 });
    const short = await price({ lines: [{ productId: id, grams: 1000, qty: 1 }] });
    expect(short.json().data.next_promotion).toEqual({
      id: promo.id,
      name: "Free delivery over 60",
      name_ar: "توصيل مجاني فوق 60",
      missing: 12,
    });
    expect(short.json().data.delivery_fee).toBe(15);

    const enough = await price({ lines: [{ productId: id, grams: 1000, qty: 2 }] });
    expect(enough.json().data).toMatchObject({
      subtotal: 96,
      discount: 19.2,
      delivery_fee: 0,
      total: 76.8,
      next_promotion: null,
    });
    expect(enough.json().data.promotions).toEqual([
      expect.objectContaining({ name: "Cart discount", amount: 19.2 }),
      { id: promo.id, name: "Free delivery over 60", name_ar: "توصيل مجاني فوق 60", amount: 15 },
    ]);

    const placed = await placeOrder(
      t.app,
      orderBody([{ productId: id, grams: 1000, qty: 2 }], { shipping_method: null }),
    );
    expect(placed.statusCode).toBe(201);
    expect(placed.json().data).toMatchObject({
      delivery_fee: 0,
      total: 76.8,
      promotions: [
        expect.objectContaining({ name: "Cart discount", amount: 19.2 }),
        expect.objectContaining({ id: promo.id, amount: 15 }),
      ],
    });
    const [row] = await t.database.db
      .select({ promotions: orders.promotions })
      .from(orders)
      .where(eq(orders.number, placed.json().data.number));
    expect(row!.promotions).toHaveLength(2);
  });

  it("volume tiers on a category add to the cart discount; a bigger coupon replaces both", async () => {
    await reset();
    const [cat] = await t.database.db
      .insert(categories)
      .values({ nameEn: "Baklava", nameAr: "بقلاوة", slug: `baklava-${Date.now()}` })
      .returning({ id: categories.id });
    const id = await addProduct(t.database.db, { priceCents: 2000 });
    await t.database.db.update(products).set({ categoryId: cat!.id }).where(eq(products.id, id));
    const res = await create({
      name: "10% off 2 kg of baklava",
      name_ar: "خصم 10% على 2 كغ بقلاوة",
      kind: "volume",
      target_type: "category",
      target_id: cat!.id,
      tiers: [
        { min_grams: 2000, percent: 10 },
        { min_grams: 5000, amount: "30.00" },
      ],
    });
    expect(res.statusCode).toBe(201);
    const two = await price({ lines: [{ productId: id, grams: 1000, qty: 2 }] });
    // 40.00: 20% (8.00) + 10% (4.00).
    expect(two.json().data).toMatchObject({ subtotal: 40, discount: 12 });
    const five = await price({ lines: [{ productId: id, grams: 1000, qty: 5 }] });
    expect(five.json().data).toMatchObject({ subtotal: 100, discount: 50 });

    await addCoupon(t.database.db, { code: "BIG60", percent: 60 });
    const coupon = await price({
      lines: [{ productId: id, grams: 1000, qty: 2 }],
      coupon: "big60",
    });
    expect(coupon.json().data).toMatchObject({
      discount: 24,
      discount_source: "coupon",
      coupon: { code: "BIG60", applies: true },
      promotions: [],
    });
    const small = await price({ lines: [{ productId: id, grams: 1000, qty: 2 }], coupon: "nope" });
    expect(small.json().data).toMatchObject({ discount: 12, coupon: null });
  });

  it("buy 1 kg get 250 g free", async () => {
    await reset();
    const id = await addProduct(t.database.db, { priceCents: 4000, options: [{ grams: 250 }] });
    const res = await create({
      name: "Buy 1 kg, 250 g free",
      name_ar: "اشترِ 1 كغ واحصل على 250 غ مجاناً",
      kind: "buy_get",
      product_id: id,
      buy_grams: 1000,
      free_grams: 250,
    });
    expect(res.statusCode).toBe(201);
    // 1.25 kg = 50.00: 20% (10.00) + 250 g free (10.00).
    const got = await price({ lines: [{ productId: id, grams: 250, qty: 5 }] });
    expect(got.json().data).toMatchObject({ subtotal: 50, discount: 20 });
  });

  it("promotions outside their dates do not apply", async () => {
    await reset();
    await create({
      name: "Next year",
      name_ar: "العام القادم",
      kind: "cart_percent",
      percent: 90,
      starts_on: "2999-01-01",
    });
    const id = await addProduct(t.database.db, { priceCents: 1000 });
    const got = await price({ lines: [{ productId: id, grams: 1000, qty: 1 }] });
    expect(got.json().data.discount).toBe(2);
    const rows = (await list()).json().data;
    expect(rows.find((p: { name: string }) => p.name === "Next year").running).toBe(false);
  });

  it("updates and deletes, and records the history", async () => {
    await reset();
    const created = (
      await create({ ...freeOver60, kind: "free_delivery", min_subtotal: 60 })
    ).json().data;
    const changed = await update(created.id, {
      ...freeOver60,
      kind: "free_delivery",
      min_subtotal: 80,
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().data.min_subtotal).toBe(80);
    const audit = (
      await t.app.inject({
        url: `/api/admin/audit?entity=promotion&entity_id=${created.id}`,
        headers: catalogue.auth,
      })
    ).json().data;
    expect(audit.map((a: { action: string }) => a.action)).toEqual(["update", "create"]);
    expect((await remove(created.id)).statusCode).toBe(200);
    expect((await remove(created.id)).statusCode).toBe(404);
    expect(
      (await update(created.id, { ...freeOver60, kind: "cart_percent", percent: 5 })).statusCode,
    ).toBe(404);
  });

  it.each<[string, Body, string]>([
    ["no name", { name: "", name_ar: "x", kind: "cart_percent", percent: 5 }, "name"],
    ["no Arabic name", { name: "x", name_ar: " ", kind: "cart_percent", percent: 5 }, "name_ar"],
    [
      "dates backwards",
      {
        ...freeOver60,
        kind: "cart_percent",
        percent: 5,
        starts_on: "2026-03-10",
        ends_on: "2026-03-09",
      },
      "ends_on",
    ],
    [
      "a date that is no date",
      { ...freeOver60, kind: "cart_percent", percent: 5, starts_on: "2026-02-30" },
      "starts_on",
    ],
    ["unknown kind", { ...freeOver60, kind: "half_off" }, "kind"],
    ["percent over 100", { ...freeOver60, kind: "cart_percent", percent: 101 }, "percent"],
    ["percent missing", { ...freeOver60, kind: "cart_percent" }, "percent"],
    ["no amount", { ...freeOver60, kind: "free_delivery" }, "min_subtotal"],
    ["negative amount", { ...freeOver60, kind: "free_delivery", min_subtotal: -1 }, "min_subtotal"],
    [
      "an unknown zone",
      { ...freeOver60, kind: "free_delivery", min_subtotal: 1, zone_ids: [999999] },
      "zone_ids",
    ],
    [
      "overlapping tiers",
      {
        ...freeOver60,
        kind: "volume",
        target_type: "product",
        target_id: 1,
        tiers: [
          { min_grams: 2000, percent: 10 },
          { min_grams: 2000, percent: 20 },
        ],
      },
      "tiers",
    ],
    [
      "a tier with both percent and amount",
      {
        ...freeOver60,
        kind: "volume",
        target_type: "product",
        target_id: 1,
        tiers: [{ min_grams: 2000, percent: 10, amount: 5 }],
      },
      "tiers.0.percent",
    ],
    [
      "no tiers",
      { ...freeOver60, kind: "volume", target_type: "product", target_id: 1, tiers: [] },
      "tiers",
    ],
    [
      "an unknown product",
      {
        ...freeOver60,
        kind: "volume",
        target_type: "product",
        target_id: 999999,
        tiers: [{ min_grams: 1, percent: 1 }],
      },
      "target_id",
    ],
    ["buy-get without weights", { ...freeOver60, kind: "buy_get", product_id: 1 }, "buy_grams"],
    ["a NUL byte", { name: "a\u0000b", name_ar: "x", kind: "cart_percent", percent: 5 }, "name"],
  ])("refuses %s with a 422 on the field, writing nothing", async (_name, body, field) => {
    const before = (await list()).json().data.length;
    const res = await create(body);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ message: expect.any(String) });
    expect(res.json().errors).toHaveProperty([field]);
    expect((await list()).json().data.length).toBe(before);
  });

  it("is for the owner and the catalogue role only", async () => {
    expect((await list(catalogue.auth)).statusCode).toBe(200);
    const made = await create(
      { ...freeOver60, kind: "free_delivery", min_subtotal: 10 },
      catalogue.auth,
    );
    expect(made.statusCode).toBe(201);
    for (const who of [kitchen.auth, customer.auth, {}]) {
      const status = (await list(who)).statusCode;
      expect([401, 403]).toContain(status);
      expect([401, 403]).toContain(
        (await create({ ...freeOver60, kind: "free_delivery", min_subtotal: 10 }, who)).statusCode,
      );
      expect([401, 403]).toContain((await remove(made.json().data.id, who)).statusCode);
      expect([401, 403]).toContain(
        (
          await update(
            made.json().data.id,
            { ...freeOver60, kind: "cart_percent", percent: 1 },
            who,
          )
        ).statusCode,
      );
    }
    expect((await list(kitchen.auth)).statusCode).toBe(403);
    expect((await list({})).statusCode).toBe(401);
    expect(
      (await t.app.inject({ url: "/api/admin/promotions/abc", method: "DELETE", headers: auth() }))
        .statusCode,
    ).toBeGreaterThanOrEqual(400);
  });
});

describe("POST /api/cart/price", () => {
  it.each<[string, Body]>([
    ["no lines", { lines: [] }],
    ["not a list", { lines: "x" }],
    ["a bad country", { lines: [{ productId: 1, grams: 1000, qty: 1 }], country: "XX" }],
    ["a bad method", { lines: [{ productId: 1, grams: 1000, qty: 1 }], shipping_method: "boat" }],
  ])("refuses %s with a 422", async (_name, body) => {
    const res = await price(body);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ message: expect.any(String), errors: expect.any(Object) });
  });

  it("refuses a product that is not on sale with a 422 on its line", async () => {
    const res = await price({ lines: [{ productId: 999999, grams: 1000, qty: 1 }] });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toHaveProperty(["lines.0"]);
  });

  it("prices a country's delivery: free delivery limited to another zone does not apply", async () => {
    await reset();
    const id = await addProduct(t.database.db, { priceCents: 10000 });
    const domestic = await price({
      lines: [{ productId: id, grams: 1000, qty: 1 }],
      country: "SY",
    });
    expect(domestic.statusCode).toBe(200);
    const zones = (await t.app.inject({ url: "/api/shipping" })).json().data.zones as Array<{
      id: number;
      countries: string[];
    }>;
    const other = zones.find((z) => !z.countries.includes("SY"));
    if (!other) return;
    await create({ ...freeOver60, kind: "free_delivery", min_subtotal: 60, zone_ids: [other.id] });
    const again = await price({ lines: [{ productId: id, grams: 1000, qty: 1 }], country: "SY" });
    expect(again.json().data.delivery_fee).toBe(domestic.json().data.delivery_fee);
    expect(again.json().data.next_promotion).toBeNull();
  });
});
