import { addDays } from "./business-time.ts";

/**
 * Sales reports: what a group means, the period compared with, and the average. Money counts
 * what was received less what was refunded, by the business day (shop time zone) the order was
 * placed; cancelled orders that kept no money are left out.
 */
export const REPORT_GROUPS = [
  "day",
  "week",
  "month",
  "product",
  "category",
  "channel",
  "payment",
  "country",
  "zone",
] as const;
export type ReportGroup = (typeof REPORT_GROUPS)[number];

/** Longest range one report covers: about three years of days. */
export const REPORT_MAX_DAYS = 1100;

export const REPORT_MESSAGES = {
  DAY: "Enter a date as YYYY-MM-DD.",
  RANGE: "The end date must be on or after the start date, at most 1,100 days later.",
  GROUP: "Group by day, week, month, product, category, channel, payment, country or zone.",
} as const;

/** Days from `from` to `to`, both counted. */
export function daysInRange(from: string, to: string): number {
  return (
    Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1
  );
}

/** The period before, of the same number of days, ending the day before `from`. */
export function previousPeriod(from: string, to: string): { from: string; to: string } {
  const days = daysInRange(from, to);
  return { from: addDays(from, -days), to: addDays(from, -1) };
}

/** Money per paid order (cents, rounded); 0 without orders. */
export const averageOrderCents = (revenueCents: number, orders: number): number =>
  orders > 0 ? Math.round(revenueCents / orders) : 0;

/** Change from the period before, in percent (one decimal); null when there was nothing before. */
export function changePercent(now: number, before: number): number | null {
  if (before === 0) return null;
  return Math.round(((now - before) / before) * 1000) / 10;
}
