import { type SQL, sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  unique,
} from "drizzle-orm/pg-core";
import type { StoredBox } from "../../../shared/domain/boxes.ts";
import type { FoodInfo } from "../../../shared/domain/food.ts";

export const categories = pgTable("categories", {
  id: bigserial({ mode: "number" }).primaryKey(),
  slug: text().notNull().unique(),
  nameEn: text().notNull(),
  nameAr: text().notNull().default(""),
  descriptionEn: text(),
  descriptionAr: text(),
  /** Upload path under /storage (for example "catalog/categories/baklava.webp"). */
  image: text(),
  position: integer().notNull().default(0),
  /** What the kitchen can make of this category a day, in grams; null = no cap of its own. */
  dailyCapGrams: integer(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/**
 * The per-kg price a shopper pays, in SQL (effectivePerKg in shared/domain/weight-options):
 * a discount counts only above zero and below the price. Price sorts order by this.
 */
export function effectivePriceSql(t: {
  priceCents: AnyPgColumn;
  discountPriceCents: AnyPgColumn;
}): SQL {
  return sql`CASE WHEN ${t.discountPriceCents} > 0 AND ${t.discountPriceCents} < ${t.priceCents} THEN ${t.discountPriceCents} ELSE ${t.priceCents} END`;
}

export const WEIGHT_UNITS = ["g", "kg", "lb", "oz"] as const;

export const products = pgTable(
  "products",
  {
    id: bigserial({ mode: "number" }).primaryKey(),
    categoryId: bigint({ mode: "number" }).references(() => categories.id, {
      onDelete: "restrict",
    }),
    nameEn: text().notNull(),
    nameAr: text().notNull().default(""),
    descriptionEn: text().notNull().default(""),
    descriptionAr: text().notNull().default(""),
    /** Price of 1 kg, in cents. */
    priceCents: integer().notNull(),
    /** Discounted price of 1 kg, in cents; null = no discount. */
    discountPriceCents: integer(),
    weight: numeric({ precision: 10, scale: 3, mode: "number" }),
    weightUnit: text({ enum: WEIGHT_UNITS }).notNull().default("kg"),
    sku: text().notNull().unique(),
    /** Upload path under /storage. */
    image: text(),
    /** Stock in grams; NULL = not tracked. The check keeps it from ever going negative. */
    stockGrams: integer(),
    /**
     * Low-stock threshold in grams; NULL = the shop's default (settings). Only tracked
     * products (stock_grams not NULL) are ever low.
     */
    lowStockGrams: integer(),
    /**
     * Bumped by a trigger whenever `stock_grams` changes (migration 0019): the public caches
     * check it for the products a cached page shows, so an order stales only those pages
     * (docs/decisions/0021).
     */
    stockVersion: integer().notNull().default(0),
    active: boolean().notNull().default(true),
    /**
     * Food information (ingredients, allergens, shelf life, storage, nutrition, origin, HS
     * code) as the product form checked it (shared/schemas/food.ts); NULL = none given. One
     * document, read whole with the product; the shop's "without" filter reads its two
     * allergen lists.
     */
    food: jsonb().$type<FoodInfo>(),
    /**
     * A mixed box by weight: its sizes (each with a price in cents or null = priced by its
     * contents), the step and the sweets allowed in it; NULL = an ordinary product. Read
     * whole with the product, like the food information.
     */
    box: jsonb().$type<StoredBox>(),
    /** normaliseSearchText(en + ar name and description): what the trigram index searches. */
    searchText: text().notNull().default(""),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("products_price_check", sql`${t.priceCents} >= 0`),
    check(
      "products_discount_check",
      sql`${t.discountPriceCents} >= 0 AND ${t.discountPriceCents} <= ${t.priceCents}`,
    ),
    check("products_stock_check", sql`${t.stockGrams} >= 0`),
    check("products_low_stock_check", sql`${t.lowStockGrams} >= 0`),
    check("products_weight_unit_check", sql`${t.weightUnit} IN ('g', 'kg', 'lb', 'oz')`),
    index("products_search_text_trgm_idx").using("gin", sql`${t.searchText} gin_trgm_ops`),
    // Listing orders: each sort of GET /api/products reads its first page from one of these.
    index("products_category_active_idx").on(
      t.categoryId,
      t.active,
      t.createdAt.desc(),
      t.id.desc(),
    ),
    index("products_active_created_idx").on(t.active, t.createdAt.desc(), t.id.desc()),
    index("products_active_price_idx").on(t.active, sql`(${effectivePriceSql(t)})`, t.id),
    index("products_active_name_idx").on(t.active, t.nameEn, t.id),
  ],
);

export const productWeightOptions = pgTable(
  "product_weight_options",
  {
    id: bigserial({ mode: "number" }).primaryKey(),
    productId: bigint({ mode: "number" })
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    grams: integer().notNull(),
    /** Admin override of grams x price per kg, in cents. */
    priceCents: integer(),
    position: integer().notNull().default(0),
  },
  (t) => [
    unique("product_weight_options_product_grams_unique").on(t.productId, t.grams),
    check("product_weight_options_grams_check", sql`${t.grams} > 0`),
    check("product_weight_options_price_check", sql`${t.priceCents} >= 0`),
  ],
);

export type CategoryRow = typeof categories.$inferSelect;
export type ProductRow = typeof products.$inferSelect;
export type ProductWeightOptionRow = typeof productWeightOptions.$inferSelect;

/**
 * One row whose version a trigger bumps (in the writing transaction, so it becomes visible
 * together with the data) whenever a statement changes what a product listing shows: which
 * products match and in what order. Stock changes do not bump it (orders stay contention
 * free); the listing reads stock fresh. The catalog service caches listing ids per version.
 */
export const catalogState = pgTable(
  "catalog_state",
  {
    id: integer().primaryKey().default(1),
    version: bigint({ mode: "number" }).notNull().default(0),
  },
  (t) => [check("catalog_state_single_row", sql`${t.id} = 1`)],
);
