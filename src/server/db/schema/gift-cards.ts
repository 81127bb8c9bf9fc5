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
    /** The order that bought it (the gift card product); null for the owner's goodwill cards. */
    orderId: bigint({ mode: "number" }).references(() => orders.id, { onDelete: "set null" }),
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

/** The gift card product's offer: one row (id 1); without it the shop's default offer holds. */
export const giftCardOffer = pgTable("gift_card_offer", {
  id: integer().primaryKey(),
  enabled: boolean().notNull(),
  amountsCents: integer().array().notNull(),
  customMinCents: integer(),
  customMaxCents: integer(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/**
 * A gift card bought in an order, waiting to be issued: no code exists until its order is
 * paid and its send day has come. Then the job issues the card, queues the recipient's e-mail
 * (the only place the code is written) and marks this row issued, in one transaction, so the
 * code is sent exactly once however many instances run the job.
 */
export const giftCardPurchases = pgTable(
  "gift_card_purchases",
  {
    id: bigserial({ mode: "number" }).primaryKey(),
    orderId: bigint({ mode: "number" })
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    amountCents: integer().notNull(),
    recipientName: text().notNull(),
    recipientEmail: text().notNull(),
    message: text(),
    /** The business day (Asia/Damascus) the e-mail goes out, at the earliest. */
    sendOn: date({ mode: "string" }).notNull(),
    lang: text({ enum: ["en", "ar"] }).notNull(),
    giftCardId: bigint({ mode: "number" }).references(() => giftCards.id, {
      onDelete: "set null",
    }),
    issuedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("gift_card_purchases_waiting_idx").on(t.sendOn).where(sql`${t.issuedAt} is null`),
    index("gift_card_purchases_order_idx").on(t.orderId),
    check("gift_card_purchases_amount_check", sql`${t.amountCents} > 0`),
  ],
);
export type GiftCardPurchaseRow = typeof giftCardPurchases.$inferSelect;
