import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  check,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import type { CategoryDiscount, ProductPrice } from "../../../shared/domain/price-lists.ts";
import { TRADER_STATUS_VALUES } from "../../../shared/domain/traders.ts";
import { users } from "./accounts.ts";
import { traderEnquiries } from "./company.ts";

/**
 * A wholesale price list: products with their price per kg, minimum and tiers, categories
 * with a percentage off retail (checked by the shared rules before every write).
 */
export const priceLists = pgTable(
  "price_lists",
  {
    id: bigserial({ mode: "number" }).primaryKey(),
    name: text().notNull(),
    minOrderTotalCents: integer().notNull().default(0),
    products: jsonb().$type<ProductPrice[]>().notNull().default([]),
    categories: jsonb().$type<CategoryDiscount[]>().notNull().default([]),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("price_lists_min_total_check", sql`${t.minOrderTotalCents} >= 0`)],
);

export const TRADER_STATUSES = TRADER_STATUS_VALUES;

/**
 * A trader: a customer account buying wholesale under a price list, on payment terms up to a
 * credit limit. A suspended trader cannot sign in.
 */
export const traders = pgTable(
  "traders",
  {
    id: bigserial({ mode: "number" }).primaryKey(),
    userId: bigint({ mode: "number" })
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    companyName: text().notNull(),
    contactName: text().notNull(),
    taxNumber: text(),
    /** ISO 3166-1 alpha-2. */
    country: text().notNull(),
    phone: text().notNull(),
    lang: text({ enum: ["en", "ar"] })
      .notNull()
      .default("en"),
    priceListId: bigint({ mode: "number" }).references(() => priceLists.id, {
      onDelete: "restrict",
    }),
    /** Days to pay an invoice; 0 = no terms (pays like any customer). */
    termsDays: integer().notNull().default(0),
    creditLimitCents: integer().notNull().default(0),
    status: text({ enum: TRADER_STATUSES }).notNull().default("active"),
    /** The enquiry it was approved from, if any. */
    enquiryId: bigint({ mode: "number" }).references(() => traderEnquiries.id, {
      onDelete: "set null",
    }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("traders_user_idx").on(t.userId),
    uniqueIndex("traders_enquiry_idx").on(t.enquiryId),
    check(
      "traders_terms_check",
      sql`${t.termsDays} >= 0 AND ${t.termsDays} <= 365 AND ${t.creditLimitCents} >= 0`,
    ),
  ],
);

export type TraderRow = typeof traders.$inferSelect;
export type PriceListRow = typeof priceLists.$inferSelect;
