import fs from "node:fs/promises";
import path from "node:path";
import { parse } from "csv-parse/sync";
import { asc, eq, inArray, isNotNull, sql } from "drizzle-orm";
import type { Lang } from "../../../shared/domain/money.ts";
import {
  type CsvProduct,
  type ImportContext,
  type ImportError,
  type ImportPlan,
  importMessage,
  planImport,
} from "../../../shared/domain/products-import.ts";
import type { Db, Tx } from "../../db/client.ts";
import { categories, products, productWeightOptions } from "../../db/schema/catalog.ts";
import { archivedProducts, productImages } from "../../db/schema/catalog-admin.ts";
import { files } from "../../db/schema/files.ts";
import { record } from "../audit/service.ts";
import { productSearchText } from "./service.ts";

/**
 * The products CSV read back. The file is parsed (csv-parse: quoted cells with commas
 * and line breaks, BOM, CRLF), every row checked by the shared rules
 * (shared/domain/products-import.ts) against what the database holds, and, when nothing is
 * wrong, written in one transaction with a few statements per 500 rows and one audit entry.
 * The catalogue caches follow by themselves: the content-version and stock-version triggers
 * (migrations 0008, 0019) fire on these writes like on the product form's.
 */

export type ImportSummary = {
  dry_run: boolean;
  created: number;
  updated: number;
  unchanged: number;
  rows: { row: number; sku: string; action: "create" | "update" | "unchanged" }[];
  errors: ImportError[];
};

const BATCH = 500;

/** The file as rows of cells; a file that is not UTF-8 or not CSV is one error at its row. */
export function readCsv(
  bytes: Buffer,
  lang: Lang,
): { records: string[][]; error?: undefined } | { records?: undefined; error: ImportError } {
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return { error: { row: 1, column: "", message: importMessage("NOT_UTF8", lang) } };
  }
  try {
    const records = parse(text, { bom: true, relax_column_count: true }) as string[][];
    return { records };
  } catch (error) {
    const e = error as { lines?: number; records?: number };
    const detail = importMessage("QUOTE", lang);
    return {
      error: {
        row: (e.records ?? 0) + 1,
        column: "",
        message: importMessage("NOT_CSV", lang, { detail }),
      },
    };
  }
}

/** Relative upload paths on this instance's disk (never `private/`, the receipts). */
async function filesOnDisk(uploadsDir: string): Promise<string[]> {
  const entries = await fs.readdir(uploadsDir, { recursive: true }).catch(() => [] as string[]);
  return entries
    .map((entry) => entry.split(path.sep).join("/"))
    .filter((p) => !p.startsWith("private/") && /\.(webp|png|jpe?g|avif|svg)$/i.test(p));
}

function groupBy<T, K>(list: T[], key: (item: T) => K): Map<K, T[]> {
  const out = new Map<K, T[]>();
  for (const item of list) {
    const k = key(item);
    const group = out.get(k);
    if (group) group.push(item);
    else out.set(k, [item]);
  }
  return out;
}

type Existing = { id: number; values: CsvProduct; image: string | null };

/**
 * A product's columns as the CSV writes them and the import compares them (one list, so the
 * round trip reads back exactly what was written). Select with `categories` left-joined.
 */
export const PRODUCT_CSV_COLUMNS = {
  id: products.id,
  sku: products.sku,
  nameEn: products.nameEn,
  nameAr: products.nameAr,
  descriptionEn: products.descriptionEn,
  descriptionAr: products.descriptionAr,
  category: categories.slug,
  priceCents: products.priceCents,
  discountPriceCents: products.discountPriceCents,
  stockGrams: products.stockGrams,
  lowStockGrams: products.lowStockGrams,
  active: products.active,
  image: products.image,
  food: products.food,
};

/** The products these SKUs name, as the CSV would show them. */
async function existingBySku(tx: Db | Tx, skus: string[]): Promise<Map<string, Existing>> {
  const found = new Map<string, Existing>();
  for (let i = 0; i < skus.length; i += BATCH * 4) {
    const chunk = skus.slice(i, i + BATCH * 4);
    const rows = await tx
      .select(PRODUCT_CSV_COLUMNS)
      .from(products)
      .leftJoin(categories, eq(categories.id, products.categoryId))
      .where(inArray(products.sku, chunk));
    if (rows.length === 0) continue;
    const ids = rows.map((r) => r.id);
    const [options, images] = await Promise.all([
      tx
        .select()
        .from(productWeightOptions)
        .where(inArray(productWeightOptions.productId, ids))
        .orderBy(asc(productWeightOptions.position), asc(productWeightOptions.grams)),
      tx
        .select()
        .from(productImages)
        .where(inArray(productImages.productId, ids))
        .orderBy(asc(productImages.position), asc(productImages.id)),
    ]);
    const optionsOf = groupBy(options, (o) => o.productId);
    const imagesOf = groupBy(images, (o) => o.productId);
    for (const r of rows) {
      const pictures = (imagesOf.get(r.id) ?? []).map((image) => image.path);
      found.set(r.sku, {
        id: r.id,
        image: r.image,
        values: {
          sku: r.sku,
          nameEn: r.nameEn,
          nameAr: r.nameAr,
          descriptionEn: r.descriptionEn,
          descriptionAr: r.descriptionAr,
          category: r.category,
          priceCents: r.priceCents,
          discountPriceCents: r.discountPriceCents,
          options: (optionsOf.get(r.id) ?? []).map((o) => ({
            grams: o.grams,
            priceCents: o.priceCents,
          })),
          stockGrams: r.stockGrams,
          lowStockGrams: r.lowStockGrams,
          active: r.active,
          // Seeded products have their picture only in products.image (as the export shows).
          images: pictures.length === 0 && r.image ? [r.image] : pictures,
          food: r.food ?? null,
        },
      });
    }
  }
  return found;
}

/** Every upload path a row may name: pictures in use and stored files. */
async function knownUploads(tx: Db | Tx, uploadsDir: string): Promise<Set<string>> {
  const [pictures, mains, categoryImages, stored, onDisk] = await Promise.all([
    tx.selectDistinct({ path: productImages.path }).from(productImages),
    tx.selectDistinct({ path: products.image }).from(products).where(isNotNull(products.image)),
    tx
      .selectDistinct({ path: categories.image })
      .from(categories)
      .where(isNotNull(categories.image)),
    tx.select({ path: files.path }).from(files).where(sql`${files.path} not like 'private/%'`),
    filesOnDisk(uploadsDir),
  ]);
  const all = new Set<string>(onDisk);
  for (const list of [pictures, mains, categoryImages, stored])
    for (const row of list) if (row.path && !/^https?:/i.test(row.path)) all.add(row.path);
  return all;
}

async function contextFor(
  tx: Db | Tx,
  records: string[][],
  uploadsDir: string,
): Promise<{ ctx: ImportContext; existing: Map<string, Existing> }> {
  const skuColumn = (records[0] ?? []).findIndex((h) => h.trim().toLowerCase() === "sku");
  const skus = [
    ...new Set(
      records
        .slice(1)
        .map((cells) => (cells[skuColumn] ?? "").trim())
        .filter(Boolean),
    ),
  ];
  const [existing, categoryRows, archived, uploads] = await Promise.all([
    skuColumn < 0 ? new Map<string, Existing>() : existingBySku(tx, skus),
    tx.select({ id: categories.id, slug: categories.slug }).from(categories),
    skus.length === 0
      ? []
      : tx
          .select({ sku: products.sku })
          .from(products)
          .innerJoin(archivedProducts, eq(archivedProducts.productId, products.id))
          .where(inArray(products.sku, skus)),
    knownUploads(tx, uploadsDir),
  ]);
  const archivedSkus = new Set(archived.map((a) => a.sku));
  for (const sku of archivedSkus) existing.delete(sku);
  return {
    existing,
    ctx: {
      categories: new Map(categoryRows.map((c) => [c.slug, c.id])),
      existing,
      archivedSkus,
      uploads,
    },
  };
}

/** The weight/unit columns follow the first option, as the product form does. */
function weightColumns(options: CsvProduct["options"]) {
  const first = options[0];
  if (!first) return { weight: null, weightUnit: "kg" as const };
  return first.grams % 1000 === 0
    ? { weight: first.grams / 1000, weightUnit: "kg" as const }
    : { weight: first.grams, weightUnit: "g" as const };
}

function columns(values: CsvProduct, categoryId: number | null) {
  return {
    nameEn: values.nameEn,
    nameAr: values.nameAr,
    descriptionEn: values.descriptionEn,
    descriptionAr: values.descriptionAr,
    categoryId,
    priceCents: values.priceCents,
    discountPriceCents: values.discountPriceCents,
    stockGrams: values.stockGrams,
    lowStockGrams: values.lowStockGrams,
    active: values.active,
    searchText: productSearchText(values),
  };
}

const sameOptions = (a: CsvProduct["options"], b: CsvProduct["options"]) =>
  JSON.stringify(a) === JSON.stringify(b);
const sameImages = (a: string[], b: string[]) => JSON.stringify(a) === JSON.stringify(b);

/** Rows of `tx.execute`: node-postgres gives `{ rows }`, PGlite the same. */
function rowsOf<T>(result: unknown): T[] {
  return Array.isArray(result) ? (result as T[]) : ((result as { rows: T[] }).rows ?? []);
}

type OptionRow = {
  product_id: number;
  grams: number;
  price_cents: number | null;
  position: number;
};
type ImageRow = { product_id: number; path: string; position: number };

function addOptions(out: OptionRow[], productId: number, options: CsvProduct["options"]) {
  for (const [position, o] of options.entries())
    out.push({ product_id: productId, grams: o.grams, price_cents: o.priceCents, position });
}

function addImages(out: ImageRow[], productId: number, paths: string[]) {
  for (const [position, path] of paths.entries())
    out.push({ product_id: productId, path, position });
}

/** Writes a checked plan: a few statements per 500 rows, never one per row. */
async function writePlan(tx: Tx, plan: ImportPlan) {
  const optionRows: OptionRow[] = [];
  const imageRows: ImageRow[] = [];
  const replaceOptions: number[] = [];
  const replaceImages: number[] = [];

  for (let i = 0; i < plan.creates.length; i += BATCH) {
    const chunk = plan.creates.slice(i, i + BATCH);
    const rows = chunk.map(({ values, categoryId }) => {
      const c = columns(values, categoryId);
      const w = weightColumns(values.options);
      return {
        sku: values.sku,
        name_en: c.nameEn,
        name_ar: c.nameAr,
        description_en: c.descriptionEn,
        description_ar: c.descriptionAr,
        category_id: c.categoryId,
        price_cents: c.priceCents,
        discount_price_cents: c.discountPriceCents,
        stock_grams: c.stockGrams,
        low_stock_grams: c.lowStockGrams,
        active: c.active,
        search_text: c.searchText,
        image: values.images[0] ?? null,
        weight: w.weight,
        weight_unit: w.weightUnit,
        food: values.food,
      };
    });
    // The rows travel as one JSON parameter (thousands of bound parameters are slower).
    const inserted = await tx.execute<{ id: number; sku: string }>(sql`
      insert into ${products} (sku, name_en, name_ar, description_en, description_ar,
        category_id, price_cents, discount_price_cents, stock_grams, low_stock_grams, active,
        search_text, image, weight, weight_unit, food)
      select sku, name_en, name_ar, description_en, description_ar, category_id, price_cents,
        discount_price_cents, stock_grams, low_stock_grams, active, search_text, image, weight,
        weight_unit, nullif(food, 'null'::jsonb)
      from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as v(
        sku text, name_en text, name_ar text, description_en text, description_ar text,
        category_id bigint, price_cents integer, discount_price_cents integer,
        stock_grams integer, low_stock_grams integer, active boolean, search_text text,
        image text, weight numeric, weight_unit text, food jsonb)
      returning id, sku`);
    const idOf = new Map(
      rowsOf<{ id: number; sku: string }>(inserted).map((r) => [r.sku, Number(r.id)]),
    );
    for (const { values } of chunk) {
      const productId = idOf.get(values.sku)!;
      addOptions(optionRows, productId, values.options);
      addImages(imageRows, productId, values.images);
    }
  }

  for (let i = 0; i < plan.updates.length; i += BATCH) {
    const chunk = plan.updates.slice(i, i + BATCH).map(({ id, values, categoryId, before }) => {
      const optionsChanged = !sameOptions(before.options, values.options);
      const imagesChanged = !sameImages(before.images, values.images);
      if (optionsChanged) {
        replaceOptions.push(id);
        addOptions(optionRows, id, values.options);
      }
      if (imagesChanged) {
        replaceImages.push(id);
        addImages(imageRows, id, values.images);
      }
      const c = columns(values, categoryId);
      const w = optionsChanged ? weightColumns(values.options) : null;
      return {
        id,
        name_en: c.nameEn,
        name_ar: c.nameAr,
        description_en: c.descriptionEn,
        description_ar: c.descriptionAr,
        category_id: c.categoryId,
        price_cents: c.priceCents,
        discount_price_cents: c.discountPriceCents,
        stock_grams: c.stockGrams,
        low_stock_grams: c.lowStockGrams,
        active: c.active,
        search_text: c.searchText,
        set_image: imagesChanged,
        image: imagesChanged ? (values.images[0] ?? null) : null,
        set_weight: w !== null,
        weight: w?.weight ?? null,
        weight_unit: w?.weightUnit ?? "kg",
        food: values.food,
      };
    });
    // One statement for the chunk: the rows travel as one JSON parameter.
    await tx.execute(sql`
      update ${products} p set
        name_en = v.name_en, name_ar = v.name_ar,
        description_en = v.description_en, description_ar = v.description_ar,
        category_id = v.category_id, price_cents = v.price_cents,
        discount_price_cents = v.discount_price_cents,
        stock_grams = v.stock_grams, low_stock_grams = v.low_stock_grams,
        active = v.active, search_text = v.search_text,
        image = case when v.set_image then v.image else p.image end,
        weight = case when v.set_weight then v.weight else p.weight end,
        weight_unit = case when v.set_weight then v.weight_unit else p.weight_unit end,
        food = nullif(v.food, 'null'::jsonb),
        updated_at = now()
      from jsonb_to_recordset(${JSON.stringify(chunk)}::jsonb) as v(
        id bigint, name_en text, name_ar text, description_en text, description_ar text,
        category_id bigint, price_cents integer, discount_price_cents integer,
        stock_grams integer, low_stock_grams integer, active boolean, search_text text,
        set_image boolean, image text, set_weight boolean, weight numeric, weight_unit text,
        food jsonb)
      where p.id = v.id`);
  }

  for (let i = 0; i < replaceOptions.length; i += BATCH * 4) {
    const ids = replaceOptions.slice(i, i + BATCH * 4);
    await tx.delete(productWeightOptions).where(inArray(productWeightOptions.productId, ids));
  }
  for (let i = 0; i < replaceImages.length; i += BATCH * 4) {
    const ids = replaceImages.slice(i, i + BATCH * 4);
    await tx.delete(productImages).where(inArray(productImages.productId, ids));
  }
  for (let i = 0; i < optionRows.length; i += BATCH * 10) {
    await tx.execute(sql`
      insert into ${productWeightOptions} (product_id, grams, price_cents, position)
      select product_id, grams, price_cents, position
      from jsonb_to_recordset(${JSON.stringify(optionRows.slice(i, i + BATCH * 10))}::jsonb)
        as v(product_id bigint, grams integer, price_cents integer, position integer)`);
  }
  for (let i = 0; i < imageRows.length; i += BATCH * 10) {
    await tx.execute(sql`
      insert into ${productImages} (product_id, path, position)
      select product_id, path, position
      from jsonb_to_recordset(${JSON.stringify(imageRows.slice(i, i + BATCH * 10))}::jsonb)
        as v(product_id bigint, path text, position integer)`);
  }
}

const summary = (plan: ImportPlan, dryRun: boolean): ImportSummary => ({
  dry_run: dryRun,
  created: plan.creates.length,
  updated: plan.updates.length,
  unchanged: plan.unchanged,
  rows: plan.rows,
  errors: plan.errors,
});

/** Thrown inside the transaction to undo it when the checked rows have errors. */
export class ImportRejected extends Error {
  constructor(readonly summary: ImportSummary) {
    super("import rejected");
  }
}

/**
 * Checks a file (dry run) or applies it: all rows or none, one audit entry with the counts.
 * Applying with errors throws ImportRejected and writes nothing.
 */
export async function importProducts(
  db: Db,
  opts: {
    bytes: Buffer;
    fileName: string;
    dryRun: boolean;
    lang: Lang;
    actorId: number | null;
    uploadsDir: string;
  },
): Promise<ImportSummary> {
  const read = readCsv(opts.bytes, opts.lang);
  if (read.error) {
    const failed: ImportSummary = {
      dry_run: opts.dryRun,
      created: 0,
      updated: 0,
      unchanged: 0,
      rows: [],
      errors: [read.error],
    };
    if (opts.dryRun) return failed;
    throw new ImportRejected(failed);
  }
  const { records } = read;
  if (opts.dryRun) {
    const { ctx } = await contextFor(db, records, opts.uploadsDir);
    return summary(planImport(records, ctx, opts.lang), true);
  }
  return db.transaction(async (tx) => {
    // Read inside the transaction: what was checked is what is written.
    const { ctx } = await contextFor(tx, records, opts.uploadsDir);
    const plan = planImport(records, ctx, opts.lang);
    if (plan.errors.length > 0) throw new ImportRejected(summary(plan, false));
    await writePlan(tx, plan);
    const result = summary(plan, false);
    await record(tx, {
      actorId: opts.actorId,
      entity: "product_import",
      entityId: opts.fileName.slice(0, 100) || "products.csv",
      action: "update",
      changes: [
        { field: "rows", before: null, after: plan.rows.length },
        { field: "created", before: null, after: result.created },
        { field: "updated", before: null, after: result.updated },
        { field: "unchanged", before: null, after: result.unchanged },
      ],
    });
    return result;
  });
}
