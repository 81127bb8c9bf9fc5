import { sql } from "drizzle-orm";
import {
  bigserial,
  boolean,
  check,
  date,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { PROMOTION_KINDS } from "../../../shared/domain/promotions.ts";

/**
 * The kind's own fields as stored (`rule`), cents and grams: `{ percent }` (cart_percent; NULL
 * percent = the shop setting's cart discount), `{ minSubtotalCents, zoneIds }`,
 * `{ target, tiers }`, `{ productId, buyGrams, freeGrams }`.
 */
export type StoredPromotionRule = Record<string, unknown>;

/** An automatic promotion: applies by itself to every cart in its dates. */
export const promotions = pgTable(
  "promotions",
  {
    id: bigserial({ mode: "number" }).primaryKey(),
    nameEn: text().notNull(),
    nameAr: text().notNull(),
    kind: text({ enum: PROMOTION_KINDS }).notNull(),
    rule: jsonb().$type<StoredPromotionRule>().notNull(),
    /** First and last day, business dates inclusive; NULL = open-ended. */
    startsOn: date({ mode: "string" }),
    endsOn: date({ mode: "string" }),
    /**
     * The shop's standing cart discount (made a promotion on upgrade): its percent is the
     * settings' `cart_discount_percent`, so the settings page and this rule never disagree.
     */
    standing: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("promotions_one_standing_idx").on(t.standing).where(sql`${t.standing}`),
    check(
      "promotions_dates_check",
      sql`${t.startsOn} IS NULL OR ${t.endsOn} IS NULL OR ${t.endsOn} >= ${t.startsOn}`,
    ),
  ],
);

export type PromotionRow = typeof promotions.$inferSelect;
