/**
 * Orders on terms: a trader on terms may order "on invoice" and pay by a due date, as long as
 * everything it has not paid yet, this order included, stays within its credit limit. Money in
 * cents, days as business dates (YYYY-MM-DD).
 */
import { addDays } from "./business-time.ts";
import { formatMoney } from "./money.ts";

export type TermsLang = "en" | "ar";

export const TERMS_MESSAGES = {
  NOT_ON_TERMS: {
    en: "Paying by invoice is only for trade accounts on payment terms.",
    ar: "الدفع بفاتورة متاح فقط لحسابات التجار ذات شروط الدفع.",
  },
} as const;

/** The day an order placed on `today` must be paid by. */
export function dueDateOf(today: string, termsDays: number): string {
  return addDays(today, termsDays);
}

/**
 * Why an order on invoice is refused by the credit limit, in the buyer's language, or null.
 * `outstandingCents` is everything unpaid before this order.
 */
export function creditLimitProblem(
  value: { outstandingCents: number; orderCents: number; limitCents: number },
  lang: TermsLang,
): string | null {
  if (value.outstandingCents + value.orderCents <= value.limitCents) return null;
  const available = Math.max(0, value.limitCents - value.outstandingCents);
  const limit = formatMoney(value.limitCents, lang);
  const left = formatMoney(available, lang);
  return lang === "ar"
    ? `هذا الطلب يتجاوز حد الائتمان (${limit}). المتاح الآن: ${left}. يرجى سداد الفواتير المستحقة أو التواصل معنا.`
    : `This order is over your credit limit (${limit}). Available now: ${left}. Please pay your open invoices or contact us.`;
}

/** The list's minimum order total refused in the buyer's language. */
export function orderMinimumMessage(minCents: number, lang: TermsLang): string {
  const min = formatMoney(minCents, lang);
  return lang === "ar"
    ? `طلبك أقل من الحد الأدنى لقائمة أسعارك (${min}).`
    : `Your order is below the minimum order total of your price list (${min}).`;
}

export const AGEING_BUCKETS = ["current", "1_30", "31_60", "over_60"] as const;
export type AgeingBucket = (typeof AGEING_BUCKETS)[number];

/** Whole days from `from` to `to` (business dates), negative when `to` is earlier. */
function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** How late an unpaid invoice is on `today`: not yet due (or due today) is current. */
export function ageingOf(
  today: string,
  dueDate: string,
): { daysOverdue: number; bucket: AgeingBucket } {
  const daysOverdue = Math.max(0, daysBetween(dueDate, today));
  const bucket: AgeingBucket =
    daysOverdue === 0
      ? "current"
      : daysOverdue <= 30
        ? "1_30"
        : daysOverdue <= 60
          ? "31_60"
          : "over_60";
  return { daysOverdue, bucket };
}

export const ACCOUNT_STATES = [
  "cancelled",
  "paid",
  "refunded",
  "partially_refunded",
  "balance_due",
  "open",
  "overdue",
] as const;
export type AccountState = (typeof ACCOUNT_STATES)[number];

/**
 * What an order means for a trader's account on `today`: cancelled, settled by its payment
 * state, or, while unpaid, open until its due date and overdue the day after (an unpaid order
 * with no due date, paid at delivery, is open).
 */
export function accountStateOf(
  order: { status: string; paymentStatus: string; dueDate: string | null },
  today: string,
): AccountState {
  if (order.status === "canceled") return "cancelled";
  if (order.paymentStatus !== "unpaid") return order.paymentStatus as AccountState;
  return order.dueDate && order.dueDate < today ? "overdue" : "open";
}
