import { useEffect, useRef } from "react";
import type { Lang } from "../../../shared/domain/money.ts";
import { apiPost } from "../../lib/api.ts";

/** What checkout sends: the address, the shopper's consent (always true), the cart, the page's language. */
export type CheckoutContactBody = {
  email: string;
  consent: true;
  lines: ReadonlyArray<{
    productId: number;
    grams: number;
    qty: number;
    contents?: ReadonlyArray<{ productId: number; grams: number }>;
  }>;
  lang: Lang;
};

/** How long checkout waits after the last settled change before recording it. */
export const CONTACT_PAUSE_MS = 400;

/**
 * A plain shape check only (the storefront carries no zod on a first visit): the server
 * validates for real; this keeps a half-typed address from being sent at all.
 */
export const looksLikeEmail = (value: string) =>
  value.length <= 254 && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value.trim());

/** `POST /api/checkout/contact`: records the address for the one reminder the shopper asked for. */
export const recordCheckoutContact = (body: CheckoutContactBody, signal?: AbortSignal) =>
  apiPost<{ data: { ok: true } }>("/api/checkout/contact", body, { signal });

/** The question's identity: the same address, cart and language are recorded once. */
export const checkoutContactKey = (body: CheckoutContactBody) =>
  JSON.stringify([
    "checkout-contact",
    body.email.trim().toLowerCase(),
    body.lang,
    body.lines.map((line) => [line.productId, line.grams, line.qty, line.contents ?? null]),
  ]);

/**
 * Records the contact once per distinct (address, cart, language) while consent is given and
 * the address looks whole. `email` is the field's settled value (set on blur, not per
 * keystroke); a short pause merges a tick and a blur into one request. Without consent
 * nothing is ever sent. A failure is silent: the reminder is a courtesy, never a checkout error.
 */
export function useRecordCheckoutContact(input: {
  consent: boolean;
  email: string;
  lines: CheckoutContactBody["lines"];
  lang: Lang;
}): void {
  const { consent, email, lines, lang } = input;
  const sent = useRef<string | null>(null);
  const body: CheckoutContactBody | null =
    consent && looksLikeEmail(email) && lines.length > 0
      ? { email: email.trim(), consent: true, lines, lang }
      : null;
  const key = body ? checkoutContactKey(body) : null;

  // biome-ignore lint/correctness/useExhaustiveDependencies: the key is the body's identity
  useEffect(() => {
    if (!body || !key || sent.current === key) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      sent.current = key;
      recordCheckoutContact(body, controller.signal).catch(() => {
        // Not recorded (offline, rate limited): the next settled change tries again.
        if (sent.current === key) sent.current = null;
      });
    }, CONTACT_PAUSE_MS);
    return () => {
      clearTimeout(timer);
    };
  }, [key]);
}
