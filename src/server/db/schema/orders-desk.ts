import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
} from "drizzle-orm/pg-core";
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

/**
 * The orders desk's version (migration 0016): `touch_order_desk_version()` bumps one of these
 * rows, chosen by the writing backend, in the writing transaction and NOTIFYs `shop_orders`.
 * `changes` counts writes that can change which orders a filter matches or their order
 * (orders, order lines, search text); `marks` counts new-mark writes (an admin opening an
 * order), which change the list's `is_new` but never a count. The admin list's response,
 * count and page-boundary caches are keyed on the sums. Striped like `content_version`, so
 * concurrent orders do not queue on one row.
 */
export const orderDeskVersion = pgTable("order_desk_version", {
  stripe: integer().primaryKey(),
  changes: bigint({ mode: "number" }).notNull().default(0),
  marks: bigint({ mode: "number" }).notNull().default(0),
});

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
    /** Extra headers (newsletter mail: List-Unsubscribe and List-Unsubscribe-Post, RFC 8058). */
    headers: jsonb().$type<Record<string, string>>(),
    attempts: integer().notNull().default(0),
    // Due on insert by this process's clock, the one the worker reads: the database's now()
    // carries microseconds, and a worker reading the same millisecond (a Date has none) found a
    // just-queued mail not yet due. The SQL default stays for rows written outside the app.
    nextAttemptAt: timestamp({ withTimezone: true })
      .notNull()
      .defaultNow()
      .$defaultFn(() => new Date()),
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
