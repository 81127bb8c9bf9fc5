/**
 * Low stock. A tracked product (stock in grams, not NULL) is low when its stock is at
 * or below its threshold: its own (`products.low_stock_grams`) or, when it has none, the shop's
 * default (settings). Zod-free: the server, the forms and the translator import it.
 */

/** The shop's default threshold until the owner sets one: 2 kg. */
export const DEFAULT_LOW_STOCK_GRAMS = 2000;

/** The highest threshold a form accepts, in kg (the stock field's own limit). */
export const MAX_LOW_STOCK_KG = 1_000_000;

export const LOW_STOCK_MESSAGES = {
  THRESHOLD:
    "The low-stock threshold must be a number of kg, at least 0 (leave it empty for the shop's default).",
  DEFAULT_THRESHOLD: "The low-stock threshold must be a number of kg, at least 0.",
} as const;

/** The threshold that applies: the product's own, else the shop's default. */
export function lowStockThreshold(own: number | null | undefined, shopDefault: number): number {
  return own ?? shopDefault;
}

/** Whether a product is low now: tracked, and at or below its threshold. */
export function isLowStock(stockGrams: number | null, thresholdGrams: number): boolean {
  return stockGrams !== null && stockGrams <= thresholdGrams;
}

/**
 * Whether a change of stock (an order taking some) crosses the threshold: from above it to at
 * or below it. So the bell says it once: an order that leaves an already-low product lower says
 * nothing, and a restock above the threshold arms it again. Untracked stock never crosses.
 */
export function crossesLowStock(
  beforeGrams: number | null,
  afterGrams: number | null,
  thresholdGrams: number,
): boolean {
  if (beforeGrams === null || afterGrams === null) return false;
  return beforeGrams > thresholdGrams && afterGrams <= thresholdGrams;
}

/** Grams as kg for a form or a message: at most three decimals, no trailing zeros. */
export const gramsToKg = (grams: number): number => Math.round(grams) / 1000;

/** Kg from a form as whole grams. */
export const kgToGrams = (kg: number): number => Math.round(kg * 1000);
