import { sql } from "drizzle-orm";
import { bigint, bigserial, index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "./accounts.ts";

/**
 * The back office's customers, one row per customer, kept by triggers on `orders`
 * and `users` (migration `customers_maintained`) so every writer (checkout, the desk, seeds,
 * erasure) keeps it right and the list never groups 100,000 orders per request.
 *
 * `key` is the customer: `a-<user id>` for an account, else `e-<lower-case e-mail>`, else
 * `p-<phone digits>` for a guest (SQL `customer_key_of(user_id, email, phone)`, which an index
 * on `orders` also uses). Name, e-mail and phone are the account's, or the guest's latest
 * order's; `country` is the latest order's. `total_cents` is the money received and kept: what
 * was paid on orders marked paid (not unpaid, not refunded). `search_text` is folded like the orders desk's (`order_search_fold`).
 * Accounts without orders are listed too (no `last_order_at`, after everyone who ordered).
 */
export const customers = pgTable(
  "customers",
  {
    key: text().primaryKey(),
    userId: bigint({ mode: "number" }),
    name: text().notNull().default(""),
    email: text(),
    phone: text(),
    country: text(),
    orderCount: integer().notNull().default(0),
    totalCents: bigint({ mode: "number" }).notNull().default(0),
    lastOrderAt: timestamp({ withTimezone: true }),
    searchText: text().notNull().default(""),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The list's order (newest buyer first, accounts without orders last), read from the index.
    index("customers_last_order_idx").on(t.lastOrderAt.desc().nullsLast(), t.key.desc()),
    index("customers_search_trgm_idx").using("gin", t.searchText.op("gin_trgm_ops")),
  ],
);

/** What the shop's staff note about a customer; never shown to the customer. */
export const customerNotes = pgTable(
  "customer_notes",
  {
    id: bigserial({ mode: "number" }).primaryKey(),
    /** The customer's key (see `customers`); kept when the row goes, as order notes are. */
    customerKey: text().notNull(),
    authorId: bigint({ mode: "number" }).references(() => users.id, { onDelete: "set null" }),
    body: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("customer_notes_key_idx").on(t.customerKey, t.id)],
);

export type CustomerRow = typeof customers.$inferSelect;
export type CustomerNoteRow = typeof customerNotes.$inferSelect;
/** The SQL expression of an order's customer key (migration `customers_maintained`). */
export const orderCustomerKey = sql<
  string | null
>`customer_key_of("orders"."user_id", "orders"."email", "orders"."phone")`;
