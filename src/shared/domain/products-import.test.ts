import { describe, expect, it } from "vitest";
import {
  type CsvProduct,
  IMPORT_MESSAGES,
  type ImportContext,
  importMessage,
  moneyCell,
  PRODUCTS_CSV_HEADER,
  parseWeightOptions,
  planImport,
  productChanged,
} from "./products-import.ts";

const base: CsvProduct = {
  sku: "BKL-1",
  nameEn: "Baklava",
  nameAr: "بقلاوة",
  descriptionEn: "Thin layers",
  descriptionAr: "طبقات رقيقة",
  category: "baklava",
  priceCents: 3000,
  discountPriceCents: 2550,
  options: [
    { grams: 500, priceCents: null },
    { grams: 1000, priceCents: 2800 },
  ],
  stockGrams: 12_500,
  lowStockGrams: null,
  active: true,
  images: ["catalog/products/bkl-1.webp"],
  food: null,
};

const ctx: ImportContext = {
  categories: new Map([
    ["baklava", 1],
    ["maamoul", 2],
  ]),
  existing: new Map([["BKL-1", { id: 7, values: base }]]),
  archivedSkus: new Set(["OLD-1"]),
  uploads: new Set(["catalog/products/bkl-1.webp", "catalog/products/new-2.webp"]),
};

/** The row `base` exports as, with some cells replaced. */
function row(cells: Partial<Record<(typeof PRODUCTS_CSV_HEADER)[number], string>> = {}) {
  const all: Record<string, string> = {
    sku: "BKL-1",
    name_en: "Baklava",
    name_ar: "بقلاوة",
    description_en: "Thin layers",
    description_ar: "طبقات رقيقة",
    category: "baklava",
    price: "30.00",
    discount_price: "25.50",
    weight_options: "500|1000:28.00",
    stock_grams: "12500",
    low_stock_grams: "",
    status: "active",
    images: "catalog/products/bkl-1.webp",
    ...cells,
  };
  return PRODUCTS_CSV_HEADER.map((c) => all[c]!);
}
const header = [...PRODUCTS_CSV_HEADER];

describe("moneyCell", () => {
  it.each([
    ["12.50", 1250],
    ["12.5", 1250],
    ["12", 1200],
    ["0.01", 1],
    ["0", 0],
    ["", null],
    ["-1", null],
    ["12.345", null],
    ["1,50", null],
    ["$12", null],
    ["abc", null],
  ])("%j -> %j", (text, cents) => {
    expect(moneyCell(text)).toBe(cents);
  });
});

describe("parseWeightOptions", () => {
  it.each([
    ["", { ok: true, options: [] }],
    ["500", { ok: true, options: [{ grams: 500, priceCents: null }] }],
    [
      "500|1000:28.00",
      {
        ok: true,
        options: [
          { grams: 500, priceCents: null },
          { grams: 1000, priceCents: 2800 },
        ],
      },
    ],
    ["500g", { ok: false, bad: "500g" }],
    ["0", { ok: false, bad: "0" }],
    ["500:abc", { ok: false, bad: "500:abc" }],
    ["500:1:2", { ok: false, bad: "500:1:2" }],
    ["100001", { ok: false, bad: "100001" }],
    ["500||1000", { ok: false, bad: "" }],
  ])("%j", (text, expected) => {
    expect(parseWeightOptions(text)).toEqual(expected);
  });
});

describe("productChanged", () => {
  it.each<[string, Partial<CsvProduct>, boolean]>([
    ["nothing", {}, false],
    ["the Arabic name", { nameAr: "بقلاوة ملكية" }, true],
    ["the price", { priceCents: 3100 }, true],
    ["the discount", { discountPriceCents: null }, true],
    ["an option's price", { options: [{ grams: 500, priceCents: 1 }, base.options[1]!] }, true],
    ["the options' order", { options: [base.options[1]!, base.options[0]!] }, true],
    ["the stock", { stockGrams: null }, true],
    ["the threshold", { lowStockGrams: 2000 }, true],
    ["the status", { active: false }, true],
    ["the pictures", { images: [] }, true],
    ["the category", { category: "maamoul" }, true],
  ])("%s", (_, change, changed) => {
    expect(productChanged(base, { ...base, ...change })).toBe(changed);
  });
});

describe("planImport", () => {
  it("reads back the row the export wrote as unchanged, and a new SKU as a create", () => {
    const plan = planImport([header, row(), row({ sku: "NEW-1", images: "" })], ctx, "en");
    expect(plan.errors).toEqual([]);
    expect(plan.rows).toEqual([
      { row: 2, sku: "BKL-1", action: "unchanged" },
      { row: 3, sku: "NEW-1", action: "create" },
    ]);
    expect(plan.creates[0]?.categoryId).toBe(1);
  });

  it("a changed cell is an update; columns may come in any order; blank lines are skipped", () => {
    const reordered = [...header].reverse();
    const plan = planImport(
      [reordered, row({ price: "31" }).reverse(), [""], row({ sku: "X-2" }).reverse()],
      ctx,
      "en",
    );
    expect(plan.errors).toEqual([]);
    expect(plan.rows).toEqual([
      { row: 2, sku: "BKL-1", action: "update" },
      { row: 4, sku: "X-2", action: "create" },
    ]);
    expect(plan.updates[0]).toMatchObject({ id: 7, values: { priceCents: 3100 } });
  });

  it("pictures by bare file name or /storage/ address; an address already shown stays", () => {
    const withUrl: CsvProduct = { ...base, images: ["https://cdn.example/x.jpg"] };
    const plan = planImport(
      [header, row({ images: "new-2.webp|/storage/catalog/products/bkl-1.webp" })],
      ctx,
      "en",
    );
    expect(plan.updates[0]?.values.images).toEqual([
      "catalog/products/new-2.webp",
      "catalog/products/bkl-1.webp",
    ]);
    const kept = planImport(
      [header, row({ images: "https://cdn.example/x.jpg" })],
      {
        ...ctx,
        existing: new Map([["BKL-1", { id: 7, values: withUrl }]]),
      },
      "en",
    );
    expect(kept.rows[0]?.action).toBe("unchanged");
  });

  it("formula apostrophes the export added are taken away again", () => {
    const values = { ...base, nameEn: "=HYPERLINK(1)" };
    const plan = planImport(
      [header, row({ name_en: "'=HYPERLINK(1)" })],
      {
        ...ctx,
        existing: new Map([["BKL-1", { id: 7, values }]]),
      },
      "en",
    );
    expect(plan.rows[0]?.action).toBe("unchanged");
  });

  it.each<[string, string[], string, string]>([
    ["bad price", row({ price: "abc" }), "price", "The price must be a number of dollars"],
    ["negative price", row({ price: "-3" }), "price", "The price must be a number of dollars"],
    ["missing price", row({ price: "" }), "price", "The price per kg is required."],
    ["price too high", row({ price: "2000000" }), "price", "not be more than 1,000,000"],
    ["bad discount", row({ discount_price: "x" }), "discount_price", "discount price must be"],
    [
      "discount > price",
      row({ discount_price: "99" }),
      "discount_price",
      "not be more than the price",
    ],
    ["unknown category", row({ category: "nope" }), "category", "no category with the slug “nope”"],
    [
      "no category on create",
      row({ sku: "N-1", category: "" }),
      "category",
      "category is required",
    ],
    [
      "bad weight option",
      row({ weight_options: "500|1kg" }),
      "weight_options",
      "“1kg” is not a weight",
    ],
    ["repeated weight", row({ weight_options: "500|500" }), "weight_options", "500 g is repeated"],
    [
      "negative stock",
      row({ stock_grams: "-5" }),
      "stock_grams",
      "The stock must be a whole number",
    ],
    [
      "fractional stock",
      row({ stock_grams: "1.5" }),
      "stock_grams",
      "The stock must be a whole number",
    ],
    ["bad threshold", row({ low_stock_grams: "lots" }), "low_stock_grams", "low-stock threshold"],
    ["bad status", row({ status: "visible" }), "status", "active or hidden"],
    ["missing name_en", row({ name_en: "  " }), "name_en", "The English name is required."],
    ["name too long", row({ name_ar: "ب".repeat(201) }), "name_ar", "at most 200 characters"],
    ["NUL in text", row({ description_en: "a\0b" }), "description_en", "not allowed"],
    ["URL image", row({ images: "https://x.test/a.jpg" }), "images", "not downloaded"],
    [
      "unknown upload",
      row({ images: "catalog/products/none.webp" }),
      "images",
      "no uploaded picture",
    ],
    ["missing SKU", row({ sku: "" }), "sku", "The SKU is required"],
    ["bad SKU", row({ sku: "A B" }), "sku", "may contain only letters"],
    ["archived SKU", row({ sku: "OLD-1" }), "sku", "deleted product kept for past orders"],
    ["too many cells", [...row(), "extra"], "N", "This row has 14 cells; the header has 13."],
    ["too few cells", row().slice(0, 10), "low_stock_grams", "This row has 10 cells"],
  ])("%s: reported at row 2 in its column", (_, cells, column, message) => {
    const plan = planImport([header, cells], ctx, "en");
    expect(plan.errors).toHaveLength(1);
    expect(plan.errors[0]).toMatchObject({ row: 2, column });
    expect(plan.errors[0]!.message).toContain(message);
    expect(plan.rows).toEqual([]);
  });

  it("a SKU twice: the second row is refused and names the first", () => {
    const plan = planImport([header, row({ sku: "D-1" }), row({ sku: "D-1" })], ctx, "en");
    expect(plan.errors).toEqual([
      { row: 3, column: "sku", message: "The SKU D-1 is already in row 2." },
    ]);
  });

  it.each<[string, string[], { row: number; column: string }[]]>([
    [
      "a missing column",
      header.filter((h) => h !== "low_stock_grams"),
      [{ row: 1, column: "low_stock_grams" }],
    ],
    ["an unknown column", [...header, "colour"], [{ row: 1, column: "colour" }]],
    ["a repeated column", [...header, "sku"], [{ row: 1, column: "sku" }]],
  ])("the header: %s", (_, head, expected) => {
    const plan = planImport([head, row()], ctx, "en");
    expect(plan.errors.map(({ row: r, column }) => ({ row: r, column }))).toEqual(expected);
  });

  it("an empty file and a header alone are reported, not imported", () => {
    expect(planImport([], ctx, "en").errors[0]?.message).toMatch(/no products/);
    expect(planImport([header], ctx, "en").errors[0]?.row).toBe(1);
  });

  it("speaks Arabic when asked, with the row's values filled in", () => {
    const plan = planImport([header, row({ category: "nope" })], ctx, "ar");
    expect(plan.errors[0]).toEqual({
      row: 2,
      column: "category",
      message: "لا يوجد تصنيف بالمعرّف «nope».",
    });
  });

  it("every message has both languages and the same {names}", () => {
    for (const [id, { en, ar }] of Object.entries(IMPORT_MESSAGES)) {
      const names = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
      expect(ar, id).not.toBe("");
      expect(names(ar), id).toEqual(names(en));
    }
    expect(importMessage("TOO_MANY_ROWS", "en", { count: 3, max: 2 })).toBe(
      "The file has 3 products; at most 2 can be imported at once.",
    );
  });
});
