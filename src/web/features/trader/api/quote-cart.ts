import type { CartQuote, CartQuoteRequest } from "../../../../shared/schemas/order.ts";
import { apiPost } from "../../../lib/api.ts";

/** `POST /api/cart/quote` with a trader's token: the cart's lines at the trader's prices. */
export async function quoteCart(
  lines: CartQuoteRequest["lines"],
  token: string,
): Promise<CartQuote> {
  return (await apiPost<{ data: CartQuote }>("/api/cart/quote", { lines }, { token })).data;
}
