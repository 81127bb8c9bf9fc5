import { useEffect, useState } from "react";
import type { ShippingQuote, ShippingQuoteRequest } from "../../../shared/schemas/shipping.ts";
import { ApiError, apiPost } from "../../lib/api.ts";

/** How long checkout waits after the last change of country or cart before asking. */
export const QUOTE_PAUSE_MS = 250;

/**
 * `POST /api/shipping/quote`: the methods (delivery with its fee, free pickups) the shop offers
 * for this country and cart, or why it cannot ship them. The storefront carries no query
 * library (first-visit budget), so the key and the hook below do its job: one request per
 * distinct question, the stale one cancelled.
 */
export const quoteShipping = (body: ShippingQuoteRequest, signal?: AbortSignal) =>
  apiPost<{ data: ShippingQuote }>("/api/shipping/quote", body, { signal }).then(
    (answer) => answer.data,
  );

/** The question's identity: the same country and lines ask the same thing. */
export const shippingQuoteKey = (body: ShippingQuoteRequest) =>
  JSON.stringify([
    "shipping-quote",
    body.country,
    // A dish line is { dishId, portions }: it is told apart by those.
    body.lines.map((line) => {
      const dish = line as unknown as { dishId?: number; portions?: number };
      return dish.dishId === undefined
        ? [line.productId, line.grams, line.qty]
        : ["dish", dish.dishId, dish.portions];
    }),
  ]);

export type QuoteState =
  | { status: "idle" }
  | { status: "loading"; previous: ShippingQuote | null }
  | { status: "ready"; quote: ShippingQuote }
  | { status: "failed" };

/**
 * The quote for the current question, asked `QUOTE_PAUSE_MS` after it last changed; a newer
 * question aborts the older request, so a late answer never overwrites a newer one.
 * `retry()` asks again after a failure.
 */
export function useShippingQuote(body: ShippingQuoteRequest | null): {
  state: QuoteState;
  retry: () => void;
} {
  const key = body ? shippingQuoteKey(body) : null;
  const [state, setState] = useState<QuoteState>({ status: "idle" });
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the key is the body's identity
  useEffect(() => {
    if (!body) {
      setState({ status: "idle" });
      return;
    }
    const controller = new AbortController();
    setState((before) => ({
      status: "loading",
      previous:
        before.status === "ready"
          ? before.quote
          : before.status === "loading"
            ? before.previous
            : null,
    }));
    const timer = setTimeout(() => {
      quoteShipping(body, controller.signal).then(
        (quote) => {
          if (!controller.signal.aborted) setState({ status: "ready", quote });
        },
        (error: unknown) => {
          if (controller.signal.aborted) return;
          if (error instanceof ApiError || (error as Error)?.name !== "AbortError")
            setState({ status: "failed" });
        },
      );
    }, QUOTE_PAUSE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [key, attempt]);

  return { state, retry: () => setAttempt((n) => n + 1) };
}
