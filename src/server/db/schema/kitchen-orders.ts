import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
} from "drizzle-orm/pg-core";
import { kitchenDishes } from "./kitchen.ts";
import { orders } from "./orders.ts";

/**
 * The dishes of an order: portions of a dish for the order's ready day, priced and named as
 * they were when ordered (the dish may change or go later).
 */
export const orderDishLines = pgTable(
  "order_dish_lines",
  {
    id: bigserial({ mode: "number" }).primaryKey(),
    orderId: bigint({ mode: "number" })
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    dishId: bigint({ mode: "number" }).references(() => kitchenDishes.id, {
      onDelete: "set null",
    }),
    nameEn: text().notNull(),
    nameAr: text().notNull(),
    /** The day the dish is cooked for (the order's ready day). */
    day: date({ mode: "string" }).notNull(),
    portions: integer().notNull(),
    unitPriceCents: integer().notNull(),
    lineTotalCents: integer().notNull(),
  },
  (t) => [
    index("order_dish_lines_order_idx").on(t.orderId),
    index("order_dish_lines_day_idx").on(t.day),
    check("order_dish_lines_portions_check", sql`${t.portions} > 0`),
  ],
);

/**
 * Portions sold per dish and day: one row both counts and locks, so the check and the take
 * are one conditional upsert (never oversold, on any number of instances).
 */
export const kitchenDishPortions = pgTable(
  "kitchen_dish_portions",
  {
    dishId: bigint({ mode: "number" })
      .notNull()
      .references(() => kitchenDishes.id, { onDelete: "cascade" }),
    day: date({ mode: "string" }).notNull(),
    sold: integer().notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.dishId, t.day] }),
    check("kitchen_dish_portions_sold_check", sql`${t.sold} >= 0`),
  ],
);

export type OrderDishLineRow = typeof orderDishLines.$inferSelect;
