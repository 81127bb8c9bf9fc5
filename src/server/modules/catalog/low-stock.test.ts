import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LOW_STOCK_MESSAGES } from "../../../shared/domain/low-stock.ts";
import { settingsToForm } from "../../../shared/domain/settings.ts";
import { notifications } from "../../db/schema/notifications.ts";
import { mailOutbox } from "../../db/schema/orders-desk.ts";
import { webhookDeliveries } from "../../db/schema/webhooks.ts";
import { createTestApp, type TestApp } from "../../test/app.ts";
import { createUserWithToken } from "../../test/fixtures.ts";
import { orderBody, placeOrder, stockOf } from "../orders/test-fixtures.ts";

// Issue 27's low stock: the threshold (a product's own in kg, else the shop's), the bell item,
// the shop's e-mail (SMTP set) and the `product.low_stock` webhook, all in the order's
// transaction and once per crossing; the products filter and the dashboard.

let t: TestApp;
let noMail: TestApp;
let owner: Awaited<ReturnType<typeof createUserWithToken>>;
let categoryId: number;
let endpointId: number;

beforeAll(async () => {
  [t, noMail] = await Promise.all([
    createTestApp({
      env: { SMTP_URL: "smtp://127.0.0.1:2525", WEBHOOKS_ALLOW_PRIVATE: "1" },
    }),
    createTestApp(),
  ]);
  owner = await createUserWithToken(t.app, { admin: true, name: "Owner" });
  const category = await t.app.inject({
    method: "POST",
    url: "/api/admin/categories",
    headers: owner.auth,
    payload: { name: "Trays" },
  });
  categoryId = category.json().data.id;
  const endpoint = await t.app.inject({
    method: "POST",
    url: "/api/admin/webhooks",
    headers: owner.auth,
    payload: {
      url: "http://127.0.0.1:9/hooks",
      secret: "whsec_test_0123456789abcdef",
      events: ["product.low_stock"],
    },
  });
  expect(endpoint.statusCode).toBe(201);
  endpointId = endpoint.json().data.id;
});
afterAll(async () => {
  await Promise.all([t?.close(), noMail?.close()]);
});

let made = 0;
/** A product through the admin API (JSON), as the form saves it. */
async function addProduct(fields: Record<string, unknown>, app = t, headers = owner.auth) {
  made += 1;
  const res = await app.app.inject({
    method: "POST",
    url: "/api/admin/products",
    headers,
    payload: {
      name: `Baklava ${made}`,
      name_ar: `بقلاوة ${made}`,
      price: 20,
      category_id: categoryId,
      weight_options: [{ grams: 500 }, { grams: 1000 }, { grams: 2000 }],
      ...fields,
    },
  });
  expect(res.statusCode).toBe(201);
  return res.json().data as { id: number; low_stock_kg: number | null; stock_kg: number | null };
}

const update = (id: number, fields: Record<string, unknown>, app = t) =>
  app.app.inject({
    method: "PUT",
    url: `/api/admin/products/${id}`,
    headers: owner.auth,
    payload: { name: `Product ${id}`, price: 20, category_id: categoryId, ...fields },
  });

async function order(productId: number, grams: number, app = t) {
  const res = await placeOrder(app.app, orderBody([{ productId, grams, qty: 1 }]));
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.number as string;
}

const lowStockItems = async (app = t) =>
  (await app.database.db.select().from(notifications).where(eq(notifications.type, "low_stock")))
    .map((row) => row.data as { product_id: number; order_number: string; stock_grams: number })
    .filter(Boolean);
const itemsFor = async (productId: number, app = t) =>
  (await lowStockItems(app)).filter((d) => d.product_id === productId);
const mailsFor = async (name: string, app = t) =>
  (
    await app.database.db.select().from(mailOutbox).where(eq(mailOutbox.kind, "low_stock_shop"))
  ).filter((m) => m.subject.includes(name));
const hooksFor = async (productId: number) =>
  (
    await t.database.db
      .select()
      .from(webhookDeliveries)
      .where(
        and(
          eq(webhookDeliveries.endpointId, endpointId),
          eq(webhookDeliveries.type, "product.low_stock"),
        ),
      )
  ).filter((d) => JSON.parse(d.body).data.product.id === productId);

describe("the product's threshold in the admin API", () => {
  it("reads and writes low_stock_kg: a number of kg, empty = the shop's default, left out = kept", async () => {
    const p = await addProduct({ stock_kg: "10", low_stock_kg: "1.5" });
    expect(p.low_stock_kg).toBe(1.5);
    const kept = await update(p.id, { stock_kg: 10 });
    expect(kept.statusCode).toBe(200);
    expect(kept.json().data.low_stock_kg).toBe(1.5);
    const cleared = await update(p.id, { stock_kg: 10, low_stock_kg: "" });
    expect(cleared.json().data.low_stock_kg).toBeNull();
    expect((await addProduct({ stock_kg: 3 })).low_stock_kg).toBeNull();
  });

  it.each([["-1"], ["abc"], [2_000_000]])("refuses %s with a 422 on the field", async (value) => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/admin/products",
      headers: owner.auth,
      payload: { name: "Bad", price: 20, category_id: categoryId, low_stock_kg: value },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      message: expect.any(String),
      errors: { low_stock_kg: [LOW_STOCK_MESSAGES.THRESHOLD] },
    });
  });
});

describe("an order that takes a tracked product to its threshold", () => {
  it("says so once: one bell item, one e-mail to the shop, one webhook, and nothing for the next order", async () => {
    const p = await addProduct({ stock_kg: 5, low_stock_kg: 2 });
    const name = `Baklava ${made}`;

    await order(p.id, 2000); // 5 -> 3 kg: above
    expect(await itemsFor(p.id)).toEqual([]);

    const crossing = await order(p.id, 1000); // 3 -> 2 kg: at the threshold
    expect(await stockOf(t.database.db, p.id)).toBe(2000);
    expect(await itemsFor(p.id)).toEqual([
      {
        product_id: p.id,
        product_name: name,
        product_name_ar: `بقلاوة ${made}`,
        sku: expect.any(String),
        stock_grams: 2000,
        threshold_grams: 2000,
        order_id: expect.any(Number),
        order_number: crossing,
      },
    ]);
    const settings = await t.app.services.settings.get();
    const mails = await mailsFor(name);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.to).toBe(settings.emails[0]);
    expect(mails[0]!.text).toContain(crossing);
    expect(mails[0]!.text).toContain("/admin-products?stock=low");
    const hooks = await hooksFor(p.id);
    expect(hooks).toHaveLength(1);
    expect(JSON.parse(hooks[0]!.body)).toEqual({
      id: expect.stringMatching(/^evt_/),
      type: "product.low_stock",
      created_at: expect.any(String),
      data: {
        product: {
          id: p.id,
          sku: expect.any(String),
          name_en: name,
          name_ar: `بقلاوة ${made}`,
          stock_grams: 2000,
          stock_kg: 2,
          low_stock_grams: 2000,
          low_stock_kg: 2,
        },
        order: { id: expect.any(Number), number: crossing },
      },
    });

    await order(p.id, 1000); // 2 -> 1 kg: already low
    expect(await itemsFor(p.id)).toHaveLength(1);
    expect(await mailsFor(name)).toHaveLength(1);
    expect(await hooksFor(p.id)).toHaveLength(1);

    // A restock above the threshold arms it again.
    expect((await update(p.id, { stock_kg: 4 })).statusCode).toBe(200);
    await order(p.id, 2000); // 4 -> 2 kg
    expect(await itemsFor(p.id)).toHaveLength(2);
    expect(await hooksFor(p.id)).toHaveLength(2);
  });

  it("uses the shop's default without a threshold of its own, and the owner's new default", async () => {
    const p = await addProduct({ stock_kg: 3 });
    await order(p.id, 1000); // 3 -> 2 kg: the default 2 kg
    expect(await itemsFor(p.id)).toHaveLength(1);

    const { updated_at: _u, ...form } = settingsToForm(await t.app.services.settings.get());
    const saved = await t.app.inject({
      method: "PUT",
      url: "/api/admin/settings",
      headers: owner.auth,
      payload: { ...form, low_stock_kg: 0.5 },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data.low_stock_kg).toBe(0.5);
    const q = await addProduct({ stock_kg: 2 });
    await order(q.id, 1000); // 2 -> 1 kg: above 0.5 kg
    expect(await itemsFor(q.id)).toEqual([]);
    await order(q.id, 500); // 1 -> 0.5 kg
    expect(await itemsFor(q.id)).toHaveLength(1);

    const back = await t.app.inject({
      method: "PUT",
      url: "/api/admin/settings",
      headers: owner.auth,
      payload: { ...form, low_stock_kg: 2 },
    });
    expect(back.statusCode).toBe(200);
  });

  it("never says it for a product whose stock is not tracked", async () => {
    const p = await addProduct({ stock_kg: "", low_stock_kg: 100 });
    await order(p.id, 2000);
    await order(p.id, 2000);
    expect(await itemsFor(p.id)).toEqual([]);
    expect(await hooksFor(p.id)).toEqual([]);
  });

  it("queues no e-mail without SMTP, but still rings the bell", async () => {
    const other = await createUserWithToken(noMail.app, { admin: true });
    const category = await noMail.app.inject({
      method: "POST",
      url: "/api/admin/categories",
      headers: other.auth,
      payload: { name: "Boxes" },
    });
    const res = await noMail.app.inject({
      method: "POST",
      url: "/api/admin/products",
      headers: other.auth,
      payload: { name: "Maamoul", price: 20, category_id: category.json().data.id, stock_kg: 3 },
    });
    const id = res.json().data.id as number;
    await order(id, 1000, noMail);
    expect(await itemsFor(id, noMail)).toHaveLength(1);
    expect(await mailsFor("Maamoul", noMail)).toEqual([]);
  });

  it("is in the bell's list with the product's names (orders role)", async () => {
    const desk = await createUserWithToken(t.app, { admin: true, roles: ["orders"] });
    const res = await t.app.inject({
      url: "/api/admin/notifications?per_page=100",
      headers: desk.auth,
    });
    expect(res.statusCode).toBe(200);
    const low = res.json().data.filter((n: { type: string }) => n.type === "low_stock");
    expect(low.length).toBeGreaterThan(0);
    expect(low[0].data).toEqual({
      product_id: expect.any(Number),
      product_name: expect.any(String),
      product_name_ar: expect.any(String),
      sku: expect.any(String),
      stock_grams: expect.any(Number),
      threshold_grams: expect.any(Number),
      order_id: expect.any(Number),
      order_number: expect.any(String),
    });
    const catalogue = await createUserWithToken(t.app, { admin: true, roles: ["catalogue"] });
    const refused = await t.app.inject({
      url: "/api/admin/notifications",
      headers: catalogue.auth,
    });
    expect(refused.statusCode).toBe(403);
  });
});

describe("the low-stock list", () => {
  it("filters the products screen with stock=low (own threshold or the shop's), untracked never", async () => {
    const low = await addProduct({ stock_kg: 1, low_stock_kg: 1 });
    const lowByDefault = await addProduct({ stock_kg: 1.5 });
    const fine = await addProduct({ stock_kg: 5, low_stock_kg: 1 });
    const untracked = await addProduct({ stock_kg: "" });
    const res = await t.app.inject({
      url: "/api/admin/products?stock=low&per_page=100",
      headers: owner.auth,
    });
    expect(res.statusCode).toBe(200);
    const ids = res.json().data.map((p: { id: number }) => p.id);
    expect(ids).toEqual(expect.arrayContaining([low.id, lowByDefault.id]));
    expect(ids).not.toContain(fine.id);
    expect(ids).not.toContain(untracked.id);
  });

  it("is on the owner's dashboard, lowest first, with stock and threshold in kg", async () => {
    const p = await addProduct({ stock_kg: 0.001, low_stock_kg: 3 });
    const res = await t.app.inject({ url: "/api/admin/dashboard", headers: owner.auth });
    expect(res.statusCode).toBe(200);
    const { low_stock, low_stock_total } = res.json().data;
    expect(low_stock[0]).toEqual({
      id: p.id,
      name: expect.any(String),
      name_ar: expect.any(String),
      sku: expect.any(String),
      stock_kg: 0.001,
      threshold_kg: 3,
    });
    expect(low_stock_total).toBeGreaterThanOrEqual(low_stock.length);
  });

  it("is for the catalogue (filter) and the owner (dashboard, default threshold) only", async () => {
    const desk = await createUserWithToken(t.app, { admin: true, roles: ["orders"] });
    const catalogue = await createUserWithToken(t.app, { admin: true, roles: ["catalogue"] });
    const customer = await createUserWithToken(t.app);
    const get = (url: string, headers: Record<string, string>) => t.app.inject({ url, headers });
    expect((await get("/api/admin/products?stock=low", desk.auth)).statusCode).toBe(403);
    expect((await get("/api/admin/products?stock=low", customer.auth)).statusCode).toBe(403);
    expect((await get("/api/admin/products?stock=low", {})).statusCode).toBe(401);
    expect((await get("/api/admin/products?stock=low", catalogue.auth)).statusCode).toBe(200);
    expect((await get("/api/admin/dashboard", catalogue.auth)).statusCode).toBe(403);
    expect((await get("/api/admin/settings", catalogue.auth)).statusCode).toBe(403);
    const bad = await get("/api/admin/products?stock=lowish", catalogue.auth);
    expect(bad.statusCode).toBe(400);
  });
});

describe("the shop's default threshold in the settings", () => {
  it("is 2 kg at first, kept when a client leaves it out, refused below 0, and not public", async () => {
    const read = await t.app.inject({ url: "/api/admin/settings", headers: owner.auth });
    expect(read.json().data.low_stock_kg).toBe(2);
    const { updated_at: _u, low_stock_kg: _l, ...older } = read.json().data;
    const kept = await t.app.inject({
      method: "PUT",
      url: "/api/admin/settings",
      headers: owner.auth,
      payload: older,
    });
    expect(kept.statusCode).toBe(200);
    expect(kept.json().data.low_stock_kg).toBe(2);
    const bad = await t.app.inject({
      method: "PUT",
      url: "/api/admin/settings",
      headers: owner.auth,
      payload: { ...older, low_stock_kg: -1 },
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({ low_stock_kg: [LOW_STOCK_MESSAGES.DEFAULT_THRESHOLD] });
    const pub = await t.app.inject({ url: "/api/settings" });
    expect(pub.json().data).not.toHaveProperty("low_stock_kg");
  });
});
