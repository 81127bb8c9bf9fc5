import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  PRODUCTS_CSV_EXPORT_HEADER,
  PRODUCTS_CSV_HEADER,
} from "../../../shared/domain/products-import.ts";
import { categories, products } from "../../db/schema/catalog.ts";
import { archivedProducts, productImages } from "../../db/schema/catalog-admin.ts";
import { createTestApp, type TestApp } from "../../test/app.ts";
import { createUserWithToken } from "../../test/fixtures.ts";
import { multipartBody } from "../../test/multipart.ts";
import { addProduct } from "../orders/test-fixtures.ts";

// Issue 28: POST /api/admin/products/import[?dry_run=1], the export read back.

let t: TestApp;
let admin: Awaited<ReturnType<typeof createUserWithToken>>;
let bklId: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUserWithToken(t.app, { admin: true, roles: ["catalogue"] });
  const db = t.database.db;
  const [baklava] = await db
    .insert(categories)
    .values([
      { slug: "baklava", nameEn: "Baklava", nameAr: "بقلاوة" },
      { slug: "maamoul", nameEn: "Maamoul", nameAr: "معمول" },
    ])
    .returning();
  bklId = await addProduct(db, {
    name: 'Pistachio "royal" baklava, large',
    nameAr: "بقلاوة بالفستق الحلبي، «ملكية»",
    priceCents: 3000,
    discountPriceCents: 2550,
    stockGrams: 12_500,
    options: [{ grams: 500 }, { grams: 1000, priceCents: 2800 }],
  });
  await db
    .update(products)
    .set({
      categoryId: baklava!.id,
      sku: "BKL-001",
      descriptionAr: "طبقات رقيقة\nوسمن بلدي، وفستق",
      lowStockGrams: 2000,
    })
    .where(eq(products.id, bklId));
  await db.insert(productImages).values([
    { productId: bklId, path: "catalog/products/bkl-1.webp", position: 0 },
    { productId: bklId, path: "catalog/products/bkl-2.webp", position: 1 },
  ]);
  const hidden = await addProduct(db, { name: "=HYPERLINK(1)", active: false });
  await db.update(products).set({ sku: "HID-9" }).where(eq(products.id, hidden));
  const old = await addProduct(db, { name: "Old sweets" });
  await db.update(products).set({ sku: "OLD-1" }).where(eq(products.id, old));
  await db.insert(archivedProducts).values({ productId: old });
});
afterAll(() => t.close());

const exportCsv = async () =>
  (await t.app.inject({ url: "/api/admin/products/export.csv", headers: admin.auth })).body;

function upload(
  csv: string | Buffer,
  opts: { dryRun?: boolean; headers?: Record<string, string>; name?: string } = {},
) {
  const data = typeof csv === "string" ? Buffer.from(csv, "utf8") : csv;
  return t.app.inject({
    method: "POST",
    url: `/api/admin/products/import${opts.dryRun ? "?dry_run=1" : ""}`,
    ...multipartBody(
      {},
      [{ field: "file", name: opts.name ?? "products.csv", data, type: "text/csv" }],
      {
        ...admin.auth,
        ...opts.headers,
      },
    ),
  });
}

/** A CSV line from named cells (quoted as RFC 4180 wants). */
function line(
  cells: Partial<Record<(typeof PRODUCTS_CSV_EXPORT_HEADER)[number], string>>,
  columns: readonly string[] = PRODUCTS_CSV_EXPORT_HEADER,
): string {
  return columns
    .map((c) => {
      const v = cells[c as keyof typeof cells] ?? "";
      return /[",\r\n]/.test(v) ? `"${v.replaceAll('"', '""')}"` : v;
    })
    .join(",");
}
const HEADER = PRODUCTS_CSV_EXPORT_HEADER.join(",");
const good = {
  sku: "NEW-1",
  name_en: "Date maamoul",
  name_ar: "معمول بالتمر",
  category: "maamoul",
  price: "24.00",
  weight_options: "250|500",
  status: "active",
};

describe("POST /api/admin/products/import", () => {
  it("round trip: the export, checked, changes nothing (BOM, CRLF, quoted commas and line breaks)", async () => {
    const csv = await exportCsv();
    expect(csv.startsWith("\uFEFF")).toBe(true);
    const res = await upload(csv, { dryRun: true });
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data).toMatchObject({ dry_run: true, created: 0, updated: 0, unchanged: 2, errors: [] });
    expect(data.rows).toEqual([
      { row: 2, sku: "BKL-001", action: "unchanged" },
      { row: 3, sku: "HID-9", action: "unchanged" },
    ]);
    // Applying it is just as quiet.
    const applied = await upload(csv);
    expect(applied.json().data).toMatchObject({ created: 0, updated: 0, unchanged: 2 });
  });

  it("a dry run says per row what applying would do and writes nothing", async () => {
    const csv = (await exportCsv()).replace(",30.00,", ",31.00,");
    const res = await upload(`${csv}${line(good)}\r\n`, { dryRun: true });
    expect(res.json().data).toMatchObject({ created: 1, updated: 1, unchanged: 1, errors: [] });
    expect(res.json().data.rows.map((r: { action: string }) => r.action)).toEqual([
      "update",
      "unchanged",
      "create",
    ]);
    const [row] = await t.database.db.select().from(products).where(eq(products.sku, "NEW-1"));
    expect(row).toBeUndefined();
  });

  it("applies an edited file in one go: Arabic intact, options, threshold, pictures; one audit entry; the shop shows it", async () => {
    const before = await t.app.inject({ url: `/api/products/${bklId}` });
    expect(before.json().data.price).toBe(30);
    const lines = (await exportCsv()).split("\r\n");
    const edited = lines
      .map((l) =>
        l.startsWith("BKL-001")
          ? l
              .replace(",30.00,", ",32.00,")
              .replace(",12500,2000,", ",9000,,")
              .replace("catalog/products/bkl-1.webp|catalog/products/bkl-2.webp", "bkl-2.webp")
          : l,
      )
      .join("\r\n");
    const arabic = {
      ...good,
      sku: "NEW-AR",
      name_en: "Ghraybeh, butter",
      name_ar: "غريبة بالسمن، «بلدية»",
      description_ar: 'سطر أول\r\nسطر ثانٍ مع "اقتباس"',
      weight_options: "250:7.50|1000",
      stock_grams: "4000",
      low_stock_grams: "500",
      images: "/storage/catalog/products/bkl-1.webp",
    };
    const res = await upload(`${edited}${line(arabic)}\r\n`, { name: "spring.csv" });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ created: 1, updated: 1, unchanged: 1, errors: [] });

    const bkl = (
      await t.app.inject({ url: `/api/admin/products/${bklId}`, headers: admin.auth })
    ).json().data;
    expect(bkl).toMatchObject({
      price: 32,
      stock_kg: 9,
      name_ar: "بقلاوة بالفستق الحلبي، «ملكية»",
    });
    expect(bkl.images.map((i: { url: string }) => i.url)).toEqual([
      "/storage/catalog/products/bkl-2.webp",
    ]);
    const [stored] = await t.database.db.select().from(products).where(eq(products.sku, "NEW-AR"));
    expect(stored).toMatchObject({
      nameAr: "غريبة بالسمن، «بلدية»",
      descriptionAr: 'سطر أول\r\nسطر ثانٍ مع "اقتباس"',
      stockGrams: 4000,
      lowStockGrams: 500,
      image: "catalog/products/bkl-1.webp",
    });
    const created = (
      await t.app.inject({ url: `/api/admin/products/${stored!.id}`, headers: admin.auth })
    ).json().data;
    expect(
      created.weight_options.map((o: { grams: number; price: number | null }) => [
        o.grams,
        o.price,
      ]),
    ).toEqual([
      [250, 7.5],
      [1000, null],
    ]);
    // The public read follows (the catalogue caches are keyed on the content version).
    const after = await t.app.inject({ url: `/api/products/${bklId}` });
    expect(after.json().data.price).toBe(32);

    const audit = await t.app.inject({
      url: "/api/admin/audit?entity=product_import",
      headers: (await createUserWithToken(t.app, { admin: true })).auth,
    });
    const entries = audit.json().data;
    // The round trip above applied too: two imports, two entries, whatever their size.
    expect(entries).toHaveLength(2);
    expect(entries[0]).toMatchObject({ entity_id: "spring.csv", action: "update" });
    expect(entries[0].changes).toEqual(
      expect.arrayContaining([
        { field: "rows", before: null, after: 3 },
        { field: "created", before: null, after: 1 },
        { field: "updated", before: null, after: 1 },
      ]),
    );
    // And the new file reads back unchanged.
    const again = await upload(await exportCsv(), { dryRun: true });
    expect(again.json().data).toMatchObject({ created: 0, updated: 0, unchanged: 3 });
  });

  const long = "x".repeat(201);
  const BAD: [string, string, string][] = [
    [line({ ...good, sku: "B-01", price: "abc" }), "price", "number of dollars"],
    [line({ ...good, sku: "B-02", price: "" }), "price", "price per kg is required"],
    [
      line({ ...good, sku: "B-03", price: "10", discount_price: "12" }),
      "discount_price",
      "not be more than the price",
    ],
    [
      line({ ...good, sku: "B-04", discount_price: "cheap" }),
      "discount_price",
      "discount price must be",
    ],
    [
      line({ ...good, sku: "B-05", category: "cakes" }),
      "category",
      "no category with the slug “cakes”",
    ],
    [line({ ...good, sku: "B-06", category: "" }), "category", "category is required"],
    [line({ ...good, sku: "NEW-1" }), "sku", "already in row"],
    [
      line({ ...good, sku: "B-08", weight_options: "500|half" }),
      "weight_options",
      "“half” is not a weight option",
    ],
    [line({ ...good, sku: "B-09", weight_options: "500|500" }), "weight_options", "only once"],
    [line({ ...good, sku: "B-10", stock_grams: "-5" }), "stock_grams", "whole number of grams"],
    [line({ ...good, sku: "B-11", status: "visible" }), "status", "active or hidden"],
    [line({ ...good, sku: "B-12", name_en: "" }), "name_en", "English name is required"],
    [line({ ...good, sku: "B-13", name_ar: long }), "name_ar", "too long"],
    [
      line({ ...good, sku: "B-14", images: "https://example.com/a.jpg" }),
      "images",
      "not downloaded",
    ],
    [
      line({ ...good, sku: "B-15", images: "catalog/products/nope.webp" }),
      "images",
      "no uploaded picture",
    ],
    [
      line({ ...good, sku: "B-16", low_stock_grams: "1.5" }),
      "low_stock_grams",
      "low-stock threshold",
    ],
    [`${line({ ...good, sku: "B-17" })},surplus`, "AE", "31 cells; the header has 30"],
    [
      line({ ...good, sku: "B-18" })
        .split(",")
        .slice(0, 8)
        .join(","),
      "weight_options",
      "8 cells",
    ],
    [line({ ...good, sku: "bad sku!" }), "sku", "may contain only letters"],
    [line({ ...good, sku: "" }), "sku", "SKU is required"],
    [line({ ...good, sku: "OLD-1" }), "sku", "deleted product kept for past orders"],
    [line({ ...good, sku: "B-22", description_en: "a\u0000b" }), "description_en", "not allowed"],
  ];
  const badFile = [HEADER, line(good), ...BAD.map(([l]) => l)].join("\r\n");

  it("a file with 22 kinds of bad rows: each reported with its row and column; applying it changes nothing", async () => {
    const res = await upload(badFile, { dryRun: true });
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data.errors).toHaveLength(BAD.length);
    BAD.forEach(([, column, message], i) => {
      expect(data.errors[i], `row ${i + 3}`).toMatchObject({ row: i + 3, column });
      expect(data.errors[i].message, `row ${i + 3}`).toContain(message);
    });

    const exported = await exportCsv();
    const applied = await upload(badFile);
    expect(applied.statusCode).toBe(422);
    const body = applied.json();
    expect(body.message).toBe(
      `Nothing was imported: correct the file's errors (${BAD.length}) and try again.`,
    );
    expect(body.errors["3.price"]).toEqual([data.errors[0].message]);
    expect(body.data.errors).toEqual(data.errors);
    expect(await exportCsv()).toBe(exported);
    const [row] = await t.database.db.select().from(products).where(eq(products.sku, "NEW-1"));
    expect(row).toBeUndefined();
  });

  it("speaks the admin's language (the language cookie, as the back office sends it)", async () => {
    const res = await upload(`${HEADER}\r\n${line({ ...good, category: "cakes" })}\r\n`, {
      dryRun: true,
      headers: { cookie: "lang=ar" },
    });
    expect(res.json().data.errors).toEqual([
      { row: 2, column: "category", message: "لا يوجد تصنيف بالمعرّف «cakes»." },
    ]);
    const applied = await upload(`${HEADER}\r\n${line({ ...good, category: "cakes" })}\r\n`, {
      headers: { "accept-language": "ar" },
    });
    expect(applied.json().message).toBe("لم يُستورد شيء: صحّح أخطاء الملف (1) وأعد المحاولة.");
  });

  it("a file that is not UTF-8 or not CSV is one error at its row", async () => {
    const latin1 = Buffer.from(`${HEADER}\r\n${line({ ...good, name_en: "Crème" })}`, "latin1");
    expect((await upload(latin1, { dryRun: true })).json().data.errors).toEqual([
      { row: 1, column: "", message: expect.stringContaining("not UTF-8") },
    ]);
    const open = `${HEADER}\r\n${line(good)}\r\n"NEW-2,unclosed\r\n`;
    const res = await upload(open);
    expect(res.statusCode).toBe(422);
    expect(res.json().data.errors[0]).toMatchObject({ row: 3, column: "" });
  });

  it("plain LF files without a BOM read the same", async () => {
    const res = await upload(`${HEADER}\n${line({ ...good, sku: "LF-1" })}\n`, { dryRun: true });
    expect(res.json().data).toMatchObject({ created: 1, errors: [] });
  });

  it("needs a file: 422 without one, 413 past 10 MB", async () => {
    const none = await t.app.inject({
      method: "POST",
      url: "/api/admin/products/import",
      ...multipartBody({ note: "x" }, [], admin.auth),
    });
    expect(none.statusCode).toBe(422);
    expect(none.json()).toEqual({
      message: "Choose a CSV file to import.",
      errors: { file: ["Choose a CSV file to import."] },
    });
    const json = await t.app.inject({
      method: "POST",
      url: "/api/admin/products/import",
      headers: admin.auth,
      payload: { file: "x" },
    });
    expect(json.statusCode).toBe(422);
    const big = await upload(Buffer.alloc(10 * 1024 * 1024 + 1, 0x61));
    expect(big.statusCode).toBe(413);
    expect(big.json()).toMatchObject({ message: "The file must not be larger than 10 MB." });
  });

  it("is the catalogue role's and the owner's: 401 without a token, 403 for others", async () => {
    const body = multipartBody({}, [{ field: "file", name: "p.csv", data: Buffer.from(HEADER) }]);
    const url = "/api/admin/products/import?dry_run=1";
    expect((await t.app.inject({ method: "POST", url, ...body })).statusCode).toBe(401);
    for (const roles of [undefined, ["kitchen"], ["orders"]] as const) {
      const user = await createUserWithToken(
        t.app,
        roles ? { admin: true, roles: [...roles] } : {},
      );
      const res = await t.app.inject({
        method: "POST",
        url,
        payload: body.payload,
        headers: { ...body.headers, ...user.auth },
      });
      expect(res.statusCode, String(roles)).toBe(403);
    }
    const owner = await createUserWithToken(t.app, { admin: true });
    const res = await t.app.inject({
      method: "POST",
      url,
      payload: body.payload,
      headers: { ...body.headers, ...owner.auth },
    });
    expect(res.statusCode).toBe(200);
  });

  it("carries the food information: written, read back unchanged, kept by a file without its columns, refused when wrong", async () => {
    const food = {
      ingredients_en: "Wheat flour, pistachios, ghee, sugar",
      ingredients_ar: "طحين القمح، فستق حلبي، سمن، سكر",
      allergens: "nuts|gluten|milk",
      traces: "sesame",
      shelf_life_days: "21",
      storage_en: "Cool and dry",
      storage_ar: "في مكان بارد وجاف",
      energy_kj: "2010",
      energy_kcal: "480",
      fat: "26",
      saturates: "11",
      carbohydrate: "54",
      sugars: "30",
      protein: "8.5",
      salt: "0.1",
      origin: "SY",
      hs_code: "1905.90",
    };
    const created = await upload(`${HEADER}\r\n${line({ ...good, sku: "FOOD-1", ...food })}\r\n`);
    expect(created.statusCode).toBe(200);
    const [row] = await t.database.db.select().from(products).where(eq(products.sku, "FOOD-1"));
    expect(row!.food).toMatchObject({
      allergens: ["gluten", "milk", "nuts"],
      traces: ["sesame"],
      shelf_life_days: 21,
      nutrition: { energy_kj: 2010, protein: 8.5, salt: 0.1 },
      hs_code: "190590",
    });
    // The export reads back as "unchanged", food included.
    const again = await upload(await exportCsv(), { dryRun: true });
    expect(again.json().data).toMatchObject({ updated: 0, errors: [] });
    // A file from before the food columns keeps it.
    const old = await upload(
      `${PRODUCTS_CSV_HEADER.join(",")}\r\n${line({ ...good, sku: "FOOD-1", price: "25.00" }, PRODUCTS_CSV_HEADER)}\r\n`,
    );
    expect(old.json().data).toMatchObject({ updated: 1, errors: [] });
    const [kept] = await t.database.db.select().from(products).where(eq(products.sku, "FOOD-1"));
    expect(kept!.food).toEqual(row!.food);
    // Unknown allergen, nutrition above 100 g: 422, keyed by row and column, nothing written.
    const bad = await upload(
      `${HEADER}\r\n${line({ ...good, sku: "FOOD-1", ...food, allergens: "nuts|chocolate", sugars: "120" })}\r\n`,
      { headers: { "accept-language": "ar" } },
    );
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual(["2.allergens", "2.sugars"]);
    expect(bad.json().errors["2.sugars"][0]).toMatch(/[\u0600-\u06ff]/);
  });
});
