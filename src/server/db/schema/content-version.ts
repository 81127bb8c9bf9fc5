import { bigint, integer, pgTable } from "drizzle-orm/pg-core";

/**
 * The content version behind every public read cache (docs/decisions/0009). The trigger
 * function `touch_content_version()` bumps one of these rows, chosen by the writing backend,
 * in the writing transaction, and NOTIFYs `shop_content`; the version is the sum of all rows.
 * Striping keeps concurrent orders (stock is public content too) off one hot row.
 */
export const contentVersion = pgTable("content_version", {
  stripe: integer().primaryKey(),
  version: bigint({ mode: "number" }).notNull().default(0),
});
