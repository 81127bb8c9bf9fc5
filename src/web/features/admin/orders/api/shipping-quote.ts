import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type {
  ShippingQuote,
  ShippingQuoteRequest,
} from "../../../../../shared/schemas/shipping.ts";
import { apiPost } from "../../../../lib/api.ts";

/**
 * `POST /api/shipping/quote`, the endpoint checkout asks: the methods (and fees) the shop
 * offers for this country and these lines, or why it cannot ship them.
 */
export function useShippingQuote(body: ShippingQuoteRequest | null) {
  return useQuery<ShippingQuote>({
    queryKey: [
      "admin",
      "new-order",
      "shipping-quote",
      body?.country ?? "",
      body?.lines.map((line) => [line.productId, line.grams, line.qty]) ?? [],
    ],
    queryFn: ({ signal }) =>
      apiPost<{ data: ShippingQuote }>("/api/shipping/quote", body, { signal }).then(
        (answer) => answer.data,
      ),
    enabled: body !== null,
    placeholderData: keepPreviousData,
  });
}
