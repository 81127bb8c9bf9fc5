import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
} from "drizzle-orm/pg-core";
import { users } from "./accounts.ts";
import { orders } from "./orders.ts";

/**
 * A gift card: its code is never stored, only its sha256 and the last four characters (to
 * find it when a customer calls). `balance_cents` is the sum of its ledger, kept in the same
 * transaction as each entry; the check makes spending past it impossible even under races.
 */
export const giftCards = pgTable(
  "gift_cards",
  {
    id: bigserial({ mode: "number" }).primaryKey(),
    codeHash: text().notNull().unique(),
    lastFour: text().notNull(),
    initialCents: integer().notNull(),
    balanceCents: integer().notNull(),
    status: text({ enum: ["active", "void"] })
      .notNull()
      .default("active"),
    /** Who it is for and why (goodwill), as the owner typed it. */
    recipientEmail: text(),
    note: text(),
    lang: text({ enum: ["en", "ar"] })
      .notNull()
      .default("en"),
    issuedByAdminId: bigint({ mode: "number" }).references(() => users.id, {
      onDelete: "set null",
    }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    voidedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index("gift_cards_last_four_idx").on(t.lastFour),
    check("gift_cards_balance_check", sql`${t.balanceCents} >= 0`),
  ],
);

/** Every change of a card's balance: issue and refund add, spend and void take away. */
export const giftCardEntries = pgTable(
  "gift_card_entries",
  {
    id: bigserial({ mode: "number" }).primaryKey(),
    giftCardId: bigint({ mode: "number" })
      .notNull()
      .references(() => giftCards.id, { onDelete: "cascade" }),
    kind: text({ enum: ["issue", "spend", "refund", "void"] }).notNull(),
    amountCents: integer().notNull(),
    orderId: bigint({ mode: "number" }).references(() => orders.id, { onDelete: "set null" }),
    actor: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("gift_card_entries_card_idx").on(t.giftCardId, t.id)],
);

export type GiftCardRow = typeof giftCards.$inferSelect;
