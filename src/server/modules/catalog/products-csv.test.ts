import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { categories, products } from "../../db/schema/catalog.ts";
import { productImages } from "../../db/schema/catalog-admin.ts";
import { createTestApp, type TestApp } from "../../test/app.ts";
import { createUserWithToken } from "../../test/fixtures.ts";
import { addProduct } from "../orders/test-fixtures.ts";
import { PRODUCTS_CSV_EXPORT_HEADER, productsCsv } from "./products-csv.ts";

// Issue 28: GET /api/admin/products/export.csv, the catalogue in both languages.

let t: TestApp;
let admin: Awaited<ReturnType<typeof createUserWithToken>>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUserWithToken(t.app, { admin: true, roles: ["catalogue"] });
  const db = t.database.db;
  const [category] = await db
    .insert(categories)
    .values({ slug: "baklava", nameEn: "Baklava", nameAr: "بقلاوة" })
    .returning();
  const id = await addProduct(db, {
    name: 'Pistachio "royal" baklava, large',
    nameAr: "بقلاوة بالفستق الحلبي",
    priceCents: 3000,
    discountPriceCents: 2550,
    stockGrams: 12_500,
    options: [{ grams: 500 }, { grams: 1000, priceCents: 2800 }],
  });
  await db
    .update(products)
    .set({
      categoryId: category!.id,
      sku: "BKL-001",
      descriptionAr: "طبقات رقيقة\nوسمن بلدي",
      lowStockGrams: 2000,
      food: {
        ingredients: "Flour, pistachios",
        ingredients_ar: "طحين، فستق",
        allergens: ["gluten", "nuts"],
        traces: ["sesame"],
        shelf_life_days: 30,
        storage: "Dry",
        storage_ar: "جاف",
        nutrition: null,
        origin: "SY",
        hs_code: "190590",
      },
    })
    .where(eq(products.id, id));
  await db.insert(productImages).values([
    { productId: id, path: "catalog/products/bkl-1.webp", position: 0 },
    { productId: id, path: "catalog/products/bkl-2.webp", position: 1 },
  ]);
  const hidden = await addProduct(db, { name: "=HYPERLINK(1)", active: false });
  await db.update(products).set({ sku: "HID-9" }).where(eq(products.id, hidden));
});
afterAll(() => t.close());

/** A tiny RFC 4180 reader for the test: quoted cells with "" and line breaks. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ",") {
      row.push(cell);
      cell = "";
    } else if (c === "\r" && text[i + 1] === "\n") {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = "";
      i++;
    } else cell += c;
  }
  return rows;
}

describe("GET /api/admin/products/export.csv", () => {
  it("exports every product with both languages, category, prices, weights, stock, SKU, status and images", async () => {
    const res = await t.app.inject({ url: "/api/admin/products/export.csv", headers: admin.auth });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(res.headers["content-disposition"]).toMatch(
      /^attachment; filename="products-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const [header, ...rows] = parseCsv(res.body.slice(1));
    expect(header).toEqual([...PRODUCTS_CSV_EXPORT_HEADER]);
    const record = (sku: string) =>
      Object.fromEntries(header!.map((column, i) => [column, rows.find((r) => r[0] === sku)![i]]));
    expect(record("BKL-001")).toMatchObject({
      sku: "BKL-001",
      name_en: 'Pistachio "royal" baklava, large',
      name_ar: "بقلاوة بالفستق الحلبي",
      description_en: "",
      description_ar: "طبقات رقيقة\nوسمن بلدي",
      category: "baklava",
      price: "30.00",
      discount_price: "25.50",
      weight_options: "500|1000:28.00",
      stock_grams: "12500",
      low_stock_grams: "2000",
      status: "active",
      images: "catalog/products/bkl-1.webp|catalog/products/bkl-2.webp",
      ingredients_en: "Flour, pistachios",
      ingredients_ar: "طحين، فستق",
      allergens: "gluten|nuts",
      traces: "sesame",
      shelf_life_days: "30",
      energy_kj: "",
      origin: "SY",
      hs_code: "190590",
    });
    // The shared cell guard: a name a spreadsheet would run is written as text.
    expect(record("HID-9")).toMatchObject({
      name_en: "'=HYPERLINK(1)",
      category: "",
      discount_price: "",
      weight_options: "",
      stock_grams: "",
      low_stock_grams: "",
      status: "hidden",
      allergens: "",
      ingredients_en: "",
    });
  });

  it("streams in batches, by id", async () => {
    const chunks: string[] = [];
    for await (const chunk of productsCsv(t.database.db, 1)) chunks.push(chunk);
    expect(chunks).toHaveLength(3);
  });

  it("is for the catalogue role: 401 without a token, 403 for a customer or another role", async () => {
    const url = "/api/admin/products/export.csv";
    expect((await t.app.inject({ url })).statusCode).toBe(401);
    const customer = await createUserWithToken(t.app);
    expect((await t.app.inject({ url, headers: customer.auth })).statusCode).toBe(403);
    const kitchen = await createUserWithToken(t.app, { admin: true, roles: ["kitchen"] });
    expect((await t.app.inject({ url, headers: kitchen.auth })).statusCode).toBe(403);
  });
});
