import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/app.ts";
import { createUserWithToken } from "../../test/fixtures.ts";
import { orderBody, placeOrder } from "../orders/test-fixtures.ts";
import { IMAGE_TYPE_MESSAGE } from "../uploads/images.ts";

let t: TestApp;
let admin: Awaited<ReturnType<typeof createUserWithToken>>;
let customer: Awaited<ReturnType<typeof createUserWithToken>>;
let categoryId: number;
let otherCategoryId: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUserWithToken(t.app, { admin: true, name: "Owner" });
  customer = await createUserWithToken(t.app);
  const cat = (payload: Record<string, string>) =>
    t.app.inject({ method: "POST", url: "/api/admin/categories", headers: admin.auth, payload });
  categoryId = (await cat({ name: "Admin Trays", name_ar: "صواني" })).json().data.id;
  otherCategoryId = (await cat({ name: "Admin Boxes" })).json().data.id;
});
afterAll(() => t.close());

type Fields = Record<string, string>;
type File = { field?: string; name: string; data: Buffer };

/** A multipart body as a browser's FormData sends it. */
function multipart(fields: Fields, files: File[] = [], headers = admin.auth) {
  const boundary = "----catalog-admin-test-boundary";
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      ),
    );
  }
  for (const file of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? "image"}"; filename="${file.name}"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      file.data,
      Buffer.from("\r\n"),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { ...headers, "content-type": `multipart/form-data; boundary=${boundary}` },
  };
}

const png = (width = 800, height = 600) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 120, b: 40 } } })
    .png()
    .toBuffer();

const create = (fields: Fields, files: File[] = [], url = "/api/admin/products") =>
  t.app.inject({ method: "POST", url, ...multipart(fields, files) });
const get = (id: number) => t.app.inject({ url: `/api/admin/products/${id}`, headers: admin.auth });
const list = (query = "") =>
  t.app.inject({ url: `/api/admin/products${query}`, headers: admin.auth });
const storageFile = (url: string) =>
  path.join(t.dataDir, "uploads", url.replace(/^\/storage\//, ""));

const base = (extra: Fields = {}): Fields => ({
  name: "Pistachio Baklava",
  name_ar: "بقلاوة بالفستق",
  description: "Layers and syrup",
  description_ar: "طبقات وقطر",
  price: "24",
  category_id: String(categoryId),
  ...extra,
});

describe("admin products: create", () => {
  it("creates from SPEC's multipart form with an image: 201, WebP variants, default weight option in grams", async () => {
    const res = await create(base({ weight: "1", weight_unit: "lb", discount_price: "20" }), [
      { name: "tray.png", data: await png() },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const data = res.json().data;
    expect(data).toMatchObject({
      name: "Pistachio Baklava",
      name_ar: "بقلاوة بالفستق",
      price: 24,
      discount_price: 20,
      category_id: categoryId,
      active: true,
      stock_kg: null,
      sold: false,
    });
    expect(data.weight_options[0]).toMatchObject({ grams: 454, price: null });
    expect(data.images).toHaveLength(1);
    expect(data.image_url).toMatch(/^\/storage\/products\/.+\.webp$/);
    expect(data.image.srcset).toContain("320w");
    expect(fs.existsSync(storageFile(data.image_url))).toBe(true);

    // At once on the storefront: the listing cache follows the write.
    const pub = (await t.app.inject({ url: "/api/products?search=Pistachio%20Baklava" })).json();
    expect(pub.data.map((p: { id: number }) => p.id)).toContain(data.id);
    expect((await t.app.inject({ url: `/api/products/${data.id}` })).statusCode).toBe(200);
  });

  it("converts every weight unit to grams", async () => {
    for (const [weight, unit, grams] of [
      ["250", "g", 250],
      ["1.5", "kg", 1500],
      ["8", "oz", 227],
    ] as const) {
      const res = await create(base({ name: `Unit ${unit}`, weight, weight_unit: unit }));
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().data.weight_options[0].grams).toBe(grams);
    }
    const bad = await create(base({ weight: "1", weight_unit: "stone" }));
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.weight_unit).toEqual([
      "The weight unit must be one of g, kg, lb, oz.",
    ]);
  });

  it("answers SPEC's messages keyed by field, all at once", async () => {
    const res = await create({ discount_price: "5" });
    expect(res.statusCode).toBe(422);
    const { errors } = res.json();
    expect(errors.name).toEqual(["Name is required"]);
    expect(errors.price).toEqual(["Regular price is required"]);
    expect(errors.category_id).toEqual(["Category is required"]);

    const above = await create(base({ price: "10", discount_price: "12" }));
    expect(above.statusCode).toBe(422);
    expect(above.json().errors).toEqual({ discount_price: ["discount price must be ≤ price"] });

    const negative = await create(base({ price: "-1" }));
    expect(negative.json().errors.price).toEqual(["The price must be at least 0."]);
    const notNumber = await create(base({ price: "abc", stock_kg: "-2" }));
    expect(notNumber.json().errors.price).toEqual(["The price must be a number."]);
    expect(notNumber.json().errors.stock_kg).toHaveLength(1);

    const unknownCategory = await create(base({ category_id: "999999" }));
    expect(unknownCategory.statusCode).toBe(422);
    expect(Object.keys(unknownCategory.json().errors)).toEqual(["category_id"]);

    const dupOptions = await create(
      base({ weight_options: JSON.stringify([{ grams: 500 }, { grams: 500 }]) }),
    );
    expect(dupOptions.json().errors.weight_options).toEqual(["Each weight can appear only once."]);
  });

  it("accepts a JSON body (no files) and refuses a body that is neither", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/admin/products",
      headers: admin.auth,
      payload: {
        ...base({ name: "Json Sweet" }),
        stock_kg: 3.5,
        active: false,
        weight_options: [{ grams: 500 }, { grams: 1000, price: 30 }],
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ active: false, stock_kg: 3.5, in_stock: true });
    expect(res.json().data.weight_options).toMatchObject([
      { grams: 500, price: null, regular_price: 12 },
      { grams: 1000, price: 30, regular_price: 30 },
    ]);
    const notObject = await t.app.inject({
      method: "POST",
      url: "/api/admin/products",
      headers: { ...admin.auth, "content-type": "application/json" },
      payload: "[1,2]",
    });
    expect(notObject.statusCode).toBe(422);
  });

  it.each([
    ["no boundary", "multipart/form-data", "null"],
    ["a boundary the body never uses", "multipart/form-data; boundary=x", "--y\r\n"],
    [
      "a form cut off mid-part",
      "multipart/form-data; boundary=x",
      '--x\r\nContent-Disposition: form-data; name="name"\r\n\r\nBak',
    ],
  ])(
    "a malformed multipart body (%s) is a 422, never a 500 (fuzz, seed 14)",
    async (_c, type, body) => {
      for (const url of ["/api/admin/products", "/api/admin/kitchen"]) {
        const res = await t.app.inject({
          method: "POST",
          url,
          headers: { ...admin.auth, "content-type": type },
          payload: body,
        });
        // Unreadable, or read as an empty form: either way the client's to fix.
        expect(res.statusCode, `${url}: ${res.body}`).toBe(422);
        expect(typeof res.json().message).toBe("string");
      }
    },
  );

  it("refuses a text file named .png by its content, storing nothing", async () => {
    const before = fs.readdirSync(path.join(t.dataDir, "uploads", "products")).length;
    const res = await create(base({ name: "Fake Picture" }), [
      { name: "photo.png", data: Buffer.from("just some text, not a picture") },
    ]);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ image: [IMAGE_TYPE_MESSAGE] });
    expect(fs.readdirSync(path.join(t.dataDir, "uploads", "products")).length).toBe(before);
    const found = (await list("?search=Fake%20Picture")).json().data;
    expect(found).toHaveLength(0);
  });

  it("accepts a 20 MB phone photo, rotated by its EXIF orientation and stripped of it", async () => {
    // Noise does not compress: ~20 MB of JPEG, taken "sideways" (orientation 6).
    const width = 3200;
    const height = 2400;
    const photo = await sharp(randomBytes(width * height * 3), {
      raw: { width, height, channels: 3 },
    })
      .jpeg({ quality: 100, chromaSubsampling: "4:4:4" })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    expect(photo.length).toBeGreaterThan(19 * 1024 * 1024);
    const res = await create(base({ name: "Phone Photo" }), [
      { name: "IMG_0001.JPG", data: photo },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const stored = sharp(storageFile(res.json().data.image_url));
    const meta = await stored.metadata();
    expect(meta.format).toBe("webp");
    expect(meta.height).toBeGreaterThan(meta.width ?? 0); // turned upright
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
  }, 60_000);

  it("SPEC's POST /api/products needs an admin token and creates like the admin route", async () => {
    const anonymous = await t.app.inject({
      method: "POST",
      url: "/api/products",
      ...multipart(base(), [], {} as typeof admin.auth),
    });
    expect(anonymous.statusCode).toBe(401);
    const asCustomer = await t.app.inject({
      method: "POST",
      url: "/api/products",
      ...multipart(base(), [], customer.auth),
    });
    expect(asCustomer.statusCode).toBe(403);
    const res = await create(base({ name: "Alias Sweet" }), [], "/api/products");
    expect(res.statusCode, res.body).toBe(201);
    expect((await get(res.json().data.id)).json().data.name).toBe("Alias Sweet");
    const bad = await create({}, [], "/api/products");
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.name).toEqual(["Name is required"]);
  });
});

describe("admin products: list and read", () => {
  it("searches with the storefront's Arabic normalisation, filters, pages and sorts, hidden included", async () => {
    const hidden = (
      await create(
        base({
          name: "Hidden Maamoul",
          name_ar: "مَعمول مخفي",
          active: "false",
          category_id: String(otherCategoryId),
          stock_kg: "0",
          price: "5",
        }),
      )
    ).json().data;
    // No diacritics, plain alef: the storefront's normalisation finds "مَعمول".
    const arabic = (await list(`?search=${encodeURIComponent("معمول")}`)).json().data;
    expect(arabic.map((p: { id: number }) => p.id)).toContain(hidden.id);

    const byStatus = (await list("?status=hidden&per_page=100")).json().data;
    expect(byStatus.every((p: { active: boolean }) => !p.active)).toBe(true);
    expect(byStatus.map((p: { id: number }) => p.id)).toContain(hidden.id);
    const active = (await list("?status=active&per_page=100")).json().data;
    expect(active.map((p: { id: number }) => p.id)).not.toContain(hidden.id);

    const byCategory = (await list(`?category=${otherCategoryId}`)).json().data;
    expect(byCategory.map((p: { id: number }) => p.id)).toEqual([hidden.id]);
    const outOfStock = (await list("?stock=out_of_stock&per_page=100")).json().data;
    expect(outOfStock.map((p: { id: number }) => p.id)).toContain(hidden.id);
    const untracked = (await list("?stock=untracked&per_page=100")).json().data;
    expect(untracked.every((p: { stock_kg: number | null }) => p.stock_kg === null)).toBe(true);

    const cheap = (await list("?sort=price_asc&per_page=100")).json().data;
    const prices = cheap.map((p: { price: number }) => p.price);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));

    const page = await list("?per_page=2&page=2");
    expect(page.json().data).toHaveLength(2);
    expect(page.json().meta).toMatchObject({ page: 2, per_page: 2 });
    expect(page.json().meta.total).toBeGreaterThan(4);
  });

  it("400 on a bad query; 404 for an unknown product", async () => {
    for (const q of ["?page=0", "?per_page=500", "?status=gone", "?stock=x", "?sort=random"]) {
      expect((await list(q)).statusCode, q).toBe(400);
    }
    expect((await get(99999999)).statusCode).toBe(404);
    const notId = await t.app.inject({ url: "/api/admin/products/abc", headers: admin.auth });
    expect(notId.statusCode).toBe(400);
  });
});

describe("admin products: update", () => {
  it("SPEC's POST with _method=PUT and PUT both update; a replaced image leaves storage", async () => {
    const created = (
      await create(base({ name: "Editable" }), [{ name: "a.png", data: await png(700, 500) }])
    ).json().data;
    const oldFile = storageFile(created.image_url);
    expect(fs.existsSync(oldFile)).toBe(true);

    const res = await t.app.inject({
      method: "POST",
      url: `/api/admin/products/${created.id}`,
      ...multipart(base({ name: "Edited", price: "30", _method: "PUT" }), [
        { name: "b.png", data: await png(900, 500) },
      ]),
    });
    expect(res.statusCode, res.body).toBe(200);
    const edited = res.json().data;
    expect(edited).toMatchObject({ name: "Edited", price: 30 });
    expect(edited.images).toHaveLength(1);
    expect(edited.image_url).not.toBe(created.image_url);
    expect(fs.existsSync(oldFile)).toBe(false);

    const put = await t.app.inject({
      method: "PUT",
      url: `/api/admin/products/${created.id}`,
      headers: admin.auth,
      payload: { ...base({ name: "Edited Again", price: "31" }) },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().data).toMatchObject({ name: "Edited Again", price: 31 });
    expect(put.json().data.images).toHaveLength(1);
    // The storefront shows the new price at once.
    const pub = (await t.app.inject({ url: `/api/products/${created.id}` })).json();
    expect(JSON.stringify(pub)).toContain("Edited Again");

    const audit = (
      await t.app.inject({
        url: `/api/admin/audit?entity=product&entity_id=${created.id}`,
        headers: admin.auth,
      })
    ).json().data;
    expect(audit.map((a: { action: string }) => a.action)).toEqual(["update", "update", "create"]);

    const bad = await t.app.inject({
      method: "PUT",
      url: `/api/admin/products/${created.id}`,
      headers: admin.auth,
      payload: { name: "" },
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.name).toEqual(["Name is required"]);
    const missing = await t.app.inject({
      method: "PUT",
      url: "/api/admin/products/99999999",
      headers: admin.auth,
      payload: base(),
    });
    expect(missing.statusCode).toBe(404);
  });

  it("keeps several images in the order given, the first being the main one", async () => {
    const created = (
      await create(base({ name: "Gallery" }), [
        { field: "images", name: "1.png", data: await png(600, 400) },
        { field: "images", name: "2.png", data: await png(640, 400) },
      ])
    ).json().data;
    expect(created.images).toHaveLength(2);
    const [first, second] = created.images as Array<{ id: number; url: string }>;
    expect(created.image_url).toBe(first!.url);

    const res = await t.app.inject({
      method: "POST",
      url: `/api/admin/products/${created.id}`,
      ...multipart(
        base({
          name: "Gallery",
          _method: "PUT",
          image_order: JSON.stringify(["new:0", second!.id]),
        }),
        [{ field: "images", name: "3.png", data: await png(660, 400) }],
      ),
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = res.json().data;
    expect(after.images).toHaveLength(2);
    expect(after.images[1].url).toBe(second!.url);
    expect(after.image_url).toBe(after.images[0].url);
    expect(fs.existsSync(storageFile(first!.url))).toBe(false);
  });
});

describe("admin products: delete", () => {
  it("deletes one that never sold; archives one on past orders, whose orders stay intact", async () => {
    const unsold = (await create(base({ name: "Never Sold" }))).json().data;
    const gone = await t.app.inject({
      method: "DELETE",
      url: `/api/admin/products/${unsold.id}`,
      headers: admin.auth,
    });
    expect(gone.statusCode).toBe(200);
    expect(gone.json().data).toEqual({ id: unsold.id, archived: false });
    expect((await get(unsold.id)).statusCode).toBe(404);

    const sold = (
      await create(base({ name: "Sold Once", weight: "1", weight_unit: "kg" }), [
        { name: "s.png", data: await png() },
      ])
    ).json().data;
    const order = await placeOrder(t.app, orderBody([{ productId: sold.id, grams: 1000, qty: 1 }]));
    expect(order.statusCode, order.body).toBe(201);
    expect((await get(sold.id)).json().data.sold).toBe(true);

    const archived = await t.app.inject({
      method: "DELETE",
      url: `/api/admin/products/${sold.id}`,
      headers: admin.auth,
    });
    expect(archived.json().data).toEqual({ id: sold.id, archived: true });
    expect((await t.app.inject({ url: `/api/products/${sold.id}` })).statusCode).toBe(404);
    const pub = (await t.app.inject({ url: "/api/products?search=Sold%20Once" })).json().data;
    expect(pub).toHaveLength(0);
    const adminList = (await list("?search=Sold%20Once")).json().data;
    expect(adminList).toHaveLength(0);

    const orders = (
      await t.app.inject({ url: "/api/admin/orders?per_page=50", headers: admin.auth })
    ).json().data;
    const row = orders.find((o: { number: string }) => o.number === order.json().data.number);
    const detail = (
      await t.app.inject({ url: `/api/admin/orders/${row.id}`, headers: admin.auth })
    ).json().data;
    expect(detail.items).toEqual([{ name: "Sold Once", quantity: 1, price: 24 }]);

    const again = await t.app.inject({
      method: "DELETE",
      url: `/api/admin/products/${sold.id}`,
      headers: admin.auth,
    });
    expect(again.statusCode).toBe(404);
  });
});

describe("admin products: who may call", () => {
  it("lists its routes in the route table; 401 anonymous, 403 customer on each", async () => {
    const routes = [
      ["GET", "/api/admin/products"],
      ["GET", "/api/admin/products/:id"],
      ["POST", "/api/admin/products"],
      ["POST", "/api/admin/products/:id"],
      ["PUT", "/api/admin/products/:id"],
      ["DELETE", "/api/admin/products/:id"],
      ["POST", "/api/products"],
    ] as const;
    for (const [method, url] of routes) {
      expect(t.app.routeTable).toContainEqual(expect.objectContaining({ method, url }));
      const concrete = url.replace(":id", "1");
      const anonymous = await t.app.inject({ method, url: concrete });
      expect(anonymous.statusCode, `${method} ${url}`).toBe(401);
      const asCustomer = await t.app.inject({ method, url: concrete, headers: customer.auth });
      expect(asCustomer.statusCode, `${method} ${url}`).toBe(403);
    }
  });
});
