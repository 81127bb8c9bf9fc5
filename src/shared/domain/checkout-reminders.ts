/** Abandoned-checkout reminders: the texts the storefront translates (zod-free). */
export const CHECKOUT_REMINDER_MESSAGES = {
  CONSENT_REQUIRED: "Tick the box to agree to one reminder e-mail.",
  RESTORE_INVALID: "This cart link is not valid any more.",
} as const;

/** A reminder counts as bringing an order back when the order follows within this long. */
export const REMINDER_ORDER_WINDOW_MS = 7 * 24 * 60 * 60_000;
/** A restore link works this long after the reminder was written. */
export const RESTORE_LIFETIME_MS = 30 * 24 * 60 * 60_000;
