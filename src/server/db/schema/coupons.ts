import { sql } from "drizzle-orm";
import {
  bigserial,
  check,
  date,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

/** A coupon (code, discount_percent, max_uses, expire_at) plus the count of uses. */
export const coupons = pgTable(
  "coupons",
  {
    id: bigserial({ mode: "number" }).primaryKey(),
    /** Stored as typed by the admin; matched case-insensitively (normaliseCouponCode). */
    code: text().notNull(),
    discountPercent: integer().notNull(),
    /** NULL = unlimited. */
    maxUses: integer(),
    /** Counted only when an order using the coupon is placed, in the order's transaction. */
    uses: integer().notNull().default(0),
    /** Last valid day (business time zone); NULL = never expires. */
    expireAt: date({ mode: "string" }),
    /** What the coupon is taken from: the whole cart, its sweets or its kitchen dishes. */
    appliesTo: text({ enum: ["all", "sweets", "dishes"] })
      .notNull()
      .default("all"),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("coupons_code_upper_idx").on(sql`upper(${t.code})`),
    check("coupons_discount_percent_check", sql`${t.discountPercent} BETWEEN 1 AND 100`),
    check("coupons_applies_to_check", sql`${t.appliesTo} IN ('all', 'sweets', 'dishes')`),
    check("coupons_max_uses_check", sql`${t.maxUses} >= 1`),
    // The last line of defence against over-counting: even a buggy update cannot pass it.
    check(
      "coupons_uses_check",
      sql`${t.uses} >= 0 AND (${t.maxUses} IS NULL OR ${t.uses} <= ${t.maxUses})`,
    ),
  ],
);

export type CouponRow = typeof coupons.$inferSelect;
