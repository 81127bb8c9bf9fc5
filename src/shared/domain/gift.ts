/**
 * Gift orders: wrapping is offered at 3.00 in the demo shop; the owner sets the
 * price (0 = free) or turns it off (null) in Settings.
 */
export const DEFAULT_GIFT_WRAP_CENTS = 300;

/** Gift orders: the card message's limit, in characters of either language. */
export const GIFT_MESSAGE_MAX = 200;
