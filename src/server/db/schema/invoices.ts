import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import {
  INVOICE_KINDS,
  INVOICE_SERIES,
  type InvoiceSnapshot,
} from "../../../shared/domain/invoices.ts";
import { orders } from "./orders.ts";

/**
 * The last number handed out per series and year. Taking a number is an upsert that adds one
 * and locks the row until the issuing transaction ends: a concurrent issuer waits, and a
 * rolled-back one gives its number back, so the numbers have no gaps and no repeats.
 */
export const invoiceCounters = pgTable(
  "invoice_counters",
  {
    series: text({ enum: INVOICE_SERIES }).notNull(),
    year: integer().notNull(),
    last: integer().notNull(),
  },
  (t) => [primaryKey({ columns: [t.series, t.year] })],
);

/**
 * Invoices and credit notes. `data` is the document as issued (seller, buyer, lines, totals,
 * payment state): it is never updated, and the PDF is drawn from it alone, so a later edit
 * of the settings, the product or the order cannot change an issued document.
 */
export const invoices = pgTable(
  "invoices",
  {
    id: bigserial({ mode: "number" }).primaryKey(),
    kind: text({ enum: INVOICE_KINDS }).notNull(),
    /** "INV-2026-000123" | "CN-2026-000045". */
    number: text().notNull().unique(),
    year: integer().notNull(),
    seq: integer().notNull(),
    /** An invoice outlives any tidy-up of orders: the order cannot be deleted under it. */
    orderId: bigint({ mode: "number" })
      .notNull()
      .references(() => orders.id, { onDelete: "restrict" }),
    /** A credit note's invoice; NULL on an invoice. */
    invoiceId: bigint({ mode: "number" }),
    totalCents: integer().notNull(),
    issuedAt: timestamp({ withTimezone: true }).notNull(),
    data: jsonb().$type<InvoiceSnapshot>().notNull(),
  },
  (t) => [
    // One invoice per order. An invoice may have several credit notes (each partial refund has
    // one); the issuer, under the order's row lock, keeps their sum within the invoice's total.
    uniqueIndex("invoices_one_per_order_idx").on(t.orderId).where(sql`${t.kind} = 'invoice'`),
    index("invoices_credit_notes_idx").on(t.invoiceId).where(sql`${t.kind} = 'credit_note'`),
    index("invoices_issued_idx").on(t.issuedAt, t.id),
    index("invoices_order_idx").on(t.orderId),
    check(
      "invoices_credit_note_refers_check",
      sql`(${t.kind} = 'invoice') = (${t.invoiceId} IS NULL)`,
    ),
  ],
);

export type InvoiceRow = typeof invoices.$inferSelect;

/**
 * The automatic payment reminders sent for an order on terms: one row per order and kind
 * ("due" on the due day, "overdue" a week later), written in the transaction that queues the
 * e-mail. The unique pair makes a second instance's claim do nothing, so each is sent once.
 */
export const invoiceReminders = pgTable(
  "invoice_reminders",
  {
    orderId: bigint({ mode: "number" })
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    kind: text({ enum: ["due", "overdue"] }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.orderId, t.kind] })],
);
