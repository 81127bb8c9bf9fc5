import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
} from "drizzle-orm/pg-core";
import { users } from "./accounts.ts";
import { products } from "./catalog.ts";

/**
 * A product's pictures, in order; position 0 is the main one, which is also copied to
 * products.image (what listings and the detail page show, and what the listing cache's
 * trigger watches).
 */
export const productImages = pgTable(
  "product_images",
  {
    id: bigserial({ mode: "number" }).primaryKey(),
    productId: bigint({ mode: "number" })
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    /** Upload path under /storage (image pipeline), or an external https URL. */
    path: text().notNull(),
    position: integer().notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("product_images_product_idx").on(t.productId, t.position),
    index("product_images_path_idx").on(t.path),
    check("product_images_position_check", sql`${t.position} >= 0`),
  ],
);

/**
 * Products deleted by an admin while past orders still name them (archived, never erased:
 * docs/decisions/0011). The product row stays (inactive, so the public API answers 404) and
 * the admin lists leave it out.
 */
export const archivedProducts = pgTable("archived_products", {
  productId: bigint({ mode: "number" })
    .primaryKey()
    .references(() => products.id, { onDelete: "cascade" }),
  archivedBy: bigint({ mode: "number" }).references(() => users.id, { onDelete: "set null" }),
  archivedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

export type ProductImageRow = typeof productImages.$inferSelect;
