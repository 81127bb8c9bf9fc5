import { bigint, bigserial, index, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { orders } from "./orders.ts";

/**
 * Private-link keys handed out by "find my order". The key the placer got is only
 * stored hashed (and derived from their Idempotency-Key), so a lookup cannot give it back; it
 * issues a new key instead, beside the first, which keeps working. Only the sha256 is kept.
 */
export const orderLookupKeys = pgTable(
  "order_lookup_keys",
  {
    id: bigserial({ mode: "number" }).primaryKey(),
    orderId: bigint({ mode: "number" })
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    keyHash: text().notNull().unique(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("order_lookup_keys_order_idx").on(t.orderId)],
);
