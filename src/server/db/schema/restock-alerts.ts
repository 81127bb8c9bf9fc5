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
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { products } from "./catalog.ts";

/**
 * "E-mail me when it is back": a shopper's address waiting for a sold-out product (or one of
 * its weights). The address is used for this one e-mail only: the row is deleted when the
 * e-mail is queued, or after 90 days without stock (the restock job does both).
 */
export const restockAlerts = pgTable(
  "restock_alerts",
  {
    id: bigserial({ mode: "number" }).primaryKey(),
    productId: bigint({ mode: "number" })
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    email: text().notNull(),
    /** The weight asked for; NULL = whichever the product sells first. */
    grams: integer(),
    lang: text({ enum: ["en", "ar"] })
      .notNull()
      .default("en"),
    /**
     * sha256 of the one-click stop token of the last back-in-stock e-mail sent to this
     * address: that e-mail's stop link removes the address's other waiting alerts.
     */
    stopTokenHash: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One alert per address, product and weight: asking twice keeps one.
    uniqueIndex("restock_alerts_unique_idx").on(
      t.productId,
      sql`lower(${t.email})`,
      sql`coalesce(${t.grams}, 0)`,
    ),
    index("restock_alerts_created_idx").on(t.createdAt),
    index("restock_alerts_stop_idx").on(t.stopTokenHash),
    check("restock_alerts_grams_check", sql`${t.grams} > 0`),
  ],
);
export type RestockAlertRow = typeof restockAlerts.$inferSelect;
