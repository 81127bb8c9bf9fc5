import { sql } from "drizzle-orm";
import {
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
} from "drizzle-orm/pg-core";

/**
 * The kitchen's dishes: bilingual, an optional price, the weekdays they are
 * cooked (empty = every day) and a "sold out today" switch stored as the Damascus date it
 * was set for, so it clears itself at midnight without a job (shared/domain/kitchen.ts).
 */
export const kitchenDishes = pgTable(
  "kitchen_dishes",
  {
    id: bigserial({ mode: "number" }).primaryKey(),
    titleEn: text().notNull(),
    titleAr: text().notNull().default(""),
    descriptionEn: text().notNull().default(""),
    descriptionAr: text().notNull().default(""),
    /** Cents; NULL = no price shown (price is optional). */
    priceCents: integer(),
    /** An upload path under /storage, or an absolute image URL. */
    image: text(),
    /** 0 = Sunday ... 6 = Saturday; empty = cooked every day. */
    weekdays: smallint().array().notNull().default(sql`'{}'::smallint[]`),
    active: boolean().notNull().default(true),
    /** The business date the dish was marked sold out for; any other day it is available. */
    soldOutOn: date({ mode: "string" }),
    /** Portions the kitchen cooks a day; NULL = no limit. */
    portionsPerDay: integer(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("kitchen_dishes_price_check", sql`${t.priceCents} >= 0`),
    check("kitchen_dishes_portions_check", sql`${t.portionsPerDay} > 0`),
    check("kitchen_dishes_weekdays_check", sql`${t.weekdays} <@ '{0,1,2,3,4,5,6}'::smallint[]`),
    index("kitchen_dishes_active_idx").on(t.active, t.id),
  ],
);

export type KitchenDishRow = typeof kitchenDishes.$inferSelect;
