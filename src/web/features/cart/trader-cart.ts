import { type Cents, toCents } from "../../../shared/domain/money.ts";
import type { CartPrice } from "../../../shared/schemas/promotions.ts";
import { useTraderPriced } from "../trader/trader-prices.tsx";
import type { StoredCartLine } from "./cart-store.ts";
import { gramsOf } from "./line-details.ts";
import { priceCart } from "./price-cart.ts";

export type TraderCartLine = StoredCartLine & { wholesale?: boolean };

/**
 * The cart as the signed-in trader pays for it: the server prices its lines (the price list's
 * tiers depend on the line's whole weight), and the shop's standing retail discount is not
 * added to wholesale prices. Anyone else, and a trader until the answer comes (or when it is
 * refused, such as a line under the list's minimum, which the order then reports), sees the
 * stored retail prices.
 */
export function useTraderCart<
  C extends { lines: readonly StoredCartLine[]; subtotal: number; subtotalCents: Cents },
>(cart: C): Omit<C, "lines"> & { lines: readonly TraderCartLine[]; wholesale: boolean } {
  const lines = cart.lines.map((line) => ({
    productId: Number(line.productId),
    grams: gramsOf(line),
    qty: line.qty,
  }));
  const key = JSON.stringify(lines);
  const quote = useTraderPriced<CartPrice | null>(null, `cart:${key}`, async (token) =>
    lines.length ? priceCart({ lines }, { token }) : null,
  );
  if (!quote) return { ...cart, wholesale: false };
  const byLine = new Map(quote.lines.map((line) => [`${line.product_id}:${line.grams}`, line]));
  const priced = cart.lines.map((line): TraderCartLine => {
    const quoted = byLine.get(`${line.productId}:${gramsOf(line)}`);
    return quoted
      ? { ...line, price: quoted.unit_price, wholesale: quoted.price_source === "wholesale" }
      : line;
  });
  return {
    ...cart,
    lines: priced,
    subtotal: quote.subtotal,
    subtotalCents: toCents(quote.subtotal),
    wholesale: quote.lines.some((line) => line.price_source === "wholesale"),
  };
}
