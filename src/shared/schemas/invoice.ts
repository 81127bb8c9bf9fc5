import { z } from "zod";
import { isCalendarDate } from "../domain/business-days.ts";
import { text } from "./fields.ts";

export const INVOICE_MESSAGES = {
  NOT_FOUND: "Invoice not found.",
  CREDIT_NOTE_NOT_FOUND: "Credit note not found.",
  DATE: "The date must be a calendar date written YYYY-MM-DD.",
  RANGE: "The start date must not be after the end date.",
  SPAN: "Export at most 366 days at a time.",
  FORMAT: "The format must be csv or zip.",
  NUMBER: "Not a valid credit note number.",
} as const;

const day = text({ message: INVOICE_MESSAGES.DATE })
  .trim()
  .refine(isCalendarDate, INVOICE_MESSAGES.DATE);

const DAY_MS = 86_400_000;

/** `GET /api/admin/invoices`: the documents issued from `from` to `to` (business days, both included). */
export const invoiceExportQuerySchema = z
  .object({
    from: day,
    to: day,
    format: z.enum(["csv", "zip"], { message: INVOICE_MESSAGES.FORMAT }).default("csv"),
  })
  .refine((q) => q.from <= q.to, { message: INVOICE_MESSAGES.RANGE, path: ["to"] })
  .refine((q) => Date.parse(q.to) - Date.parse(q.from) <= 365 * DAY_MS, {
    message: INVOICE_MESSAGES.SPAN,
    path: ["to"],
  });
export type InvoiceExportQuery = z.infer<typeof invoiceExportQuerySchema>;

/** A credit note's file in a URL: "CN-2026-000045.pdf". */
export const creditNoteParam = z.object({
  credit: text()
    .trim()
    .regex(/^CN-\d{4}-\d{6,}\.pdf$/i, INVOICE_MESSAGES.NUMBER)
    .transform((v) => v.slice(0, -4).toUpperCase()),
});

/** The delivery terms a commercial invoice may name (Incoterms 2020). */
export const INCOTERMS = ["EXW", "FCA", "CPT", "CIP", "DAP", "DPU", "DDP"] as const;
export const EXPORT_REASONS = ["sale", "gift", "sample", "return"] as const;

export const COMMERCIAL_INVOICE_MESSAGES = {
  DOMESTIC: "Only an order shipped abroad has a commercial invoice.",
  INCOTERM: "The incoterm must be one of EXW, FCA, CPT, CIP, DAP, DPU, DDP.",
  REASON: "The reason for export must be sale, gift, sample or return.",
} as const;

/**
 * `GET /api/admin/orders/{id}/commercial-invoice.pdf`: the language (the order's when left
 * out), the delivery terms (DAP: the shop pays the carriage, the buyer the duties) and why the
 * goods leave (a sale unless told).
 */
export const commercialInvoiceQuerySchema = z.object({
  lang: z.enum(["en", "ar"]).optional(),
  incoterm: z.enum(INCOTERMS, { message: COMMERCIAL_INVOICE_MESSAGES.INCOTERM }).default("DAP"),
  reason: z.enum(EXPORT_REASONS, { message: COMMERCIAL_INVOICE_MESSAGES.REASON }).default("sale"),
});
export type CommercialInvoiceQuery = z.infer<typeof commercialInvoiceQuerySchema>;
