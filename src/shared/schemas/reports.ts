import { z } from "zod";
import { isCalendarDate } from "../domain/business-days.ts";
import { daysInRange, REPORT_GROUPS, REPORT_MAX_DAYS, REPORT_MESSAGES } from "../domain/reports.ts";
import { text } from "./fields.ts";

const dayField = text({ message: REPORT_MESSAGES.DAY })
  .trim()
  .refine(isCalendarDate, REPORT_MESSAGES.DAY);

/** `GET /api/admin/reports/sales?from=&to=&group=[&format=csv]`: business days, both counted. */
export const salesReportQuerySchema = z
  .object({
    from: dayField,
    to: dayField,
    group: z.enum(REPORT_GROUPS, { message: REPORT_MESSAGES.GROUP }),
    format: z.enum(["json", "csv"], { message: "format must be json or csv." }).optional(),
  })
  .refine((q) => q.from <= q.to && daysInRange(q.from, q.to) <= REPORT_MAX_DAYS, {
    message: REPORT_MESSAGES.RANGE,
    path: ["to"],
  });
export type SalesReportQuery = z.infer<typeof salesReportQuerySchema>;

export const salesReportRowSchema = z.object({
  /** The day, week (its Monday) or month (its first day) as YYYY-MM-DD, or the id or code. */
  key: z.string(),
  label: z.string(),
  label_ar: z.string(),
  orders: z.number().int(),
  /** Grams sold (ordered, or weighed where the packer weighed them). */
  grams: z.number().int(),
  /** Dollars received less refunded. */
  revenue: z.number(),
});
export type SalesReportRow = z.infer<typeof salesReportRowSchema>;

export const salesReportTotalsSchema = z.object({
  orders: z.number().int(),
  grams: z.number().int(),
  /** Dollars received less refunded. */
  revenue: z.number(),
  /** Dollars refunded on the period's orders. */
  refunds: z.number(),
  /** Revenue per order that brought money. */
  average_order: z.number(),
  /** Customers (accounts, or phones for guests) who ordered in the period. */
  customers: z.number().int(),
  /** Of those, the ones who had ordered before the period or ordered twice in it. */
  repeat_customers: z.number().int(),
});
export type SalesReportTotals = z.infer<typeof salesReportTotalsSchema>;

export const salesReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  group: z.enum(REPORT_GROUPS),
  rows: z.array(salesReportRowSchema),
  totals: salesReportTotalsSchema,
  /** The same number of days just before, for comparison. */
  previous: z.object({ from: z.string(), to: z.string(), totals: salesReportTotalsSchema }),
});
export type SalesReport = z.infer<typeof salesReportSchema>;
export const salesReportResponseSchema = z.object({ data: salesReportSchema });
