import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BOX_MESSAGES } from "../../../shared/domain/boxes.ts";
import { products } from "../../db/schema/catalog.ts";
import { orderLines, orders } from "../../db/schema/orders.ts";
import { createTestApp, type TestApp } from "../../test/app.ts";
import { createUserWithToken } from "../../test/fixtures.ts";
import { addProduct, orderBody, placeOrder, stockOf } from "./test-fixtures.ts";

// Mixed boxes by weight: the owner defines the box, the shopper orders it filled; the server
// checks the filling, prices it from the database and takes each sweet's grams from stock.

let t: TestApp;
let catalogue: Awaited<ReturnType<typeof createUserWithToken>>;
let orderDesk: Awaited<ReturnType<typeof createUserWithToken>>;
let customer: Awaited<ReturnType<typeof createUserWithToken>>;
let baklava: number;
let maamoul: number;
let barazek: number;
let other: number;
let categoryId: number;

beforeAll(async () => {
  t = await createTestApp();
  catalogue = await createUserWithToken(t.app, { admin: true, roles: ["catalogue"] });
  orderDesk = await createUserWithToken(t.app, { admin: true, roles: ["orders"] });
  customer = await createUserWithToken(t.app);
  categoryId = (
    await t.app.inject({
      method: "POST",
      url: "/api/admin/categories",
      headers: catalogue.auth,
      payload: { name: "Trays" },
    })
  ).json().data.id;
  baklava = await addProduct(t.database.db, {
    name: "Baklava",
    nameAr: "بقلاوة",
    priceCents: 3000,
    stockGrams: 10_000,
  });
  maamoul = await addProduct(t.database.db, {
    name: "Maamoul",
    nameAr: "معمول",
    priceCents: 2000,
    discountPriceCents: 1800,
    stockGrams: 10_000,
  });
  barazek = await addProduct(t.database.db, { name: "Barazek", nameAr: "برازق", priceCents: 1500 });
  other = await addProduct(t.database.db, { name: "Halva", priceCents: 1000 });
});
afterAll(() => t.close());

const goodBox = () => ({
  sizes: [
    { grams: 500, price: 25 },
    { grams: 1000, price: null },
    { grams: 2000, price: 80 },
  ],
  step_grams: 100,
  product_ids: [baklava, maamoul, barazek],
});

const createBox = (box: unknown, headers: Record<string, string> = catalogue.auth) =>
  t.app.inject({
    method: "POST",
    url: "/api/admin/products",
    headers,
    payload: { name: "Mixed tray", price: 30, category_id: categoryId, box },
  });

const productCount = async () => (await t.database.db.select({ n: count() }).from(products))[0]!.n;
const orderCount = async () => (await t.database.db.select({ n: count() }).from(orders))[0]!.n;

describe("the owner's box", () => {
  it("is written by the product form and given by the admin and the shop", async () => {
    const res = await createBox(goodBox());
    expect(res.statusCode).toBe(201);
    const expected = {
      sizes: [
        { grams: 500, price: 25 },
        { grams: 1000, price: null },
        { grams: 2000, price: 80 },
      ],
      step_grams: 100,
      product_ids: [baklava, maamoul, barazek],
    };
    expect(res.json().data.box).toEqual(expected);
    const shop = await t.app.inject({ url: `/api/products/${res.json().data.id}` });
    expect(shop.json().data.box).toEqual(expected);
    const plain = await t.app.inject({ url: `/api/products/${baklava}` });
    expect(plain.json().data.box).toBeNull();
  });

  it("is kept when the form leaves it out and removed with null", async () => {
    const id = (await createBox(goodBox())).json().data.id;
    const put = (payload: Record<string, unknown>) =>
      t.app.inject({
        method: "PUT",
        url: `/api/admin/products/${id}`,
        headers: catalogue.auth,
        payload: { name: "Mixed tray", price: 30, category_id: categoryId, ...payload },
      });
    expect((await put({})).json().data.box).not.toBeNull();
    expect((await put({ box: JSON.stringify(goodBox()) })).json().data.box.step_grams).toBe(100);
    expect((await put({ box: null })).json().data.box).toBeNull();
  });

  it.each<[string, () => unknown, string]>([
    ["no size", () => ({ ...goodBox(), sizes: [] }), "box.sizes"],
    [
      "a size off the step",
      () => ({ ...goodBox(), sizes: [{ grams: 750, price: null }], step_grams: 500 }),
      "box.sizes.0.grams",
    ],
    [
      "a size twice",
      () => ({
        ...goodBox(),
        sizes: [
          { grams: 500, price: 1 },
          { grams: 500, price: null },
        ],
      }),
      "box.sizes.1.grams",
    ],
    [
      "a negative price",
      () => ({ ...goodBox(), sizes: [{ grams: 500, price: -1 }] }),
      "box.sizes.0.price",
    ],
    ["a step of 0", () => ({ ...goodBox(), step_grams: 0 }), "box.step_grams"],
    ["no sweets", () => ({ ...goodBox(), product_ids: [] }), "box.product_ids"],
    [
      "an unknown sweet",
      () => ({ ...goodBox(), product_ids: [baklava, 999_999] }),
      "box.product_ids",
    ],
    ["not a box at all", () => "a box", "box"],
  ])("refuses %s with 422, nothing written", async (_name, box, field) => {
    const before = await productCount();
    const res = await createBox(box());
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ message: expect.any(String) });
    expect(Object.keys(res.json().errors)).toContain(field);
    expect(await productCount()).toBe(before);
  });

  it("refuses a box inside a box", async () => {
    const inner = (await createBox(goodBox())).json().data.id;
    const res = await createBox({ ...goodBox(), product_ids: [baklava, inner] });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors["box.product_ids"]).toEqual([
      `These products cannot go in a box: ${inner}. Choose sweets that are not boxes.`,
    ]);
  });

  it("is the catalogue's: a customer and the orders desk are refused", async () => {
    expect((await createBox(goodBox(), customer.auth)).statusCode).toBe(403);
    expect((await createBox(goodBox(), orderDesk.auth)).statusCode).toBe(403);
    expect((await createBox(goodBox(), {})).statusCode).toBe(401);
  });
});

describe("ordering a box", () => {
  let box: number;
  beforeAll(async () => {
    box = (await createBox(goodBox())).json().data.id;
  });

  it("prices a box by its contents, writes the contents and takes each sweet's grams", async () => {
    const before = [await stockOf(t.database.db, baklava), await stockOf(t.database.db, maamoul)];
    const res = await placeOrder(
      t.app,
      orderBody([
        {
          productId: box,
          grams: 1000,
          qty: 2,
          contents: [
            { productId: baklava, grams: 400 },
            { productId: maamoul, grams: 300 },
            { productId: barazek, grams: 200 },
            { productId: baklava, grams: 100 },
          ],
        },
      ]),
    );
    expect(res.statusCode).toBe(201);
    const [line] = res.json().data.lines;
    // 500 g baklava at 30.00 + 300 g maamoul at its discount 18.00 + 200 g barazek at 15.00.
    expect(line).toMatchObject({
      product_id: box,
      name: "Mixed tray",
      grams: 1000,
      qty: 2,
      unit_price: 15 + 5.4 + 3,
      line_total: 46.8,
      contents: [
        { product_id: baklava, name: "Baklava", name_ar: "بقلاوة", grams: 500 },
        { product_id: maamoul, name: "Maamoul", name_ar: "معمول", grams: 300 },
        { product_id: barazek, name: "Barazek", name_ar: "برازق", grams: 200 },
      ],
    });
    expect(await stockOf(t.database.db, baklava)).toBe(before[0]! - 1000);
    expect(await stockOf(t.database.db, maamoul)).toBe(before[1]! - 600);
    // The order page (by its private link) lists the contents too.
    const { number, access_key } = res.json().data;
    const page = await t.app.inject({ url: `/api/orders/${number}?key=${access_key}` });
    expect(page.json().data.lines[0].contents).toHaveLength(3);
  });

  it("charges a size with its own price whatever is in it", async () => {
    const res = await placeOrder(
      t.app,
      orderBody([
        { productId: box, grams: 500, qty: 1, contents: [{ productId: barazek, grams: 500 }] },
      ]),
    );
    expect(res.statusCode).toBe(201);
    expect(res.json().data.lines[0]).toMatchObject({ unit_price: 25, line_total: 25 });
  });

  it("keeps two different boxes apart and adds equal ones together", async () => {
    const a = [
      { productId: baklava, grams: 200 },
      { productId: barazek, grams: 300 },
    ];
    const res = await placeOrder(
      t.app,
      orderBody([
        { productId: box, grams: 500, qty: 1, contents: a },
        { productId: box, grams: 500, qty: 1, contents: [{ productId: barazek, grams: 500 }] },
        { productId: box, grams: 500, qty: 2, contents: [...a].reverse() },
      ]),
    );
    expect(res.statusCode).toBe(201);
    expect(res.json().data.lines.map((l: { qty: number }) => l.qty)).toEqual([3, 1]);
  });

  it.each<[string, () => Parameters<typeof orderBody>[0][number], Record<string, string[]>]>([
    [
      "contents that do not fill the size",
      () => ({
        productId: box,
        grams: 1000,
        qty: 1,
        contents: [{ productId: baklava, grams: 900 }],
      }),
      { "lines.0.contents": [BOX_MESSAGES.NOT_FULL] },
    ],
    [
      "contents over the size",
      () => ({
        productId: box,
        grams: 500,
        qty: 1,
        contents: [{ productId: baklava, grams: 600 }],
      }),
      { "lines.0.contents": [BOX_MESSAGES.NOT_FULL] },
    ],
    [
      "a sweet not allowed",
      () => ({
        productId: box,
        grams: 500,
        qty: 1,
        contents: [
          { productId: baklava, grams: 400 },
          { productId: other, grams: 100 },
        ],
      }),
      { "lines.0.contents.1": [BOX_MESSAGES.NOT_ALLOWED] },
    ],
    [
      "grams off the step",
      () => ({
        productId: box,
        grams: 500,
        qty: 1,
        contents: [
          { productId: baklava, grams: 250 },
          { productId: maamoul, grams: 250 },
        ],
      }),
      {
        "lines.0.contents.0": [BOX_MESSAGES.OFF_STEP],
        "lines.0.contents.1": [BOX_MESSAGES.OFF_STEP],
      },
    ],
    [
      "a size the box does not come in",
      () => ({
        productId: box,
        grams: 700,
        qty: 1,
        contents: [{ productId: baklava, grams: 700 }],
      }),
      { "lines.0.grams": [BOX_MESSAGES.SIZE_UNKNOWN] },
    ],
    [
      "a box without contents",
      () => ({ productId: box, grams: 500, qty: 1 }),
      { "lines.0.contents": [BOX_MESSAGES.CONTENTS_REQUIRED] },
    ],
    [
      "contents on a product that is not a box",
      () => ({
        productId: baklava,
        grams: 1000,
        qty: 1,
        contents: [{ productId: maamoul, grams: 1000 }],
      }),
      { "lines.0.contents": [BOX_MESSAGES.NOT_A_BOX] },
    ],
    [
      "contents that are not a list",
      () => ({ productId: box, grams: 500, qty: 1, contents: "baklava" }),
      { "lines.0.contents": [BOX_MESSAGES.CONTENTS_REQUIRED] },
    ],
    [
      "a content's grams not a number",
      () => ({
        productId: box,
        grams: 500,
        qty: 1,
        contents: [{ productId: baklava, grams: "500" }],
      }),
      { "lines.0.contents.0.grams": [BOX_MESSAGES.OFF_STEP] },
    ],
  ])("refuses %s with 422, nothing written", async (_name, line, errors) => {
    const before = [await orderCount(), await stockOf(t.database.db, baklava)];
    const res = await placeOrder(t.app, orderBody([line()]));
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ message: expect.any(String), errors });
    expect([await orderCount(), await stockOf(t.database.db, baklava)]).toEqual(before);
  });

  it("refuses a box whose sweet has run out, naming the sweet, and takes nothing", async () => {
    const scarce = await addProduct(t.database.db, { name: "Ghraybeh", stockGrams: 300 });
    const id = (await createBox({ ...goodBox(), product_ids: [baklava, scarce] })).json().data.id;
    const before = await stockOf(t.database.db, baklava);
    const res = await placeOrder(
      t.app,
      orderBody([
        {
          productId: id,
          grams: 1000,
          qty: 1,
          contents: [
            { productId: baklava, grams: 500 },
            { productId: scarce, grams: 500 },
          ],
        },
      ]),
    );
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: "out_of_stock",
      errors: { "lines.0": ["Sorry, only 0.3 kg of Ghraybeh is left."] },
    });
    expect(await stockOf(t.database.db, baklava)).toBe(before);
  });

  it("under concurrency takes each sweet exactly as far as its stock goes", async () => {
    const a = await addProduct(t.database.db, { name: "Kol w shkor", stockGrams: 2000 });
    const b = await addProduct(t.database.db, { name: "Mabrumeh", stockGrams: 100_000 });
    const id = (
      await createBox({
        sizes: [{ grams: 1000, price: 40 }],
        step_grams: 100,
        product_ids: [a, b],
      })
    ).json().data.id;
    const responses = await Promise.all(
      Array.from({ length: 20 }, () =>
        placeOrder(
          t.app,
          orderBody(
            [
              {
                productId: id,
                grams: 1000,
                qty: 1,
                contents: [
                  { productId: a, grams: 400 },
                  { productId: b, grams: 600 },
                ],
              },
            ],
            { city: "Box Rush" },
          ),
        ),
      ),
    );
    const statuses = responses.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(5);
    expect(statuses.filter((s) => s === 409)).toHaveLength(15);
    expect(await stockOf(t.database.db, a)).toBe(0);
    expect(await stockOf(t.database.db, b)).toBe(100_000 - 5 * 600);
    const [placed] = await t.database.db
      .select({ n: count() })
      .from(orders)
      .where(eq(orders.city, "Box Rush"));
    expect(placed!.n).toBe(5);
  });

  it("gives each sweet's grams back when the order is cancelled", async () => {
    const before = await stockOf(t.database.db, baklava);
    const res = await placeOrder(
      t.app,
      orderBody([
        { productId: box, grams: 500, qty: 2, contents: [{ productId: baklava, grams: 500 }] },
      ]),
    );
    expect(await stockOf(t.database.db, baklava)).toBe(before! - 1000);
    const [row] = await t.database.db
      .select({ id: orders.id })
      .from(orders)
      .where(eq(orders.number, res.json().data.number));
    const cancel = await t.app.inject({
      method: "PATCH",
      url: `/api/admin/orders/${row!.id}`,
      headers: orderDesk.auth,
      payload: { status: "canceled" },
    });
    expect(cancel.statusCode).toBe(200);
    expect(await stockOf(t.database.db, baklava)).toBe(before);
    const [line] = await t.database.db
      .select({ contents: orderLines.contents })
      .from(orderLines)
      .where(eq(orderLines.orderId, row!.id));
    expect(line!.contents).toEqual([
      { productId: baklava, nameEn: "Baklava", nameAr: "بقلاوة", grams: 500 },
    ]);
  });
});
