import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  categoryDtoSchema,
  productDetailSchema,
  productListItemSchema,
  productListResponseSchema,
} from "../../../shared/schemas/catalog.ts";
import type { Db } from "../../db/client.ts";
import { categories, products, productWeightOptions } from "../../db/schema/catalog.ts";
import { seedCatalog } from "../../db/seed/catalog.ts";
import { seedProducts } from "../../db/seed/catalog-data.ts";
import { createTestApp, type TestApp } from "../../test/app.ts";
import { createUserWithToken } from "../../test/fixtures.ts";
import { productSearchText } from "./service.ts";

let t: TestApp;
let testCategoryId: number;
const ids: Record<string, number> = {};

/** A product row straight in the database, with its search text as the service writes it. */
async function insertProduct(
  db: Db,
  p: {
    sku: string;
    nameEn: string;
    nameAr?: string;
    descriptionEn?: string;
    descriptionAr?: string;
    priceCents: number;
    discountPriceCents?: number | null;
    categoryId?: number | null;
    stockGrams?: number | null;
    active?: boolean;
    createdAt?: Date;
    options?: { grams: number; priceCents?: number | null }[];
  },
): Promise<number> {
  const [row] = await db
    .insert(products)
    .values({
      sku: p.sku,
      nameEn: p.nameEn,
      nameAr: p.nameAr ?? "",
      descriptionEn: p.descriptionEn ?? "",
      descriptionAr: p.descriptionAr ?? "",
      priceCents: p.priceCents,
      discountPriceCents: p.discountPriceCents ?? null,
      categoryId: p.categoryId ?? null,
      stockGrams: p.stockGrams ?? null,
      active: p.active ?? true,
      createdAt: p.createdAt,
      searchText: productSearchText(p),
    })
    .returning({ id: products.id });
  const id = Number(row!.id);
  if (p.options?.length) {
    await db
      .insert(productWeightOptions)
      .values(p.options.map((o, position) => ({ productId: id, position, ...o })));
  }
  ids[p.sku] = id;
  return id;
}

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  await seedCatalog(db, { uploadsDir: t.app.config.uploadsDir, images: false });
  for (const row of await db.select({ id: products.id, sku: products.sku }).from(products)) {
    ids[row.sku] = Number(row.id);
  }
  // A small category of our own, with known names, prices and dates, for sorts and paging.
  const [cat] = await db
    .insert(categories)
    .values({ slug: "test-trays", nameEn: "Test trays", nameAr: "صواني تجريبية", position: 9 })
    .returning({ id: categories.id });
  testCategoryId = Number(cat!.id);
  const day = (n: number) => new Date(Date.UTC(2020, 0, n));
  await insertProduct(db, {
    sku: "T-B",
    nameEn: "Banana Bites",
    priceCents: 2000,
    categoryId: testCategoryId,
    createdAt: day(2),
  });
  await insertProduct(db, {
    sku: "T-A",
    nameEn: "Apricot Squares",
    priceCents: 3000,
    discountPriceCents: 1000, // effective 10.00: the cheapest
    categoryId: testCategoryId,
    createdAt: day(4),
  });
  await insertProduct(db, {
    sku: "T-D",
    nameEn: "Date Rolls",
    priceCents: 5000,
    categoryId: testCategoryId,
    createdAt: day(1),
  });
  await insertProduct(db, {
    sku: "T-C",
    nameEn: "Cherry Cups",
    priceCents: 4000,
    categoryId: testCategoryId,
    createdAt: day(3),
  });
  // Hidden from shoppers.
  await insertProduct(db, {
    sku: "T-HIDDEN",
    nameEn: "Hidden Halva",
    priceCents: 100,
    categoryId: testCategoryId,
    active: false,
  });
  // Alef maqsura and hamza forms for the Arabic search table.
  await insertProduct(db, {
    sku: "T-AR",
    nameEn: "Mawlid Sweets",
    nameAr: "حلوى المولد",
    descriptionAr: "سكاكر ملوّنة مع اللوز",
    priceCents: 1500,
  });
}, 60_000);
afterAll(() => t.close());

const get = (url: string) => t.app.inject({ method: "GET", url });
const list = async (query: string) => {
  const res = await get(`/api/products?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return productListResponseSchema.parse(res.json());
};
const skusOf = (body: { data: { sku: string }[] }) => body.data.map((p) => p.sku);

describe("GET /api/products", () => {
  it("lists active products with SPEC's fields, 9 a page by default, newest first", async () => {
    const body = await list("");
    expect(body.data).toHaveLength(9);
    for (const item of body.data) expect(() => productListItemSchema.parse(item)).not.toThrow();
    expect(body.meta).toEqual({
      page: 1,
      per_page: 9,
      total: seedProducts.length + 5,
      last_page: Math.ceil((seedProducts.length + 5) / 9),
    });
    const all = await list("per_page=100");
    expect(skusOf(all)).not.toContain("T-HIDDEN");
  });

  it("shows money in dollars, the discount, the category and the default option", async () => {
    const body = await list("search=walnut%20baklava&per_page=1");
    expect(body.data[0]).toMatchObject({
      sku: "BAK-WAL-02",
      name: "Walnut Baklava",
      name_ar: "بقلاوة بالجوز",
      price: 30,
      discount_price: 26,
      category_id: { name: "Baklava", name_ar: "بقلاوة", slug: "baklava" },
      weight: 0.5,
      weight_unit: "kg",
      in_stock: true,
      default_grams: 500,
      default_price: 13,
      price_source: "retail",
      image_url: null,
      image: null,
    });
  });

  it.each([
    ["an untracked product", "BAK-PIS-01", true],
    ["a tracked product with stock", "BAK-NEST-04", true],
    ["a tracked product at 0 g", "SWT-AWM-20", false],
    ["a tracked product below its smallest option", "BAK-BAL-09", false],
  ])("in_stock for %s", async (_label, sku, inStock) => {
    const all = await list("per_page=100");
    expect(all.data.find((p) => p.sku === sku)?.in_stock).toBe(inStock);
  });

  it("filters by category id and by slug, case-insensitively", async () => {
    const bySlug = await list("category=baklava&per_page=100");
    const byUpper = await list("category=BAKLAVA&per_page=100");
    const baklavaId = bySlug.data[0]!.category_id!.id;
    const byId = await list(`category=${baklavaId}&per_page=100`);
    const expected = seedProducts.filter((p) => p.category === "baklava").length;
    expect(bySlug.meta.total).toBe(expected);
    expect(skusOf(byUpper)).toEqual(skusOf(bySlug));
    expect(skusOf(byId)).toEqual(skusOf(bySlug));
    expect(bySlug.data.every((p) => p.category_id?.slug === "baklava")).toBe(true);
  });

  it("an unknown category is an empty page, not an error", async () => {
    for (const category of ["no-such-slug", "987654"]) {
      const body = await list(`category=${category}`);
      expect(body).toEqual({ data: [], meta: { page: 1, per_page: 9, total: 0, last_page: 1 } });
    }
  });

  it.each([
    ["newest", ["T-A", "T-C", "T-B", "T-D"]],
    ["price_asc", ["T-A", "T-B", "T-C", "T-D"]],
    ["price_desc", ["T-D", "T-C", "T-B", "T-A"]],
    ["name", ["T-A", "T-B", "T-C", "T-D"]],
  ])("sort=%s orders the page in the database", async (sort, expected) => {
    const body = await list(`category=test-trays&sort=${sort}`);
    expect(skusOf(body)).toEqual(expected);
  });

  it("price sorts follow the price a shopper pays (discount included) across the catalog", async () => {
    const body = await list("sort=price_asc&per_page=100");
    const paid = body.data.map((p) => p.discount_price ?? p.price);
    expect(paid).toEqual([...paid].sort((a, b) => a - b));
  });

  it.each([
    [1, 2, ["T-A", "T-C"]],
    [2, 2, ["T-B", "T-D"]],
    [3, 2, []],
    [99, 2, []],
  ])(
    "page %i of %i per page: the right slice and the true meta",
    async (page, perPage, expected) => {
      const body = await list(`category=test-trays&page=${page}&per_page=${perPage}`);
      expect(skusOf(body)).toEqual(expected);
      expect(body.meta).toEqual({ page, per_page: perPage, total: 4, last_page: 2 });
    },
  );

  it.each([
    ["per_page=0", "per_page"],
    ["per_page=1000", "per_page"],
    ["per_page=abc", "per_page"],
    ["per_page=2.5", "per_page"],
    ["per_page=", "per_page"],
    ["page=0", "page"],
    ["page=-1", "page"],
    ["page=x", "page"],
    ["page=1&page=2", "page"],
    ["sort=cheapest", "sort"],
    [`search=${"a".repeat(101)}`, "search"],
  ])("rejects %s with 400 { message, errors.%s }", async (query, field) => {
    const res = await get(`/api/products?${query}`);
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.message).toEqual(expect.any(String));
    expect(body.errors[field]).toEqual([expect.any(String)]);
  });
});

describe("search", () => {
  const searchSkus = async (q: string) =>
    skusOf(await list(`search=${encodeURIComponent(q)}&per_page=100`));

  it("an empty or blank search lists everything", async () => {
    expect((await list("search=")).meta.total).toBe(seedProducts.length + 5);
    expect((await list("search=%20%20")).meta.total).toBe(seedProducts.length + 5);
  });

  it.each([
    ["pistachio baklava"],
    ["PISTACHIO BAKLAVA"],
    ["  Pistachio Baklava  "],
    ["pIsTaChIo bAkLaVa"],
  ])("English is trimmed and case-insensitive: %j", async (q) => {
    expect((await searchSkus(q))[0]).toBe("BAK-PIS-01");
  });

  it("matches descriptions in both languages", async () => {
    expect(await searchSkus("orange-blossom syrup")).toContain("BAK-CAS-03");
    expect(await searchSkus("بماء الزهر")).toContain("BAK-CAS-03");
  });

  it("names rank before descriptions", async () => {
    // "walnut" is in the names of three products and in the descriptions of others.
    const found = await searchSkus("walnut");
    const named = found.filter((sku) =>
      seedProducts
        .find((p) => p.sku === sku)
        ?.nameEn.toLowerCase()
        .includes("walnut"),
    );
    expect(found.slice(0, named.length)).toEqual(named);
    expect(found.length).toBeGreaterThan(named.length);
  });

  it("tolerates a typo", async () => {
    expect((await searchSkus("pistachoi baklava"))[0]).toBe("BAK-PIS-01");
  });

  it("treats LIKE wildcards literally", async () => {
    expect(await searchSkus("%")).toEqual([]);
    expect(await searchSkus("_")).toEqual([]);
  });

  it.each([
    ["taa marbuta as haa", "بقلاوه بالفستق", "BAK-PIS-01"],
    ["with diacritics", "بَقْلاوَةٌ بِالفُسْتُق", "BAK-PIS-01"],
    ["with tatweel", "بقـــلاوة بالفـستق", "BAK-PIS-01"],
    ["alef with hamza above", "أصابع بالكاجو", "BAK-ASB-05"],
    ["bare alef", "اصابع بالكاجو", "BAK-ASB-05"],
    ["alef with hamza below", "إصابع بالكاجو", "BAK-ASB-05"],
    ["alef madda", "آصابع بالكاجو", "BAK-ASB-05"],
    ["alef maqsura", "حلوى المولد", "T-AR"],
    ["yaa for alef maqsura", "حلوي المولد", "T-AR"],
    ["a single word", "حلوى", "T-AR"],
  ])("Arabic %s finds the same product", async (_label, q, sku) => {
    expect((await searchSkus(q))[0]).toBe(sku);
  });

  it("combines search with a category and a sort", async () => {
    const body = await list("search=pistachio&category=maamoul&sort=price_asc&per_page=100");
    expect(body.data.length).toBeGreaterThan(1);
    expect(body.data.every((p) => p.category_id?.slug === "maamoul")).toBe(true);
    const paid = body.data.map((p) => p.discount_price ?? p.price);
    expect(paid).toEqual([...paid].sort((a, b) => a - b));
  });

  it.each([
    "search=%00",
    "search=a%00b",
    "category=%00",
    "category=bak%00lava",
    "search=%ED%A0%80",
    "search=%E2%80%8F%E2%80%8F",
    "search=-",
  ])("odd text (%s) is a 200, never a 500", async (query) => {
    const res = await get(`/api/products?${query}`);
    expect(res.statusCode).toBe(200);
    expect(() => productListResponseSchema.parse(res.json())).not.toThrow();
  });

  it("ignores words with no letter or digit, such as an emoji", async () => {
    expect((await searchSkus("🍰 pistachio baklava"))[0]).toBe("BAK-PIS-01");
  });

  it("a search with no match is an empty page", async () => {
    const body = await list("search=zzqxw");
    expect(body).toEqual({ data: [], meta: { page: 1, per_page: 9, total: 0, last_page: 1 } });
  });
});

describe("GET /api/products/:id", () => {
  it("answers SPEC's detail shape with weights, currency, stock and shipping note", async () => {
    const res = await get(`/api/products/${ids["BAK-PIS-01"]}`);
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(() => productDetailSchema.parse(data)).not.toThrow();
    expect(data).toMatchObject({
      id: ids["BAK-PIS-01"],
      name: "Pistachio Baklava",
      price: 42,
      discount_price: null,
      currency: "USD",
      inStock: true,
      in_stock: true,
      stock: null,
      weights: [
        { label: "0.5 kg", label_ar: "0.5 كغ", grams: 500, price: 21, discount_price: null },
        { label: "1 kg", label_ar: "1 كغ", grams: 1000, price: 42, discount_price: null },
        // The admin's override for 2 kg.
        { label: "2 kg", label_ar: "2 كغ", grams: 2000, price: 79, discount_price: null },
      ],
    });
    expect(data.shippingNote).toMatch(/worldwide/);
    expect(data.shippingNote_ar).not.toBe("");
  });

  it("gives every option its discounted price when the product is discounted", async () => {
    const { data } = (await get(`/api/products/${ids["MAM-PIS-27"]}`)).json();
    expect(data.discount_price).toBe(36);
    expect(data.weights).toEqual([
      { label: "0.5 kg", label_ar: "0.5 كغ", grams: 500, price: 20, discount_price: 18 },
      { label: "1 kg", label_ar: "1 كغ", grams: 1000, price: 40, discount_price: 36 },
      { label: "2 kg", label_ar: "2 كغ", grams: 2000, price: 76, discount_price: 68.4 },
    ]);
  });

  it("sells a product without options by the kilo", async () => {
    const { data } = (await get(`/api/products/${ids["SWT-NMR-17"]}`)).json();
    expect(data.weights).toEqual([
      { label: "1 kg", label_ar: "1 كغ", grams: 1000, price: 19, discount_price: null },
    ]);
    expect(data.default_grams).toBe(1000);
  });

  it.each([
    ["tracked, in stock", "BAK-NEST-04", 12, true],
    ["sold out", "SWT-AWM-20", 0, false],
    ["less than the smallest option", "BAK-BAL-09", 0.3, false],
  ])("stock in kg for %s", async (_label, sku, stock, inStock) => {
    const { data } = (await get(`/api/products/${ids[sku]}`)).json();
    expect(data).toMatchObject({ stock, inStock, in_stock: inStock });
  });

  it.each([
    ["an unknown id", "987654"],
    ["an inactive product", () => String(ids["T-HIDDEN"])],
    ["a word", "abc"],
    ["a negative number", "-1"],
    ["zero", "0"],
    ["a decimal", "1.5"],
    ["a huge number", "99999999999999999999999"],
  ])("404 { message: 'Not found.' } for %s", async (_label, id) => {
    const res = await get(`/api/products/${typeof id === "function" ? id() : id}`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: "Not found." });
  });

  it("is the same for a signed-in customer (a public, read-only route)", async () => {
    const customer = await createUserWithToken(t.app);
    const res = await t.app.inject({
      method: "GET",
      url: `/api/products/${ids["T-HIDDEN"]}`,
      headers: customer.auth,
    });
    expect(res.statusCode).toBe(404);
  });
});

describe("GET /api/categories", () => {
  it("lists the categories in their set order with both languages", async () => {
    const res = await get("/api/categories");
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    for (const c of data) expect(() => categoryDtoSchema.parse(c)).not.toThrow();
    expect(data.map((c: { slug: string }) => c.slug)).toEqual([
      "baklava",
      "sweets",
      "maamoul",
      "test-trays",
    ]);
    expect(data[0]).toMatchObject({ name: "Baklava", name_ar: "بقلاوة", image_url: null });
    expect(data[0].description).toEqual(expect.any(String));
  });
});

describe("catalog service", () => {
  it("relatedProducts: same category first, never the product itself", async () => {
    const id = ids["T-A"]!;
    const related = await t.app.services.catalog.relatedProducts(id, 5);
    expect(related).toHaveLength(5);
    expect(
      related
        .map((p) => p.sku)
        .slice(0, 3)
        .sort(),
    ).toEqual(["T-B", "T-C", "T-D"]);
    expect(related.map((p) => p.id)).not.toContain(id);
    expect(related.map((p) => p.sku)).not.toContain("T-HIDDEN");
  });

  it("homeProducts: active products, at most the limit", async () => {
    const home = await t.app.services.catalog.homeProducts(8);
    expect(home).toHaveLength(8);
    expect(home.map((p) => p.sku)).not.toContain("T-HIDDEN");
  });
});

describe("listings stay fresh after writes (the page cache follows the catalog version)", () => {
  it("a renamed, repriced, restocked or hidden product shows at once", async () => {
    const db = t.database.db;
    const before = await list("category=test-trays&sort=price_asc");
    expect(skusOf(before)).toEqual(["T-A", "T-B", "T-C", "T-D"]);

    // Price: Date Rolls becomes the cheapest.
    await db.update(products).set({ priceCents: 500 }).where(eq(products.sku, "T-D"));
    expect(skusOf(await list("category=test-trays&sort=price_asc"))).toEqual([
      "T-D",
      "T-A",
      "T-B",
      "T-C",
    ]);

    // Stock only (what orders write): in_stock follows without a version bump.
    await db.update(products).set({ stockGrams: 0 }).where(eq(products.sku, "T-B"));
    const stocked = await list("category=test-trays&sort=price_asc");
    expect(stocked.data.find((p) => p.sku === "T-B")?.in_stock).toBe(false);

    // Name and search text: found under the new name, not the old one.
    const renamed = { nameEn: "Fig Fingers", nameAr: "أصابع التين" };
    await db
      .update(products)
      .set({ ...renamed, searchText: productSearchText(renamed) })
      .where(eq(products.sku, "T-C"));
    expect(skusOf(await list("search=fig%20fingers"))).toEqual(["T-C"]);
    expect(skusOf(await list("search=cherry%20cups"))).toEqual([]);

    // Picture, weight options and the category's name.
    await db
      .update(products)
      .set({ image: "products/new-640x480.webp" })
      .where(eq(products.sku, "T-D"));
    await db
      .insert(productWeightOptions)
      .values({ productId: ids["T-D"]!, grams: 250, position: -1 });
    await db
      .update(categories)
      .set({ nameEn: "Trial trays" })
      .where(eq(categories.id, testCategoryId));
    const dates = (await list("category=test-trays&sort=price_asc")).data[0]!;
    expect(dates).toMatchObject({
      sku: "T-D",
      image_url: "/storage/products/new-640x480.webp",
      default_grams: 250,
      default_price: 1.25,
      price_source: "retail",
      category_id: { name: "Trial trays" },
    });

    // Hidden: gone from the list and the count.
    await db.update(products).set({ active: false }).where(eq(products.sku, "T-A"));
    const hidden = await list("category=test-trays&sort=price_asc");
    expect(skusOf(hidden)).toEqual(["T-D", "T-B", "T-C"]);
    expect(hidden.meta.total).toBe(3);
  });
});
