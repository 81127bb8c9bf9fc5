import type { PaymentMethod, PaymentStatus } from "./payments.ts";

/**
 * Invoices and credit notes: numbered per series and calendar year (the business clock's
 * year), without gaps, and frozen when issued. Pure rules; the server takes the numbers.
 */
export const INVOICE_KINDS = ["invoice", "credit_note"] as const;
export type InvoiceKind = (typeof INVOICE_KINDS)[number];

export const INVOICE_SERIES = ["INV", "CN"] as const;
export type InvoiceSeries = (typeof INVOICE_SERIES)[number];

export const seriesOf = (kind: InvoiceKind): InvoiceSeries => (kind === "invoice" ? "INV" : "CN");

/** "INV-2026-000123": the series, the year and the number within the year, six digits. */
export function invoiceNumber(series: InvoiceSeries, year: number, seq: number): string {
  if (!Number.isInteger(seq) || seq < 1) throw new RangeError(`Bad invoice sequence ${seq}`);
  return `${series}-${year}-${String(seq).padStart(6, "0")}`;
}

const NUMBER_PATTERN = /^(INV|CN)-(\d{4})-(\d{6,})$/;

export function parseInvoiceNumber(
  value: string,
): { series: InvoiceSeries; year: number; seq: number } | null {
  const match = NUMBER_PATTERN.exec(value.trim().toUpperCase());
  if (!match) return null;
  return { series: match[1] as InvoiceSeries, year: Number(match[2]), seq: Number(match[3]) };
}

/**
 * The tax inside a total when the owner sets a rate: shop prices include it, so the invoice
 * shows the part of the total that is tax (rounded to the cent) and the net beside it.
 * No rate (null) or 0 = no tax line.
 */
export function includedTax(
  totalCents: number,
  ratePercent: number | null,
): { ratePercent: number; taxCents: number; netCents: number } | null {
  if (ratePercent === null || ratePercent <= 0) return null;
  const taxCents = Math.round((totalCents * ratePercent) / (100 + ratePercent));
  return { ratePercent, taxCents, netCents: totalCents - taxCents };
}

/** Why a credit note was issued. */
export type CreditReason = "refund" | "cancellation";

/**
 * What an order's events ask of its documents: the first confirmation or payment issues the
 * invoice; a refund or a cancellation after invoicing issues the one credit note.
 */
export function documentDue(
  event: "confirmed" | "paid" | "refunded" | "canceled",
  has: { invoice: boolean; creditNote: boolean },
): InvoiceKind | null {
  if (event === "confirmed" || event === "paid") return has.invoice ? null : "invoice";
  return has.invoice && !has.creditNote ? "credit_note" : null;
}

/** An issued document exactly as it is printed (money in cents, names in both languages). */
export type InvoiceSnapshot = {
  kind: InvoiceKind;
  number: string;
  issued_at: string;
  lang: "en" | "ar";
  /** A credit note's invoice number and why; null on an invoice. */
  refers_to: string | null;
  reason: CreditReason | null;
  order: { number: string; placed_at: string };
  seller: {
    name: { en: string; ar: string };
    address: { en: string; ar: string };
    tax_number: string;
  };
  buyer: {
    name: string;
    company: string | null;
    tax_number: string | null;
    phone: string;
    email: string | null;
    country: string;
    city: string;
    address: string;
  };
  lines: Array<{
    name_en: string;
    name_ar: string;
    grams: number;
    qty: number;
    unit_price_cents: number;
    line_total_cents: number;
  }>;
  subtotal_cents: number;
  discount_cents: number;
  discount_percent: number;
  delivery_fee_cents: number;
  gift_wrap_cents: number;
  total_cents: number;
  tax: { rate_percent: number; tax_cents: number; net_cents: number } | null;
  payment: {
    method: PaymentMethod | "invoice";
    status: PaymentStatus;
    paid_cents: number | null;
    due_date: string | null;
  };
};
