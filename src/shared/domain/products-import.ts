import { z } from "zod";
import { hasForbiddenChars } from "../schemas/fields.ts";
import { foodInputSchema } from "../schemas/food.ts";
import { restoreFormulas } from "./csv.ts";
import { type FoodInfo, foodMessage, NUTRIENTS, sameFood } from "./food.ts";
import type { Cents, Lang } from "./money.ts";

/**
 * The products CSV's rules, shared by the export, the import and its screen.
 * Export and import use one format, so a file the shop wrote reads back with no change:
 * money in dollars (at most 2 decimals), stock and thresholds in grams (empty = not tracked /
 * the shop's default), weight options as `grams` or `grams:price` joined by `|`, images as
 * upload paths joined by `|`, status `active` or `hidden`, the category by its slug.
 * Rows are matched by SKU. Tables and their tests: products-import.test.ts.
 */
export const PRODUCTS_CSV_HEADER = [
  "sku",
  "name_en",
  "name_ar",
  "description_en",
  "description_ar",
  "category",
  "price",
  "discount_price",
  "weight_options",
  "stock_grams",
  "low_stock_grams",
  "status",
  "images",
] as const;
export type ProductsCsvColumn = (typeof PRODUCTS_CSV_HEADER)[number];

/**
 * The food information's columns, after the others: allergens and traces as codes joined by
 * `|` (nuts|milk), nutrition per 100 g one column a value. Optional as a group: a file without
 * any of them (written before they existed) keeps each product's food information; a file
 * with some reads the missing ones as empty. All of them empty = no food information.
 */
export const FOOD_CSV_HEADER = [
  "ingredients_en",
  "ingredients_ar",
  "allergens",
  "traces",
  "shelf_life_days",
  "storage_en",
  "storage_ar",
  ...NUTRIENTS,
  "origin",
  "hs_code",
] as const;
export type FoodCsvColumn = (typeof FOOD_CSV_HEADER)[number];

/** Every column the export writes, in order. */
export const PRODUCTS_CSV_EXPORT_HEADER = [...PRODUCTS_CSV_HEADER, ...FOOD_CSV_HEADER] as const;

/** A food block as the export's cells, in FOOD_CSV_HEADER's order. */
export function foodCells(food: FoodInfo | null): (string | number)[] {
  if (!food) return FOOD_CSV_HEADER.map(() => "");
  return [
    food.ingredients,
    food.ingredients_ar,
    food.allergens.join("|"),
    food.traces.join("|"),
    food.shelf_life_days ?? "",
    food.storage,
    food.storage_ar,
    ...NUTRIENTS.map((k) => (food.nutrition ? food.nutrition[k] : "")),
    food.origin,
    food.hs_code,
  ];
}

/** The food block a row's cells (by column name) give; field errors keyed by column. */
export function readFoodCells(
  cells: Partial<Record<FoodCsvColumn, string>>,
  lang: Lang,
):
  | { ok: true; food: FoodInfo | null }
  | { ok: false; errors: { column: string; message: string }[] } {
  const cell = (c: FoodCsvColumn) => restoreFormulas(cells[c] ?? "");
  const parsed = foodInputSchema.safeParse({
    ingredients: cell("ingredients_en"),
    ingredients_ar: cell("ingredients_ar"),
    allergens: cell("allergens"),
    traces: cell("traces"),
    shelf_life_days: cell("shelf_life_days"),
    storage: cell("storage_en"),
    storage_ar: cell("storage_ar"),
    nutrition: Object.fromEntries(NUTRIENTS.map((k) => [k, cell(k)])),
    origin: cell("origin"),
    hs_code: cell("hs_code"),
  });
  if (parsed.success) return { ok: true, food: parsed.data };
  const columnOf: Record<string, string> = {
    ingredients: "ingredients_en",
    storage: "storage_en",
    nutrition: "energy_kj",
  };
  const seen = new Set<string>();
  const errors: { column: string; message: string }[] = [];
  for (const issue of parsed.error.issues) {
    const [first, second] = issue.path.map(String);
    const column = first === "nutrition" && second ? second : (columnOf[first!] ?? first ?? "");
    if (seen.has(column)) continue;
    seen.add(column);
    errors.push({ column, message: foodMessage(issue.message, lang) });
  }
  return { ok: false, errors };
}

/** At most this many products in one file (5,000 import in well under 10 s). */
export const MAX_IMPORT_ROWS = 20_000;
/** The largest file the import reads, in bytes. */
export const MAX_IMPORT_BYTES = 10 * 1024 * 1024;

export type ImportAction = "create" | "update" | "unchanged";
export type ImportError = { row: number; column: string; message: string };
export type ImportRowResult = { row: number; sku: string; action: ImportAction };

/** One product as the CSV carries it (the category by slug, images by upload path). */
export type CsvProduct = {
  sku: string;
  nameEn: string;
  nameAr: string;
  descriptionEn: string;
  descriptionAr: string;
  /** Slug; null = none (allowed only for a product that already has none). */
  category: string | null;
  priceCents: Cents;
  discountPriceCents: Cents | null;
  options: { grams: number; priceCents: Cents | null }[];
  stockGrams: number | null;
  lowStockGrams: number | null;
  active: boolean;
  images: string[];
  food: FoodInfo | null;
};

// ---------------------------------------------------------------------------------------
// Messages: every one in English and Arabic, `{name}` filled in from the row.

export const IMPORT_MESSAGES = {
  FILE_REQUIRED: {
    en: "Choose a CSV file to import.",
    ar: "اختر ملف CSV للاستيراد.",
  },
  FILE_TOO_LARGE: {
    en: "The file must not be larger than 10 MB.",
    ar: "يجب ألا يزيد حجم الملف على 10 ميغابايت.",
  },
  NOT_UTF8: {
    en: "The file is not UTF-8 text: save it as “CSV UTF-8” and try again.",
    ar: "الملف ليس نصًا بترميز UTF-8: احفظه بصيغة «CSV UTF-8» وأعد المحاولة.",
  },
  NOT_CSV: {
    en: "The file could not be read as CSV here: {detail}.",
    ar: "تعذّرت قراءة الملف بصيغة CSV هنا: {detail}.",
  },
  QUOTE: {
    en: "a quoted cell is not closed or a quote mark is misplaced",
    ar: "خلية بين علامتي تنصيص لم تُغلق أو علامة تنصيص في غير مكانها",
  },
  EMPTY_FILE: {
    en: "The file has no products: the first row is the header, products follow it.",
    ar: "لا يحتوي الملف على منتجات: السطر الأول للعناوين ثم تليه المنتجات.",
  },
  TOO_MANY_ROWS: {
    en: "The file has {count} products; at most {max} can be imported at once.",
    ar: "يحتوي الملف على {count} منتجًا، ويمكن استيراد {max} على الأكثر في المرة الواحدة.",
  },
  HEADER_MISSING: {
    en: "The header has no “{column}” column.",
    ar: "لا يحتوي سطر العناوين على العمود «{column}».",
  },
  HEADER_UNKNOWN: {
    en: "“{column}” is not a column of the products file.",
    ar: "«{column}» ليس من أعمدة ملف المنتجات.",
  },
  HEADER_DUPLICATE: {
    en: "The column “{column}” appears twice in the header.",
    ar: "العمود «{column}» مكرر في سطر العناوين.",
  },
  TOO_MANY_CELLS: {
    en: "This row has {count} cells; the header has {expected}.",
    ar: "في هذا السطر {count} خلية، وفي سطر العناوين {expected}.",
  },
  TOO_FEW_CELLS: {
    en: "This row has {count} cells; the header has {expected}.",
    ar: "في هذا السطر {count} خلية، وفي سطر العناوين {expected}.",
  },
  TEXT_NOT_ALLOWED: {
    en: "This text contains characters that are not allowed.",
    ar: "يحتوي هذا النص على محارف غير مسموح بها.",
  },
  SKU_REQUIRED: {
    en: "The SKU is required: rows are matched by it.",
    ar: "رمز المنتج (SKU) مطلوب: تُطابق السطور به.",
  },
  SKU_FORMAT: {
    en: "The SKU may contain only letters, digits, dots, dashes and underscores (at most 64).",
    ar: "يجوز أن يحتوي رمز المنتج على أحرف وأرقام ونقاط وشرطات وشرطات سفلية فقط (64 على الأكثر).",
  },
  SKU_DUPLICATE: {
    en: "The SKU {sku} is already in row {other}.",
    ar: "رمز المنتج {sku} موجود في السطر {other}.",
  },
  SKU_ARCHIVED: {
    en: "The SKU {sku} belongs to a deleted product kept for past orders.",
    ar: "رمز المنتج {sku} لمنتج محذوف محفوظ من أجل الطلبات السابقة.",
  },
  NAME_REQUIRED: {
    en: "The English name is required.",
    ar: "الاسم بالإنجليزية مطلوب.",
  },
  TOO_LONG: {
    en: "This text is too long (at most {max} characters).",
    ar: "هذا النص طويل جدًا (الحد الأقصى {max} حرفًا).",
  },
  CATEGORY_REQUIRED: {
    en: "The category is required (its slug, like baklava).",
    ar: "التصنيف مطلوب (معرّفه في الرابط، مثل baklava).",
  },
  CATEGORY_UNKNOWN: {
    en: "There is no category with the slug “{slug}”.",
    ar: "لا يوجد تصنيف بالمعرّف «{slug}».",
  },
  PRICE_REQUIRED: {
    en: "The price per kg is required.",
    ar: "سعر الكيلوغرام مطلوب.",
  },
  PRICE_FORMAT: {
    en: "The price must be a number of dollars with at most 2 decimals, like 12.50.",
    ar: "يجب أن يكون السعر عددًا بالدولار بخانتين عشريتين على الأكثر، مثل 12.50.",
  },
  PRICE_MAX: {
    en: "The price must not be more than 1,000,000.",
    ar: "يجب ألا يزيد السعر على 1,000,000.",
  },
  DISCOUNT_FORMAT: {
    en: "The discount price must be empty or a number of dollars with at most 2 decimals.",
    ar: "يجب أن يكون سعر الخصم فارغًا أو عددًا بالدولار بخانتين عشريتين على الأكثر.",
  },
  DISCOUNT_ABOVE_PRICE: {
    en: "The discount price must not be more than the price.",
    ar: "يجب ألا يزيد سعر الخصم على السعر.",
  },
  OPTION_FORMAT: {
    en: "“{value}” is not a weight option: write grams or grams:price, like 500 or 1000:28.00.",
    ar: "«{value}» ليس خيار وزن: اكتب الغرامات أو الغرامات:السعر، مثل 500 أو 1000:28.00.",
  },
  OPTIONS_UNIQUE: {
    en: "Each weight can appear only once ({grams} g is repeated).",
    ar: "لا يتكرر الوزن الواحد ({grams} غ مكرر).",
  },
  OPTIONS_MAX: {
    en: "A product can have at most 20 weight options.",
    ar: "يمكن أن يكون للمنتج 20 خيار وزن على الأكثر.",
  },
  STOCK_FORMAT: {
    en: "The stock must be a whole number of grams, at least 0 (empty = not tracked).",
    ar: "يجب أن يكون المخزون عددًا صحيحًا من الغرامات، 0 أو أكثر (فارغ = غير متتبَّع).",
  },
  LOW_STOCK_FORMAT: {
    en: "The low-stock threshold must be a whole number of grams, at least 0 (empty = the shop's default).",
    ar: "يجب أن يكون حد انخفاض المخزون عددًا صحيحًا من الغرامات، 0 أو أكثر (فارغ = الإعداد العام للمتجر).",
  },
  STATUS_FORMAT: {
    en: "The status must be active or hidden.",
    ar: "يجب أن تكون الحالة active أو hidden.",
  },
  IMAGE_URL: {
    en: "Pictures are not downloaded from addresses ({value}): upload it first and give its file name.",
    ar: "لا تُنزَّل الصور من العناوين ({value}): ارفعها أولًا ثم اكتب اسم ملفها.",
  },
  IMAGE_UNKNOWN: {
    en: "There is no uploaded picture named “{value}”.",
    ar: "لا توجد صورة مرفوعة باسم «{value}».",
  },
  IMAGES_MAX: {
    en: "A product can have at most 20 pictures.",
    ar: "يمكن أن يكون للمنتج 20 صورة على الأكثر.",
  },
  APPLY_FAILED: {
    en: "Nothing was imported: correct the file's errors ({count}) and try again.",
    ar: "لم يُستورد شيء: صحّح أخطاء الملف ({count}) وأعد المحاولة.",
  },
} as const satisfies Record<string, Record<Lang, string>>;
export type ImportMessageId = keyof typeof IMPORT_MESSAGES;

/** A message in `lang` with its `{name}` parts filled in. */
export function importMessage(
  id: ImportMessageId,
  lang: Lang,
  params: Record<string, string | number> = {},
): string {
  return IMPORT_MESSAGES[id][lang].replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}

// ---------------------------------------------------------------------------------------
// Cells

const MONEY = /^\d{1,7}(?:\.\d{1,2})?$/;
const GRAMS = /^\d{1,9}$/;
const SKU = /^[A-Za-z0-9._-]{1,64}$/;

/** Dollars as the file writes them ("12.50", "12.5", "12") to cents; null when not money. */
export function moneyCell(value: string): Cents | null {
  if (!MONEY.test(value)) return null;
  const [whole, fraction = ""] = value.split(".");
  return Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
}

/** `500|1000:28.00` to options; the first cell that is not an option is returned as bad. */
export function parseWeightOptions(
  value: string,
): { ok: true; options: CsvProduct["options"] } | { ok: false; bad: string } {
  if (value === "") return { ok: true, options: [] };
  const options: CsvProduct["options"] = [];
  for (const part of value.split("|")) {
    const [gramsText = "", priceText, ...rest] = part.trim().split(":");
    const grams = Number(gramsText);
    const price = priceText === undefined ? null : moneyCell(priceText.trim());
    if (
      rest.length > 0 ||
      !GRAMS.test(gramsText) ||
      grams <= 0 ||
      grams > 100_000 ||
      (priceText !== undefined && price === null)
    ) {
      return { ok: false, bad: part };
    }
    options.push({ grams, priceCents: price });
  }
  return { ok: true, options };
}

/** An error raised by a cell's schema: the message id and what to fill in. */
type Issue = { id: ImportMessageId; params?: Record<string, string | number> };
const issue = (id: ImportMessageId, params?: Issue["params"]) => JSON.stringify({ id, params });
function readIssue(message: string): Issue {
  try {
    return JSON.parse(message) as Issue;
  } catch {
    return { id: "NOT_CSV", params: { detail: message } };
  }
}

const textCell = (max: number, required?: ImportMessageId) =>
  z
    .string()
    .refine((v) => !hasForbiddenChars(v), { message: issue("TEXT_NOT_ALLOWED"), abort: true })
    .transform((v) => restoreFormulas(v).trim())
    .refine((v) => !required || v !== "", { message: issue(required ?? "NAME_REQUIRED") })
    .refine((v) => v.length <= max, { message: issue("TOO_LONG", { max }) });

const gramsCell = (id: ImportMessageId) =>
  z
    .string()
    .trim()
    .refine((v) => v === "" || GRAMS.test(v), { message: issue(id) })
    .transform((v) => (v === "" ? null : Number(v)));

/** One data row's cells (already named by the header), zod checked cell by cell. */
export const productRowSchema = z
  .object({
    sku: z
      .string()
      .trim()
      .refine((v) => v !== "", { message: issue("SKU_REQUIRED"), abort: true })
      .refine((v) => SKU.test(v), { message: issue("SKU_FORMAT") }),
    name_en: textCell(200, "NAME_REQUIRED"),
    name_ar: textCell(200),
    description_en: textCell(5000),
    description_ar: textCell(5000),
    category: z
      .string()
      .trim()
      .transform((v) => (v === "" ? null : v.toLowerCase())),
    price: z
      .string()
      .trim()
      .refine((v) => v !== "", { message: issue("PRICE_REQUIRED"), abort: true })
      .refine((v) => MONEY.test(v), { message: issue("PRICE_FORMAT"), abort: true })
      .transform((v) => moneyCell(v)!)
      .refine((v) => v <= 100_000_000, { message: issue("PRICE_MAX") }),
    discount_price: z
      .string()
      .trim()
      .refine((v) => v === "" || MONEY.test(v), { message: issue("DISCOUNT_FORMAT"), abort: true })
      // 0 is "no discount", as in the product form.
      .transform((v) => (v === "" ? null : moneyCell(v) || null))
      .refine((v) => v === null || v <= 100_000_000, { message: issue("PRICE_MAX") }),
    weight_options: z.string().transform((v, ctx) => {
      const parsed = parseWeightOptions(v.trim());
      if (!parsed.ok) {
        ctx.addIssue({ code: "custom", message: issue("OPTION_FORMAT", { value: parsed.bad }) });
        return z.NEVER;
      }
      const seen = new Set<number>();
      for (const o of parsed.options) {
        if (seen.has(o.grams)) {
          ctx.addIssue({ code: "custom", message: issue("OPTIONS_UNIQUE", { grams: o.grams }) });
          return z.NEVER;
        }
        seen.add(o.grams);
      }
      if (parsed.options.length > 20) {
        ctx.addIssue({ code: "custom", message: issue("OPTIONS_MAX") });
        return z.NEVER;
      }
      return parsed.options;
    }),
    stock_grams: gramsCell("STOCK_FORMAT"),
    low_stock_grams: gramsCell("LOW_STOCK_FORMAT"),
    status: z
      .string()
      .trim()
      .transform((v) => v.toLowerCase())
      .refine((v) => v === "active" || v === "hidden", { message: issue("STATUS_FORMAT") })
      .transform((v) => v === "active"),
    images: z
      .string()
      .transform((v) =>
        v
          .split("|")
          .map((s) => s.trim())
          .filter(Boolean),
      )
      .refine((list) => list.length <= 20, { message: issue("IMAGES_MAX") }),
  })
  .superRefine((row, ctx) => {
    if (row.discount_price !== null && row.discount_price > row.price) {
      ctx.addIssue({
        code: "custom",
        path: ["discount_price"],
        message: issue("DISCOUNT_ABOVE_PRICE"),
      });
    }
  });
export type ProductRow = z.output<typeof productRowSchema>;

// ---------------------------------------------------------------------------------------
// The whole file

/** What the database knows, read once before the rows are checked. */
export type ImportContext = {
  /** Category ids by slug. */
  categories: ReadonlyMap<string, number>;
  /** Products by SKU (archived ones are in `archivedSkus` instead). */
  existing: ReadonlyMap<string, { id: number; values: CsvProduct }>;
  archivedSkus: ReadonlySet<string>;
  /** Every upload path a picture may name (products', categories', stored files). */
  uploads: ReadonlySet<string>;
};

export type PlannedProduct = { row: number; values: CsvProduct; categoryId: number | null };

export type ImportPlan = {
  rows: ImportRowResult[];
  errors: ImportError[];
  creates: PlannedProduct[];
  updates: (PlannedProduct & { id: number; before: CsvProduct })[];
  unchanged: number;
};

/** `/storage/x/y.webp` or `x/y.webp` or a bare file name, as the upload path it names. */
export function resolveImage(
  cell: string,
  uploads: ReadonlySet<string>,
  byName: ReadonlyMap<string, string[]>,
): string | null {
  const path = cell.replace(/^\/?storage\//, "");
  if (uploads.has(path)) return path;
  if (!path.includes("/")) {
    const found = byName.get(path);
    if (found?.length === 1) return found[0]!;
  }
  return null;
}

const sameOptions = (a: CsvProduct["options"], b: CsvProduct["options"]) =>
  a.length === b.length &&
  a.every((o, i) => o.grams === b[i]!.grams && o.priceCents === b[i]!.priceCents);

/** Whether a row would change the product as the CSV shows it. */
export function productChanged(before: CsvProduct, after: CsvProduct): boolean {
  return (
    before.nameEn !== after.nameEn ||
    before.nameAr !== after.nameAr ||
    before.descriptionEn !== after.descriptionEn ||
    before.descriptionAr !== after.descriptionAr ||
    before.category !== after.category ||
    before.priceCents !== after.priceCents ||
    before.discountPriceCents !== after.discountPriceCents ||
    !sameOptions(before.options, after.options) ||
    before.stockGrams !== after.stockGrams ||
    before.lowStockGrams !== after.lowStockGrams ||
    before.active !== after.active ||
    before.images.length !== after.images.length ||
    before.images.some((path, i) => path !== after.images[i]) ||
    !sameFood(before.food, after.food)
  );
}

function columnLetter(index: number): string {
  let n = index + 1;
  let out = "";
  while (n > 0) {
    const r = (n - 1) % 26;
    out = String.fromCharCode(65 + r) + out;
    n = Math.floor((n - 1) / 26);
  }
  return out;
}

/**
 * Checks every row of a parsed file (records[0] is the header; row numbers are as in the
 * file, the header being row 1) and says per row what applying would do. Pure: the caller
 * reads the context from the database and writes the plan.
 */
export function planImport(records: string[][], ctx: ImportContext, lang: Lang): ImportPlan {
  const plan: ImportPlan = { rows: [], errors: [], creates: [], updates: [], unchanged: 0 };
  const fail = (row: number, column: string, id: ImportMessageId, params?: Issue["params"]) =>
    plan.errors.push({ row, column, message: importMessage(id, lang, params) });

  const header = (records[0] ?? []).map((h) => h.trim().toLowerCase());
  const dataRows = records
    .slice(1)
    .map((cells, i) => ({ row: i + 2, cells }))
    // Blank lines (a spreadsheet's trailing rows) are not products.
    .filter(({ cells }) => cells.some((c) => c.trim() !== ""));
  if (header.length === 0 || header.every((h) => h === "")) {
    fail(1, "", "EMPTY_FILE");
    return plan;
  }

  const index = new Map<string, number>();
  header.forEach((name, i) => {
    if (index.has(name)) fail(1, name, "HEADER_DUPLICATE", { column: name });
    else if (!(PRODUCTS_CSV_EXPORT_HEADER as readonly string[]).includes(name))
      fail(1, name || columnLetter(i), "HEADER_UNKNOWN", { column: name });
    else index.set(name, i);
  });
  for (const column of PRODUCTS_CSV_HEADER)
    if (!index.has(column)) fail(1, column, "HEADER_MISSING", { column });
  if (plan.errors.length > 0) return plan;
  if (dataRows.length === 0) {
    fail(1, "", "EMPTY_FILE");
    return plan;
  }
  if (dataRows.length > MAX_IMPORT_ROWS) {
    fail(1, "", "TOO_MANY_ROWS", { count: dataRows.length, max: MAX_IMPORT_ROWS });
    return plan;
  }

  const byName = new Map<string, string[]>();
  for (const path of ctx.uploads) {
    const name = path.slice(path.lastIndexOf("/") + 1);
    byName.set(name, [...(byName.get(name) ?? []), path]);
  }
  const firstRowOfSku = new Map<string, number>();
  const hasFood = FOOD_CSV_HEADER.some((c) => index.has(c));

  for (const { row, cells } of dataRows) {
    const before = plan.errors.length;
    if (cells.length !== header.length) {
      const tooMany = cells.length > header.length;
      fail(
        row,
        tooMany ? columnLetter(header.length) : (header[cells.length] ?? ""),
        tooMany ? "TOO_MANY_CELLS" : "TOO_FEW_CELLS",
        { count: cells.length, expected: header.length },
      );
      continue;
    }
    const named = Object.fromEntries(PRODUCTS_CSV_HEADER.map((c) => [c, cells[index.get(c)!]]));
    const parsed = productRowSchema.safeParse(named);
    if (!parsed.success) {
      const seen = new Set<string>();
      for (const zodIssue of parsed.error.issues) {
        const column = String(zodIssue.path[0] ?? "");
        if (seen.has(column)) continue;
        seen.add(column);
        const { id, params } = readIssue(zodIssue.message);
        fail(row, column, id, params);
      }
    }
    const sku = String(named.sku ?? "").trim();
    if (sku !== "") {
      const other = firstRowOfSku.get(sku);
      if (other !== undefined) fail(row, "sku", "SKU_DUPLICATE", { sku, other });
      else firstRowOfSku.set(sku, row);
      if (ctx.archivedSkus.has(sku)) fail(row, "sku", "SKU_ARCHIVED", { sku });
    }
    const food = hasFood
      ? readFoodCells(
          Object.fromEntries(
            FOOD_CSV_HEADER.flatMap((c) => (index.has(c) ? [[c, cells[index.get(c)!]]] : [])),
          ),
          lang,
        )
      : null;
    if (food && !food.ok)
      for (const e of food.errors) plan.errors.push({ row, column: e.column, message: e.message });
    if (!parsed.success) continue;

    const v = parsed.data;
    const existing = ctx.existing.get(v.sku);
    let categoryId: number | null = null;
    if (v.category === null) {
      if (!existing || existing.values.category !== null)
        fail(row, "category", "CATEGORY_REQUIRED");
    } else {
      categoryId = ctx.categories.get(v.category) ?? null;
      if (categoryId === null) fail(row, "category", "CATEGORY_UNKNOWN", { slug: v.category });
    }

    const images: string[] = [];
    for (const cell of v.images) {
      if (/^[a-z][a-z0-9+.-]*:\/\//i.test(cell)) {
        // A picture already shown from an address stays; a new address is never fetched.
        if (existing?.values.images.includes(cell)) images.push(cell);
        else fail(row, "images", "IMAGE_URL", { value: cell });
        continue;
      }
      const path = resolveImage(cell, ctx.uploads, byName);
      if (path === null) fail(row, "images", "IMAGE_UNKNOWN", { value: cell });
      else if (!images.includes(path)) images.push(path);
    }
    if (plan.errors.length > before) continue;

    const values: CsvProduct = {
      sku: v.sku,
      nameEn: v.name_en,
      nameAr: v.name_ar,
      descriptionEn: v.description_en,
      descriptionAr: v.description_ar,
      category: v.category,
      priceCents: v.price,
      discountPriceCents: v.discount_price,
      options: v.weight_options,
      stockGrams: v.stock_grams,
      lowStockGrams: v.low_stock_grams,
      active: v.status,
      images,
      // A file without the food columns keeps each product's food information.
      food: food?.ok ? food.food : (existing?.values.food ?? null),
    };
    if (!existing) {
      plan.creates.push({ row, values, categoryId });
      plan.rows.push({ row, sku: v.sku, action: "create" });
    } else if (productChanged(existing.values, values)) {
      plan.updates.push({ row, values, categoryId, id: existing.id, before: existing.values });
      plan.rows.push({ row, sku: v.sku, action: "update" });
    } else {
      plan.unchanged++;
      plan.rows.push({ row, sku: v.sku, action: "unchanged" });
    }
  }
  return plan;
}
