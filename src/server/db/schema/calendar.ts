import { sql } from "drizzle-orm";
import { boolean, check, date, integer, pgTable, timestamp } from "drizzle-orm/pg-core";

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
