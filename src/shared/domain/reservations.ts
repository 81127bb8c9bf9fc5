/**
 * Reservations end: what the system writes when it cancels an order nobody paid
 * for in time. Apart from payments.ts so the checkout page's scripts do not carry it.
 */

/**
 * The notes the system writes when it ends a reservation (English, like every timeline note).
 * The customer's order page recognises them and shows its own words in the page's language.
 */
export const SYSTEM_CANCEL_NOTES = {
  reservation_expired:
    "Not paid or confirmed in time: the reservation ended and the items went back on sale.",
  card_session_expired:
    "The card payment was not completed in time: the reservation ended and the items went back on sale.",
} as const;
export type SystemCancelReason = keyof typeof SYSTEM_CANCEL_NOTES;

/** Which system note this is (a cancellation the shop wrote by hand returns null). */
export function systemCancelReason(note: string | null | undefined): SystemCancelReason | null {
  const text = note?.trim();
  if (!text) return null;
  for (const [reason, known] of Object.entries(SYSTEM_CANCEL_NOTES)) {
    if (known === text) return reason as SystemCancelReason;
  }
  return null;
}

/** Minutes a hosted card payment page stays open (Stripe allows 30 minutes to 24 hours). */
export const CARD_SESSION_MINUTES = 60;
