import { useEffect, useState } from "react";
import type { CartPrice, CartPriceRequest } from "../../../shared/schemas/promotions.ts";
import { apiPost } from "../../lib/api.ts";

/** How long the cart waits after the last change before asking for its price. */
export const PRICE_PAUSE_MS = 250;

/**
 * `POST /api/cart/price`: the cart priced on the server by the same pure code an order is
 * charged with (the browser does not know every product's category): its lines (with a
 * trader's `token`, at the trader's prices), the automatic promotions and the totals. The
 * storefront carries no query library (first-visit budget), so the key and the hook below do
 * its job: one request per distinct question, the stale one cancelled.
 */
export const priceCart = (
  body: CartPriceRequest,
  opts: { signal?: AbortSignal; token?: string | null } = {},
) =>
  apiPost<{ data: CartPrice }>("/api/cart/price", body, {
    signal: opts.signal,
    token: opts.token ?? null,
  }).then((answer) => answer.data);

/** The question's identity. */
export const cartPriceKey = (body: CartPriceRequest) =>
  JSON.stringify([
    "cart-price",
    body.country ?? null,
    body.shipping_method ?? null,
    body.coupon ?? null,
    // A dish line is { dishId, portions }: it is told apart by those.
    body.lines.map((line) => {
      const dish = line as unknown as { dishId?: number; portions?: number };
      return dish.dishId === undefined
        ? [line.productId, line.grams, line.qty]
        : ["dish", dish.dishId, dish.portions];
    }),
  ]);

/**
 * The price of the current question once the server answered it, else null (the caller shows
 * its own figures meanwhile, and when the server cannot answer: a product gone from the shop).
 */
export function useCartPrice(body: CartPriceRequest | null): CartPrice | null {
  const key = body ? cartPriceKey(body) : null;
  const [answer, setAnswer] = useState<{ key: string; price: CartPrice } | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the key is the body's identity
  useEffect(() => {
    if (!body || !key) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      priceCart(body, { signal: controller.signal }).then(
        (price) => {
          // Only a price's shape counts (anything else is no answer).
          if (controller.signal.aborted || typeof price?.total !== "number") return;
          if (!Array.isArray(price.promotions)) return;
          setAnswer({ key, price });
        },
        () => {},
      );
    }, PRICE_PAUSE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [key]);

  return answer && answer.key === key ? answer.price : null;
}
