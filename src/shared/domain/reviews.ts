import type { Lang } from "./money.ts";

/**
 * Reviews from buyers: who may write one, how they are ordered and summed up. Pure, shared by
 * the server and the pages.
 */

export const REVIEW_STATUSES = ["pending", "published", "hidden"] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];
export const MAX_REVIEW_LENGTH = 2000;

export const REVIEW_MESSAGES = {
  RATING: "The rating must be a whole number of stars from 1 to 5.",
  TEXT_REQUIRED: "Please write a few words about the product.",
  TEXT_TOO_LONG: `The review must not be longer than ${MAX_REVIEW_LENGTH} characters.`,
  TEXT_MARKUP: "The review must be plain text, without HTML.",
  NOT_RECEIVED: "Only a buyer who received this product in a completed order can review it.",
  ALREADY_REVIEWED: "This product has already been reviewed for this order.",
  REPLY_TOO_LONG: `The reply must not be longer than ${MAX_REVIEW_LENGTH} characters.`,
} as const;

export type ReviewEligibility =
  | { ok: true }
  | { ok: false; reason: "not_completed" | "not_in_order" | "already_reviewed" };

/**
 * A buyer may review a product once per order, and only from a completed order (received)
 * that has the product on one of its lines.
 */
export function reviewEligibility(
  order: { status: string; productIds: readonly number[] },
  productId: number,
  alreadyReviewed: boolean,
): ReviewEligibility {
  if (order.status !== "completed") return { ok: false, reason: "not_completed" };
  if (!order.productIds.includes(productId)) return { ok: false, reason: "not_in_order" };
  if (alreadyReviewed) return { ok: false, reason: "already_reviewed" };
  return { ok: true };
}

/** Text that looks like markup: refused, so nothing a buyer writes can read as HTML anywhere. */
export function looksLikeMarkup(text: string): boolean {
  return /<\s*\/?\s*[a-z!?][^>]*>/i.test(text);
}

/** The language a review is written in: Arabic when it has more Arabic letters than Latin. */
export function reviewLanguage(text: string): Lang {
  const arabic = (text.match(/[\u0600-\u06ff]/g) ?? []).length;
  const latin = (text.match(/[A-Za-z]/g) ?? []).length;
  return arabic > latin ? "ar" : "en";
}

/** Those in the page's language first, newest first within each. Returns a new list. */
export function orderReviews<T extends { lang: Lang; created_at: string }>(
  reviews: readonly T[],
  lang: Lang,
): T[] {
  return [...reviews].sort(
    (a, b) =>
      Number(b.lang === lang) - Number(a.lang === lang) || b.created_at.localeCompare(a.created_at),
  );
}

/** The average of the ratings to one decimal, and how many; null average when none. */
export function ratingSummary(ratings: readonly number[]): {
  average: number | null;
  count: number;
} {
  if (ratings.length === 0) return { average: null, count: 0 };
  const sum = ratings.reduce((a, b) => a + b, 0);
  return { average: Math.round((sum / ratings.length) * 10) / 10, count: ratings.length };
}
