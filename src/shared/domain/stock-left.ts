import { MAX_LINE_QTY } from "./cart.ts";

/**
 * How much of a product is left, as the product page says it ("Only 12 kg left") and caps the
 * shopper's choice with it. Below 20 kg a shopper is told; and whenever the form could ask for
 * more than there is (8 of the largest weight), the page knows the amount so it can offer no
 * more. Above both, the page says only "In stock": its cached copy then stays valid across
 * orders that change the amount.
 */
export const STOCK_LEFT_SHOWN_BELOW_GRAMS = 20_000;

/** The grams the page shows and caps at, or null (untracked, sold out, or plenty left). */
export function stockLeftShown(
  stockGrams: number | null,
  largestOptionGrams: number,
): number | null {
  if (stockGrams === null || stockGrams <= 0) return null;
  const limit = Math.max(STOCK_LEFT_SHOWN_BELOW_GRAMS, MAX_LINE_QTY * largestOptionGrams);
  return stockGrams < limit ? stockGrams : null;
}

/**
 * The most of one weight a shopper may choose: what is left divided by the weight, at most the
 * cart's limit per line; the cart's limit when the amount is not known (plenty left).
 */
export function maxQtyFor(grams: number, leftGrams: number | null | undefined): number {
  if (leftGrams === null || leftGrams === undefined) return MAX_LINE_QTY;
  return Math.min(MAX_LINE_QTY, Math.floor(leftGrams / grams));
}
