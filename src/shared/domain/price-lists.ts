/**
 * Wholesale price lists: per product a price per kg, a minimum per line and quantity tiers
 * (from so many grams on, a lower price per kg); per category a percentage off retail; and a
 * minimum order total. Pure rules: checking a list, and the price of a line under a list.
 * Money in cents, weights in grams.
 */
export type PriceTier = { fromGrams: number; pricePerKgCents: number };
export type ProductPrice = {
  productId: number;
  pricePerKgCents: number;
  minGrams: number;
  tiers: PriceTier[];
};
export type CategoryDiscount = { categoryId: number; percentOff: number };
export type PriceListRules = {
  minOrderTotalCents: number;
  products: ProductPrice[];
  categories: CategoryDiscount[];
};

export const PRICE_LIST_MESSAGES = {
  PRODUCT_TWICE: "This product is already in the list.",
  CATEGORY_TWICE: "This category is already in the list.",
  TIERS_ORDER: "Tiers must start at increasing weights, each above the one before.",
  TIER_ABOVE_MINIMUM: "A tier must start above the line's minimum.",
  TIER_PRICE: "A tier's price per kg must be below the price of the tier before it.",
  PERCENT: "The percentage off is a whole number from 1 to 100.",
  PRICE: "The price per kg must be more than 0.",
  BELOW_MINIMUM: "This line is below the minimum weight of your price list.",
  ORDER_MINIMUM: "Your order is below the minimum order total of your price list.",
} as const;

type Problems = Record<string, string[]>;
const add = (problems: Problems, field: string, message: string) => {
  problems[field] = [...(problems[field] ?? []), message];
};

/** What is wrong with a list, keyed like the API's fields ("products.1.tiers.0.from_grams"). */
export function priceListProblems(list: PriceListRules): Problems {
  const problems: Problems = {};
  const seen = new Set<number>();
  list.products.forEach((p, i) => {
    if (seen.has(p.productId))
      add(problems, `products.${i}.product_id`, PRICE_LIST_MESSAGES.PRODUCT_TWICE);
    seen.add(p.productId);
    if (p.pricePerKgCents <= 0)
      add(problems, `products.${i}.price_per_kg`, PRICE_LIST_MESSAGES.PRICE);
    let previousFrom = p.minGrams;
    let previousPrice = p.pricePerKgCents;
    p.tiers.forEach((tier, j) => {
      const field = `products.${i}.tiers.${j}`;
      if (tier.fromGrams <= previousFrom)
        add(
          problems,
          `${field}.from_grams`,
          j === 0 ? PRICE_LIST_MESSAGES.TIER_ABOVE_MINIMUM : PRICE_LIST_MESSAGES.TIERS_ORDER,
        );
      if (tier.pricePerKgCents <= 0 || tier.pricePerKgCents >= previousPrice)
        add(problems, `${field}.price_per_kg`, PRICE_LIST_MESSAGES.TIER_PRICE);
      previousFrom = Math.max(previousFrom, tier.fromGrams);
      previousPrice = tier.pricePerKgCents;
    });
  });
  const categories = new Set<number>();
  list.categories.forEach((c, i) => {
    if (categories.has(c.categoryId))
      add(problems, `categories.${i}.category_id`, PRICE_LIST_MESSAGES.CATEGORY_TWICE);
    categories.add(c.categoryId);
    if (!Number.isInteger(c.percentOff) || c.percentOff < 1 || c.percentOff > 100)
      add(problems, `categories.${i}.percent_off`, PRICE_LIST_MESSAGES.PERCENT);
  });
  return problems;
}

export type PricedLine = {
  unitPriceCents: number;
  priceSource: "retail" | "wholesale";
  /** The line's minimum weight under the list (grams x qty), 0 = none. */
  minGrams: number;
};

/**
 * A line's unit price (one pack of `grams`) under a list. The product's own entry wins over
 * its category's percentage; its tier is the highest one the line's whole weight (grams x
 * qty) reaches. A product the list does not name keeps its retail price.
 */
export function priceUnderList(
  list: PriceListRules | null,
  line: { productId: number; categoryId: number | null; grams: number; qty: number },
  retailUnitCents: number,
): PricedLine {
  const retail = { unitPriceCents: retailUnitCents, priceSource: "retail" as const, minGrams: 0 };
  if (!list) return retail;
  const own = list.products.find((p) => p.productId === line.productId);
  if (own) {
    const weight = line.grams * line.qty;
    let perKg = own.pricePerKgCents;
    for (const tier of own.tiers) if (weight >= tier.fromGrams) perKg = tier.pricePerKgCents;
    return {
      unitPriceCents: Math.round((perKg * line.grams) / 1000),
      priceSource: "wholesale",
      minGrams: own.minGrams,
    };
  }
  const category =
    line.categoryId === null
      ? undefined
      : list.categories.find((c) => c.categoryId === line.categoryId);
  if (category)
    return {
      unitPriceCents: Math.round((retailUnitCents * (100 - category.percentOff)) / 100),
      priceSource: "wholesale",
      minGrams: 0,
    };
  return retail;
}

/** The refusal of a line under its minimum, or of an order under the list's minimum total. */
export function minimumProblem(
  kind: "line" | "order",
  value: { grams?: number; minGrams?: number; subtotalCents?: number; minOrderTotalCents?: number },
): string | null {
  if (kind === "line")
    return (value.grams ?? 0) < (value.minGrams ?? 0) ? PRICE_LIST_MESSAGES.BELOW_MINIMUM : null;
  return (value.subtotalCents ?? 0) < (value.minOrderTotalCents ?? 0)
    ? PRICE_LIST_MESSAGES.ORDER_MINIMUM
    : null;
}
