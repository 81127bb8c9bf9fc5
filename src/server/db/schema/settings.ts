import { jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/** Shop settings an admin edits (contact details, cart figures...); one row per key. */
export const settings = pgTable("settings", {
  key: text().primaryKey(),
  value: jsonb().notNull(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
