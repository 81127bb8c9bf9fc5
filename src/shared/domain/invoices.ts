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

/** Why a credit note was issued: the whole order given back or cancelled, or part of it refunded. */
export const CREDIT_REASONS = ["refund", "cancellation", "partial_refund"] as const;
export type CreditReason = (typeof CREDIT_REASONS)[number];

/**
 * What an order's events ask of its documents: the first confirmation or payment issues the
 * invoice; a refund or a cancellation after invoicing issues a credit note for what the
 * invoice still stands for (`creditNote`: the invoice is already credited in full, by one
 * note or by the partial refunds' notes together).
 */
export function documentDue(
  event: "confirmed" | "paid" | "refunded" | "canceled" | "partially_refunded",
  has: { invoice: boolean; creditNote: boolean },
): InvoiceKind | null {
  if (event === "confirmed" || event === "paid") return has.invoice ? null : "invoice";
  return has.invoice && !has.creditNote ? "credit_note" : null;
}

/**
 * What an invoice still stands for after its credit notes: a credit note never credits more
 * than was invoiced, so the notes of one invoice add up to at most its total.
 */
export const creditLeftCents = (invoiceTotalCents: number, creditNoteTotals: number[]): number =>
  Math.max(0, invoiceTotalCents - creditNoteTotals.reduce((sum, cents) => sum + cents, 0));

/** A line a credit note gives back: an order line (part of it) or a plain amount. */
export type CreditLine = {
  name_en: string;
  name_ar: string;
  /** 0 for a plain amount (no weight to print). */
  grams: number;
  qty: number;
  cents: number;
};

/** The line of a credit note that gives back an amount rather than chosen lines. */
export const amountCreditLine = (cents: number): CreditLine => ({
  name_en: "Refund",
  name_ar: "استرداد",
  grams: 0,
  qty: 1,
  cents,
});

/**
 * A credit note for part of an invoice (a partial refund, or what is left once partial
 * refunds were credited): the invoice's parties and order, only the lines given back, and a
 * total of `cents` (at most what the invoice still stands for), with the tax it includes at
 * the invoice's rate. A credit note of the whole invoice repeats it instead (see the issuer).
 */
export function partialCreditNote(
  invoice: InvoiceSnapshot,
  note: {
    number: string;
    issuedAt: Date;
    reason: CreditReason;
    lines: CreditLine[];
    cents: number;
    payment: { status: PaymentStatus; paid_cents: number | null };
  },
): InvoiceSnapshot {
  // Lines past the total (a line refunded beyond what the invoice still stands for) are
  // capped, so the lines always add up to the note's total.
  let left = note.cents;
  const lines = note.lines.map((line) => {
    const cents = Math.min(line.cents, left);
    left -= cents;
    return {
      name_en: line.name_en,
      name_ar: line.name_ar,
      grams: line.grams,
      qty: line.qty,
      unit_price_cents: line.qty > 0 ? Math.round(cents / line.qty) : cents,
      line_total_cents: cents,
    };
  });
  if (left > 0) lines.push({ ...lineOf(amountCreditLine(left)) });
  const tax = invoice.tax ? includedTax(note.cents, invoice.tax.rate_percent) : null;
  return {
    ...invoice,
    kind: "credit_note",
    number: note.number,
    issued_at: note.issuedAt.toISOString(),
    refers_to: invoice.number,
    reason: note.reason,
    lines,
    subtotal_cents: note.cents,
    discount_cents: 0,
    discount_percent: 0,
    delivery_fee_cents: 0,
    gift_wrap_cents: 0,
    total_cents: note.cents,
    tax: tax
      ? { rate_percent: tax.ratePercent, tax_cents: tax.taxCents, net_cents: tax.netCents }
      : null,
    payment: { ...invoice.payment, ...note.payment },
  };
}

const lineOf = (line: CreditLine) => ({
  name_en: line.name_en,
  name_ar: line.name_ar,
  grams: line.grams,
  qty: line.qty,
  unit_price_cents: line.cents,
  line_total_cents: line.cents,
});

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
  /**
   * The automatic promotions that applied, as named when the order was placed (free delivery
   * among them). Documents issued before promotions existed have none.
   */
  promotions?: Array<{ name_en: string; name_ar: string; cents: number }>;
  delivery_fee_cents: number;
  gift_wrap_cents: number;
  total_cents: number;
  tax: { rate_percent: number; tax_cents: number; net_cents: number } | null;
  payment: {
    method: PaymentMethod | "invoice";
    status: PaymentStatus;
    paid_cents: number | null;
    due_date: string | null;
    /** What a gift card paid of the total (a means of payment, not a discount). */
    gift_card_cents?: number;
  };
};
