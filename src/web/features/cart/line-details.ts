import { dishIdOf } from "../../../shared/domain/cart.ts";
import type { Lang } from "../../../shared/domain/money.ts";
import { DEFAULT_OPTION_GRAMS } from "../../../shared/domain/weight-options.ts";
import { pickText } from "../../lib/bilingual.ts";
import type { StoredCartLine } from "./cart-store.ts";

/**
 * The weight of one unit of a line: its option, else the product's default option when the
 * product page told us, else a kilo (without options a product sells by the kilo).
 */
export function gramsOf(line: StoredCartLine): number {
  return line.grams ?? line.default_grams ?? DEFAULT_OPTION_GRAMS;
}

/** Total cart weight for the shipping limits. */
export function cartGrams(lines: ReadonlyArray<StoredCartLine>): number {
  return lines.reduce(
    (sum, line) => sum + (dishIdOf(line.productId) === null ? gramsOf(line) * line.qty : 0),
    0,
  );
}

/** The order API's lines: sweets by product, weight and count, dishes by portions. */
export function apiLines(lines: ReadonlyArray<StoredCartLine>): Array<
  | {
      productId: number;
      grams: number;
      qty: number;
      contents?: Array<{ productId: number; grams: number }>;
    }
  | { dishId: number; portions: number }
> {
  return lines.map((line) => {
    const dishId = dishIdOf(line.productId);
    if (dishId !== null) return { dishId, portions: line.qty };
    return {
      productId: Number(line.productId),
      grams: gramsOf(line),
      qty: line.qty,
      // A box names its sweets; the server prices and checks them.
      ...(line.contents?.length
        ? { contents: line.contents.map((c) => ({ productId: c.productId, grams: c.grams })) }
        : {}),
    };
  });
}

/** The cart's sweets and boxes as the API takes them, its dishes left out. */
export function sweetsLines(lines: ReadonlyArray<StoredCartLine>) {
  return apiLines(lines).filter((line) => "productId" in line);
}

/** The name in the page's language, English when the Arabic one was never stored. */
export function lineName(line: StoredCartLine, lang: Lang): string {
  return pickText(lang, line.name, line.name_ar);
}
