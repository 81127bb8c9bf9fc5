import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from "drizzle-orm/pg-core";
import { products } from "./catalog.ts";

/**
 * The owner's changes to single days of the kitchen's calendar; a day without a row follows
 * its weekday (closed weekdays and `capacityGramsByWeekday` in the settings).
 */
export const calendarDays = pgTable(
  "calendar_days",
  {
    day: date({ mode: "string" }).primaryKey(),
    /** null = as the weekday; true = closed; false = open even on a closed weekday. */
    closed: boolean(),
    /** Grams the kitchen makes that day; null = the weekday's figure. */
    capacityGrams: integer(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      "calendar_days_capacity_check",
      sql`${t.capacityGrams} IS NULL OR ${t.capacityGrams} >= 0`,
    ),
  ],
);

/**
 * A season the kitchen sells for (Eid al-Fitr, Eid al-Adha, Ramadan): its ready days run from
 * `firstDay` to `lastDay`, and checkout offers them from `ordersOpen` on, however far ahead.
 * Seasons never overlap (checked under a lock when one is written).
 */
export const seasons = pgTable(
  "seasons",
  {
    id: bigserial({ mode: "number" }).primaryKey(),
    nameEn: text().notNull(),
    nameAr: text().notNull(),
    firstDay: date({ mode: "string" }).notNull(),
    lastDay: date({ mode: "string" }).notNull(),
    ordersOpen: date({ mode: "string" }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("seasons_last_day_idx").on(t.lastDay),
    check(
      "seasons_days_check",
      sql`${t.firstDay} <= ${t.lastDay} AND ${t.ordersOpen} <= ${t.lastDay}`,
    ),
  ],
);

/** Products sold only in a season: outside its days they cannot be ordered. */
export const seasonProducts = pgTable(
  "season_products",
  {
    seasonId: bigint({ mode: "number" })
      .notNull()
      .references(() => seasons.id, { onDelete: "cascade" }),
    productId: bigint({ mode: "number" })
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
  },
  (t) => [
    primaryKey({ columns: [t.seasonId, t.productId] }),
    index("season_products_product_idx").on(t.productId),
  ],
);
