import { sql } from "drizzle-orm";
import { bigint, bigserial, index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "./accounts.ts";
import { orders } from "./orders.ts";

/**
 * The back office's own facts about an order, one row per order, kept beside `orders` so the
 * checkout's table stays the checkout's. `search_text` is written by a trigger on `orders`
 * (migration `orders_desk_search`) with the same folding a query gets, so every way an order is
 * written stays searchable. `seen_at` is the first time an admin opened the order: until then
 * the list marks it new.
 */
export const orderDesk = pgTable(
  "order_desk",
  {
    orderId: bigint({ mode: "number" })
      .primaryKey()
      .references(() => orders.id, { onDelete: "cascade" }),
    searchText: text().notNull().default(""),
    seenAt: timestamp({ withTimezone: true }),
    seenBy: bigint({ mode: "number" }).references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [index("order_desk_search_trgm_idx").using("gin", t.searchText.op("gin_trgm_ops"))],
);

/** Internal notes an admin adds to an order; never shown to the customer. */
export const orderNotes = pgTable(
  "order_notes",
  {
    id: bigserial({ mode: "number" }).primaryKey(),
    orderId: bigint({ mode: "number" })
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    authorId: bigint({ mode: "number" }).references(() => users.id, { onDelete: "set null" }),
    body: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("order_notes_order_idx").on(t.orderId, t.id)],
);

/**
 * Outgoing e-mail. An order only inserts rows here (inside its transaction or after it); a
 * worker in the process sends them with retries, so a slow or broken mail server never
 * blocks or fails an order.
 */
export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: bigserial({ mode: "number" }).primaryKey(),
    kind: text().notNull(),
    to: text().notNull(),
    subject: text().notNull(),
    text: text().notNull(),
    html: text().notNull(),
    attempts: integer().notNull().default(0),
    nextAttemptAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp({ withTimezone: true }),
    /** Set when the retries are used up; the row stays for the record. */
    failedAt: timestamp({ withTimezone: true }),
    lastError: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("mail_outbox_due_idx")
      .on(t.nextAttemptAt)
      .where(sql`${t.sentAt} is null and ${t.failedAt} is null`),
  ],
);

export type OrderNoteRow = typeof orderNotes.$inferSelect;
export type MailOutboxRow = typeof mailOutbox.$inferSelect;
