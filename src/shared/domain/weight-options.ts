import type { Cents, Lang } from "./money.ts";

/** A weight a product is sold in; `priceCents` is the admin's override of the computed price. */
export type WeightOption = { label?: string; grams: number; priceCents?: number | null };

export type PricedProduct = {
  pricePerKgCents: Cents;
  discountPerKgCents?: Cents | null;
  options?: ReadonlyArray<WeightOption> | null;
};

export type OptionPrice = {
  label?: string;
  grams: number;
  regularCents: Cents;
  effectiveCents: Cents;
  discounted: boolean;
};

/** Without options a product sells by the kilo. */
export const DEFAULT_OPTION_GRAMS = 1000;

/** The product page's default base price (300 dollars), only for products with no price. */
export const FALLBACK_BASE_PRICE_CENTS: Cents = 30000;

export function defaultOptions(): WeightOption[] {
  return [{ grams: DEFAULT_OPTION_GRAMS }];
}

/** The product page's default options: 1 kg to 5 kg at multiples of the base price. */
export function fallbackOptions(basePriceCents: Cents = FALLBACK_BASE_PRICE_CENTS): WeightOption[] {
  return [1, 2, 3, 4, 5].map((kg) => ({ grams: kg * 1000, priceCents: kg * basePriceCents }));
}

/** An admin override wins; otherwise weight x price per kg, to the nearest cent. */
export function optionPrice(
  pricePerKgCents: Cents,
  grams: number,
  overrideCents?: Cents | null,
): Cents {
  return overrideCents ?? Math.round((grams * pricePerKgCents) / 1000);
}

/**
 * The per-kg price a shopper pays. A discount counts only when it is below the price and
 * above zero: forms and legacy payloads send 0 for "no discount", and a product is never
 * meant to be free by accident.
 */
export function effectivePerKg(pricePerKgCents: Cents, discountPerKgCents?: Cents | null): Cents {
  if (discountPerKgCents == null) return pricePerKgCents;
  if (discountPerKgCents <= 0 || discountPerKgCents >= pricePerKgCents) return pricePerKgCents;
  return discountPerKgCents;
}

/** The options a product is sold in, its own or the one-kilo default. */
export function productOptions(
  options?: ReadonlyArray<WeightOption> | null,
): ReadonlyArray<WeightOption> {
  return options && options.length > 0 ? options : defaultOptions();
}

/**
 * Regular and discounted price of every option. An overridden option is discounted by the
 * same ratio as the per-kg price, so a "2 kg for 50" deal keeps the product's discount.
 */
export function optionPrices(product: PricedProduct): OptionPrice[] {
  const perKg = product.pricePerKgCents;
  const discountedPerKg = effectivePerKg(perKg, product.discountPerKgCents);
  const discounted = discountedPerKg < perKg;

  return productOptions(product.options).map((option) => {
    const override = option.priceCents ?? null;
    const regularCents = optionPrice(perKg, option.grams, override);
    const effectiveCents = !discounted
      ? regularCents
      : override === null
        ? optionPrice(discountedPerKg, option.grams)
        : Math.round((override * discountedPerKg) / perKg);
    return {
      ...(option.label === undefined ? {} : { label: option.label }),
      grams: option.grams,
      regularCents,
      effectiveCents,
      discounted,
    };
  });
}

/**
 * "250 g" below half a kilo, "0.5 kg" / "1.25 kg" from there on; Arabic uses غ / كغ with
 * Latin digits, like prices.
 */
export function optionLabel(grams: number, lang: Lang): string {
  if (grams < 500) return lang === "ar" ? `${grams} غ` : `${grams} g`;
  const kg = Number((grams / 1000).toFixed(3));
  return lang === "ar" ? `${kg} كغ` : `${kg} kg`;
}

/**
 * In stock means not tracked (null) or enough for at least the smallest option.
 * Stock is kept in kg with gram precision, so it is compared in whole grams to avoid
 * 0.3 * 1000 = 300.00000000000006 surprises.
 */
export function isInStock(
  stockKg: number | null,
  options?: ReadonlyArray<WeightOption> | null,
): boolean {
  return hasStockFor(stockKg === null ? null : Math.round(stockKg * 1000), smallestGrams(options));
}

/** The least a shopper can buy of a product: its smallest weight option, in grams. */
export function smallestGrams(options?: ReadonlyArray<WeightOption> | null): number {
  return Math.min(...productOptions(options).map((option) => option.grams));
}

/** In stock, from whole grams (null = not tracked) and `smallestGrams`. */
export function hasStockFor(stockGrams: number | null, smallest: number): boolean {
  return stockGrams === null || stockGrams >= smallest;
}
