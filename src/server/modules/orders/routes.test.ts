import { randomUUID } from "node:crypto";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { storageUrl } from "../../../shared/schemas/catalog.ts";
import { products } from "../../db/schema/catalog.ts";
import { notifications } from "../../db/schema/notifications.ts";
import { orders } from "../../db/schema/orders.ts";
import { createTestApp, type TestApp } from "../../test/app.ts";
import { createUserWithToken } from "../../test/fixtures.ts";
import {
  addCoupon,
  addProduct,
  couponUses,
  orderBody,
  placeOrder,
  stockOf,
} from "./test-fixtures.ts";

let t: TestApp;
/** 20.00 per kg, options 500 g (default price 10.00) and 1 kg with an override of 18.00. */
let baklava: number;
/** 30.00 per kg, no options: sells by the kilo only. */
let maamoul: number;
let inactive: number;
/** 40.00 per kg discounted to 30.00. */
let discounted: number;

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  baklava = await addProduct(db, {
    name: "Baklava",
    nameAr: "بقلاوة",
    priceCents: 2000,
    stockGrams: 100_000,
    options: [{ grams: 500 }, { grams: 1000, priceCents: 1800 }],
  });
  maamoul = await addProduct(db, { name: "Maamoul", nameAr: "معمول", priceCents: 3000 });
  inactive = await addProduct(db, { name: "Retired", active: false });
  discounted = await addProduct(db, { name: "Kunafa", priceCents: 4000, discountPriceCents: 3000 });
});
afterAll(() => t.close());

const orderCount = async () => {
  const [row] = await t.database.db.select({ n: count() }).from(orders);
  return row!.n;
};

describe("POST /api/orders: a guest order", () => {
  it("reprices from the database, ignores client prices, reserves stock and answers 201", async () => {
    const before = await stockOf(t.database.db, baklava);
    const res = await placeOrder(
      t.app,
      orderBody(
        [
          { productId: String(baklava), grams: 500, qty: 2, price: 0.01, unit_price: 0.01 },
          { productId: maamoul, grams: 1000, qty: 1, price: 0.01 },
        ],
        { subtotal: 1, total: 1, discount: 99, delivery_fee: 0 },
      ),
    );
    expect(res.statusCode).toBe(201);
    const order = res.json().data;
    expect(order).toMatchObject({
      number: expect.stringMatching(/^SW-\d{5,}$/),
      status: "pending",
      name: "Layla Haddad",
      country: "SY",
      payment_method: "cod",
      coupon: null,
      // 2 x 10.00 + 1 x 30.00 = 50.00; standing 20% = 10.00; delivery 15.00 -> 55.00
      subtotal: 50,
      discount: 10,
      discount_percent: 20,
      discount_source: "standing",
      delivery_fee: 15,
      total: 55,
      total_grams: 2000,
      payment_instructions: null,
      messaging_link: null,
    });
    expect(order.lines).toEqual([
      {
        line_id: expect.any(Number),
        product_id: baklava,
        name: "Baklava",
        name_ar: "بقلاوة",
        grams: 500,
        qty: 2,
        unit_price: 10,
        line_total: 20,
        weighed_grams: null,
        refunded: 0,
        image_url: null,
        contents: null,
      },
      {
        line_id: expect.any(Number),
        product_id: maamoul,
        name: "Maamoul",
        name_ar: "معمول",
        grams: 1000,
        qty: 1,
        unit_price: 30,
        line_total: 30,
        weighed_grams: null,
        refunded: 0,
        image_url: null,
        contents: null,
      },
    ]);
    expect(order.access_key).toMatch(/^[\w-]{40,}$/);
    expect(order.events).toEqual([
      { status: "pending", at: order.created_at, actor: "customer", note: null },
    ]);
    expect(await stockOf(t.database.db, baklava)).toBe(before! - 1000);
    // Untracked stock stays untracked.
    expect(await stockOf(t.database.db, maamoul)).toBeNull();
  });

  it("answers the placer with the same order a later read shows, plus the private key", async () => {
    const pictured = await addProduct(t.database.db, { name: "Pictured" });
    await t.database.db
      .update(products)
      .set({ image: "catalog/products/pictured.webp" })
      .where(eq(products.id, pictured));
    const res = await placeOrder(
      t.app,
      orderBody([
        { productId: pictured, grams: 1000, qty: 1 },
        { productId: maamoul, grams: 1000, qty: 1 },
      ]),
    );
    const placed = res.json().data;
    expect(placed.lines[0].image_url).toBe(storageUrl("catalog/products/pictured.webp"));
    const read = await t.app.inject(`/api/orders/${placed.number}?key=${placed.access_key}`);
    const { access_key, ...rest } = placed;
    expect(access_key).toEqual(expect.any(String));
    expect(read.json().data).toEqual(rest);
  });

  it("writes an admin notification with SPEC's data (customer, order_id, total, placed_at)", async () => {
    const res = await placeOrder(t.app, orderBody([{ productId: maamoul, grams: 1000, qty: 1 }]));
    const order = res.json().data;
    const rows = await t.database.db.select().from(notifications);
    const mine = rows.find((n) => n.data.order_number === order.number)!;
    expect(mine.type).toBe("order_placed");
    expect(mine.readAt).toBeNull();
    expect(mine.data).toEqual({
      customer: "Layla Haddad",
      order_id: expect.any(Number),
      order_number: order.number,
      total: order.total,
      placed_at: order.created_at,
    });
  });

  it.each([
    ["the 500 g option at weight x price per kg", baklavaLine(500, 3), 30],
    ["the 1 kg option at the admin's override", baklavaLine(1000, 1), 18],
    [
      "a product without options by the kilo",
      () => ({ productId: maamoul, grams: 1000, qty: 2 }),
      60,
    ],
    ["the discount price per kg", () => ({ productId: discounted, grams: 1000, qty: 1 }), 30],
  ])("prices %s", async (_label, line, subtotal) => {
    const res = await placeOrder(t.app, orderBody([line()]));
    expect(res.statusCode).toBe(201);
    expect(res.json().data.subtotal).toBe(subtotal);
  });

  it.each([
    [
      "an unknown product",
      () => ({ productId: 999_999, grams: 1000, qty: 1 }),
      /no longer available/,
    ],
    [
      "an inactive product",
      () => ({ productId: inactive, grams: 1000, qty: 1 }),
      /no longer available/,
    ],
    ["grams that are not an option", baklavaLine(750, 1), /Baklava is sold in: 0\.5 kg, 1 kg/],
    [
      "half a kilo of a by-the-kilo product",
      () => ({ productId: maamoul, grams: 500, qty: 1 }),
      /1 kg/,
    ],
  ])("refuses %s with 422 on lines.N", async (_label, line, message) => {
    const before = await orderCount();
    const res = await placeOrder(
      t.app,
      orderBody([{ productId: maamoul, grams: 1000, qty: 1 }, line()]),
    );
    expect(res.statusCode).toBe(422);
    const body = res.json();
    expect(Object.keys(body.errors)).toEqual(["lines.1"]);
    expect(body.errors["lines.1"][0]).toMatch(message);
    expect(body.message).toMatch(message);
    expect(await orderCount()).toBe(before);
  });

  it.each([
    ["no name", { name: "" }, "name", "Please enter your name."],
    ["no phone", { phone: "" }, "phone", "Please enter your phone number."],
    ["a bad phone", { phone: "call me" }, "phone", "Please enter a valid phone number."],
    ["a bad e-mail", { email: "nope" }, "email", "Please enter a valid email address."],
    [
      "a country that is not an ISO code",
      { country: "XX" },
      "country",
      "Please choose a country from the list.",
    ],
    ["a country name", { country: "Syria" }, "country", "Please choose a country from the list."],
    ["no city", { city: " " }, "city", "Please enter your city."],
    ["no address", { address: "" }, "address", "Please enter your address."],
    [
      "an unknown payment method",
      { payment_method: "card" },
      "payment_method",
      "Please choose a payment method.",
    ],
    ["no lines", { lines: [] }, "lines", "Your cart is empty."],
    [
      "a zero quantity",
      { lines: [{ productId: 1, grams: 1000, qty: 0 }] },
      "lines.0.qty",
      "The quantity must be a whole number between 1 and 8.",
    ],
    [
      "more of one line than the cart holds (issue 29.8)",
      { lines: [{ productId: 1, grams: 1000, qty: 9 }] },
      "lines.0.qty",
      "The quantity must be a whole number between 1 and 8.",
    ],
    [
      "a fractional weight",
      { lines: [{ productId: 1, grams: 0.5, qty: 1 }] },
      "lines.0.grams",
      "This weight is not valid.",
    ],
    [
      "a product id that is not a number",
      { lines: [{ productId: "abc", grams: 1000, qty: 1 }] },
      "lines.0.productId",
      "This product is not valid.",
    ],
  ])("refuses %s with 422 and a clear message", async (_label, override, field, message) => {
    const res = await placeOrder(
      t.app,
      orderBody([{ productId: maamoul, grams: 1000, qty: 1 }], override),
    );
    expect(res.statusCode).toBe(422);
    const body = res.json();
    expect(body.errors[field]).toContain(message);
    expect(body.message).toEqual(expect.any(String));
  });

  it("refuses an order beyond any shop order with 422 rather than overflowing", async () => {
    // The most one line may ask for (repeats of a line are merged, so this is the most of
    // one product and weight): 8 tonnes.
    const heavy = await addProduct(t.database.db, { options: [{ grams: 1_000_000 }] });
    const lines = [{ productId: heavy, grams: 1_000_000, qty: 8 }];
    const res = await placeOrder(t.app, orderBody(lines));
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.lines[0]).toMatch(/larger than we can take online/);
  });

  it.each([
    ["international, with spaces", "+963 944 000 111", "SY", "+963944000111"],
    ["the domestic way, read in the order's country", "0944 000 111", "SY", "+963944000111"],
    ["with 00", "00963 944 000 111", "SY", "+963944000111"],
    ["a Qatari number without its code", "3312 3456", "QA", "+97433123456"],
  ])("stores a phone written %s in E.164", async (_label, phone, country, stored) => {
    const res = await placeOrder(
      t.app,
      orderBody([{ productId: maamoul, grams: 1000, qty: 1 }], { phone, country }),
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.phone).toBe(stored);
    const [row] = await t.database.db
      .select({ phone: orders.phone })
      .from(orders)
      .where(eq(orders.number, res.json().data.number));
    expect(row!.phone).toBe(stored);
  });

  it.each([
    ["a Syrian domestic number on a Qatari order", "0944 000 111", "QA"],
    ["too few digits for the country", "0944 00", "SY"],
  ])("refuses %s with 422 on the phone field", async (_l, phone, country) => {
    const before = await orderCount();
    const res = await placeOrder(
      t.app,
      orderBody([{ productId: maamoul, grams: 1000, qty: 1 }], { phone, country }),
    );
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.phone).toEqual(["Please enter a valid phone number."]);
    expect(await orderCount()).toBe(before);
  });

  it("accepts a guest without an e-mail and a lower-case country code", async () => {
    const res = await placeOrder(
      t.app,
      orderBody([{ productId: maamoul, grams: 1000, qty: 1 }], {
        email: "",
        country: "ae",
        notes: "",
      }),
    );
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ email: null, country: "AE", notes: null });
  });
});

function baklavaLine(grams: number, qty: number) {
  return () => ({ productId: baklava, grams, qty });
}

describe("POST /api/orders: shipping rules (SPEC 9, DECISIONS)", () => {
  // maamoul sells by the kilo: qty = kilos, at most 8 of one product and weight (what one
  // cart line holds); heavier orders add 5 kg boxes of another sweet.
  let boxes: number;
  beforeAll(async () => {
    boxes = await addProduct(t.database.db, { name: "Box", options: [{ grams: 5000 }] });
  });
  const kilosOf = (kilos: number) => {
    const small = kilos % 5 || (kilos <= 8 ? kilos : 0);
    const big = (kilos - small) / 5;
    return [
      ...(small ? [{ productId: maamoul, grams: 1000, qty: small }] : []),
      ...(big ? [{ productId: boxes, grams: 5000, qty: big }] : []),
    ];
  };
  it.each([
    ["SY", 20, 201, null],
    ["US", 10, 201, null],
    ["ES", 1, 422, "no_shipping"],
    ["TR", 1, 422, "no_shipping"],
    ["PT", 1, 422, "no_shipping"],
    ["FR", 1, 201, null],
    ["FR", 2, 422, "weight_limit"],
    ["DE", 3, 201, null],
    ["DE", 4, 422, "weight_limit"],
  ])("to %s with %i kg -> %i %s", async (country, kilos, status, code) => {
    const res = await placeOrder(t.app, orderBody(kilosOf(kilos), { country }));
    expect(res.statusCode).toBe(status);
    if (code) {
      const body = res.json();
      expect(body.code).toBe(code);
      expect(body.errors.country).toEqual([body.message]);
      expect(body.message_ar).toEqual(expect.any(String));
    }
  });

  it("names the country and the rule in both languages", async () => {
    const refused = await placeOrder(
      t.app,
      orderBody([{ productId: maamoul, grams: 1000, qty: 1 }], { country: "PT" }),
    );
    expect(refused.json()).toMatchObject({
      message: "Sorry, we do not ship to Portugal.",
      message_ar: "عذراً، لا نشحن إلى البرتغال.",
    });
    const heavy = await placeOrder(
      t.app,
      orderBody([{ productId: baklava, grams: 500, qty: 3 }], { country: "IT" }),
    );
    expect(heavy.json()).toMatchObject({
      code: "weight_limit",
      max_grams: 1000,
      message: "Orders shipped to Italy may weigh at most 1 kg. Please reduce your cart.",
    });
    expect(heavy.json().message_ar).toContain("إيطاليا");
  });
});

describe("POST /api/orders: coupons", () => {
  it.each([
    // subtotal 100.00 (maamoul x 3 + baklava 1 kg = 90 + ... use maamoul only: 30 each)
    ["no coupon: the standing 20% applies", null, 20, "standing", null],
    ["a 10% coupon is smaller than the standing 20%", "SMALL10", 20, "standing", null],
    ["a 30% coupon beats the standing 20%", "BIG30", 30, "coupon", "BIG30"],
    ["a coupon typed in lower case with spaces", "  big30 ", 30, "coupon", "BIG30"],
  ])("%s", async (_label, code, percent, source, stored) => {
    if (!(await findCouponId("SMALL10"))) {
      await addCoupon(t.database.db, { code: "SMALL10", percent: 10 });
      await addCoupon(t.database.db, { code: "Big30", percent: 30, maxUses: 1000 });
    }
    const smallBefore = await couponUses(t.database.db, (await findCouponId("SMALL10"))!);
    const res = await placeOrder(
      t.app,
      orderBody([{ productId: maamoul, grams: 1000, qty: 1 }], code ? { coupon: code } : {}),
    );
    expect(res.statusCode).toBe(201);
    const order = res.json().data;
    // subtotal 30.00: discount percent of it, plus 15.00 delivery
    expect(order).toMatchObject({
      discount_percent: percent,
      discount_source: source,
      coupon: stored,
      discount: (30 * percent) / 100,
      total: 30 - (30 * percent) / 100 + 15,
    });
    // The smaller coupon added nothing, so none of its uses was spent.
    expect(await couponUses(t.database.db, (await findCouponId("SMALL10"))!)).toBe(smallBefore);
  });

  it("counts a use of the coupon that was applied", async () => {
    const id = await addCoupon(t.database.db, { code: "COUNTME", percent: 50, maxUses: 3 });
    await placeOrder(
      t.app,
      orderBody([{ productId: maamoul, grams: 1000, qty: 1 }], { coupon: "countme" }),
    );
    expect(await couponUses(t.database.db, id)).toBe(1);
  });

  it.each([
    ["unknown", "NOPE", "This promotion code is not known."],
    ["expired", "OLD", "This promotion code has expired."],
    ["used_up", "GONE", "This promotion code has been used up."],
  ])("refuses a coupon that is %s with 422 on coupon", async (reason, code, message) => {
    if (!(await findCouponId("OLD"))) {
      await addCoupon(t.database.db, { code: "OLD", percent: 40, expireAt: "2020-01-01" });
      await addCoupon(t.database.db, { code: "GONE", percent: 40, maxUses: 2, uses: 2 });
    }
    const before = await orderCount();
    const res = await placeOrder(
      t.app,
      orderBody([{ productId: maamoul, grams: 1000, qty: 1 }], { coupon: code }),
    );
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ message, errors: { coupon: [message] }, reason });
    expect(res.json().message_ar).toEqual(expect.any(String));
    expect(await orderCount()).toBe(before);
  });
});

async function findCouponId(code: string): Promise<number | undefined> {
  const { coupons } = await import("../../db/schema/coupons.ts");
  const [row] = await t.database.db.select().from(coupons).where(eq(coupons.code, code));
  return row?.id;
}

describe("POST /api/orders: payment methods", () => {
  it("bank transfer answers with the shop's instructions in both languages", async () => {
    const res = await placeOrder(
      t.app,
      orderBody([{ productId: maamoul, grams: 1000, qty: 1 }], { payment_method: "bank_transfer" }),
    );
    expect(res.statusCode).toBe(201);
    const { payment_instructions, messaging_link } = res.json().data;
    expect(payment_instructions.en).toContain("Example Bank");
    expect(payment_instructions.ar).toContain("بنك المثال");
    expect(messaging_link).toBeNull();
  });

  it.each([
    ["en", "Hello, this is my order", "Baklava (0.5 kg) × 2 = $20.00", "Total: $31.00"],
    ["ar", "مرحباً، هذا طلبي رقم", "بقلاوة (0.5 كغ) × 2", "المجموع:"],
  ])(
    "messaging app (%s) gets a link with lines, total and order number",
    async (lang, hello, line, total) => {
      const res = await placeOrder(
        t.app,
        orderBody([{ productId: baklava, grams: 500, qty: 2 }], {
          payment_method: "messaging_app",
          lang,
        }),
      );
      const { messaging_link, number } = res.json().data;
      const url = new URL(messaging_link);
      expect(url.origin + url.pathname).toBe("https://wa.me/963900000000");
      const text = url.searchParams.get("text")!;
      expect(text).toContain(hello);
      expect(text).toContain(number);
      expect(text).toContain(line);
      expect(text).toContain(total);
    },
  );
});

describe("POST /api/orders: idempotency", () => {
  const body = () => orderBody([{ productId: maamoul, grams: 1000, qty: 1 }]);

  it.each([
    ["missing", null],
    ["too short", "abc"],
    ["with spaces", "this key has spaces in it"],
  ])("a %s Idempotency-Key is a 400", async (_label, key) => {
    const before = await orderCount();
    const res = await placeOrder(t.app, body(), { key });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      message: expect.stringContaining("Idempotency-Key"),
      errors: { "idempotency-key": [expect.any(String)] },
    });
    expect(await orderCount()).toBe(before);
  });

  it("the same key and body returns the same order (and the same private key), once", async () => {
    const key = randomUUID();
    const first = await placeOrder(t.app, body(), { key });
    const before = await orderCount();
    const again = await placeOrder(t.app, body(), { key });
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(200);
    expect(again.headers["idempotent-replayed"]).toBe("true");
    expect(again.json().data.number).toBe(first.json().data.number);
    expect(again.json().data.access_key).toBe(first.json().data.access_key);
    expect(await orderCount()).toBe(before);
  });

  it("the same key with another body is a 422", async () => {
    const key = randomUUID();
    await placeOrder(t.app, body(), { key });
    const res = await placeOrder(t.app, { ...body(), city: "Aleppo" }, { key });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.idempotency_key).toEqual([expect.any(String)]);
  });

  it("the same key from another customer is a 422, not their order", async () => {
    const key = randomUUID();
    await placeOrder(t.app, body(), { key });
    const other = await createUserWithToken(t.app);
    const res = await placeOrder(t.app, body(), { key, headers: other.auth });
    expect(res.statusCode).toBe(422);
  });
});

describe("GET /api/orders/:number", () => {
  let number: string;
  let accessKey: string;
  beforeAll(async () => {
    const res = await placeOrder(t.app, orderBody([{ productId: maamoul, grams: 1000, qty: 1 }]));
    ({ number, access_key: accessKey } = res.json().data);
  });

  it("shows a guest's order through the private link, without the key", async () => {
    const res = await t.app.inject(`/api/orders/${number}?key=${accessKey}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ number, status: "pending", total: 39 });
    expect(res.json().data.access_key).toBeUndefined();
  });

  it.each([
    ["no key", () => `/api/orders/${number}`, {}],
    ["a wrong key", () => `/api/orders/${number}?key=${accessKey.slice(1)}x`, {}],
    ["an unknown number", () => `/api/orders/SW-1?key=${accessKey}`, {}],
  ])("answers 404 with %s", async (_label, url) => {
    const res = await t.app.inject(url());
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: "Order not found." });
  });

  it("answers 404 to another signed-in customer", async () => {
    const other = await createUserWithToken(t.app);
    const res = await t.app.inject({ url: `/api/orders/${number}`, headers: other.auth });
    expect(res.statusCode).toBe(404);
  });

  it("answers 400 to a malformed number", async () => {
    const res = await t.app.inject("/api/orders/<script>");
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.number).toBeDefined();
  });
});

describe("a signed-in customer's orders", () => {
  it("attaches the order to the account, lists it by group, and only to its owner", async () => {
    const me = await createUserWithToken(t.app, { email: "me@example.com" });
    const stranger = await createUserWithToken(t.app);
    const placed = await placeOrder(
      t.app,
      orderBody([{ productId: maamoul, grams: 1000, qty: 1 }], { email: null }),
      { headers: me.auth },
    );
    expect(placed.statusCode).toBe(201);
    const { number } = placed.json().data;
    // No e-mail typed: the account's is used.
    expect(placed.json().data.email).toBe("me@example.com");

    const mine = await t.app.inject({ url: `/api/orders/${number}`, headers: me.auth });
    expect(mine.statusCode).toBe(200);

    const list = await t.app.inject({ url: "/api/orders?group=in_progress", headers: me.auth });
    expect(list.statusCode).toBe(200);
    expect(list.json().data.map((o: { number: string }) => o.number)).toEqual([number]);
    expect(list.json().meta).toEqual({ page: 1, per_page: 10, total: 1, last_page: 1 });
    expect(list.json().data[0].access_key).toBeUndefined();

    const delivered = await t.app.inject({ url: "/api/orders?group=delivered", headers: me.auth });
    expect(delivered.json().data).toEqual([]);

    const theirs = await t.app.inject({ url: "/api/orders", headers: stranger.auth });
    expect(theirs.json()).toEqual({
      data: [],
      meta: { page: 1, per_page: 10, total: 0, last_page: 1 },
    });
  });

  it("pages with 10, 20 or 50 per page", async () => {
    const me = await createUserWithToken(t.app);
    for (let i = 0; i < 12; i++) {
      await placeOrder(t.app, orderBody([{ productId: maamoul, grams: 1000, qty: 1 }]), {
        headers: me.auth,
      });
    }
    const second = await t.app.inject({ url: "/api/orders?page=2&per_page=10", headers: me.auth });
    expect(second.json().data).toHaveLength(2);
    expect(second.json().meta).toEqual({ page: 2, per_page: 10, total: 12, last_page: 2 });
    const all = await t.app.inject({ url: "/api/orders?per_page=20", headers: me.auth });
    expect(all.json().data).toHaveLength(12);
  });

  it.each([
    ["per_page=15", "per_page"],
    ["group=shipped", "group"],
    ["page=0", "page"],
  ])("answers 400 to %s", async (query, field) => {
    const me = await createUserWithToken(t.app);
    const res = await t.app.inject({ url: `/api/orders?${query}`, headers: me.auth });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[field]).toBeDefined();
  });

  it("answers 401 without a token", async () => {
    const res = await t.app.inject("/api/orders");
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: "Unauthenticated." });
  });
});

describe("rate limit", () => {
  it("answers 429 once a client places orders too often", async () => {
    const limited = await createTestApp({ rateLimit: true });
    try {
      const product = await addProduct(limited.database.db, {});
      const statuses: number[] = [];
      for (let i = 0; i < 11; i++) {
        const res = await placeOrder(
          limited.app,
          orderBody([{ productId: product, grams: 1000, qty: 1 }]),
        );
        statuses.push(res.statusCode);
      }
      expect(statuses.slice(0, 10)).toEqual(Array(10).fill(201));
      expect(statuses[10]).toBe(429);
    } finally {
      await limited.close();
    }
  });
});
