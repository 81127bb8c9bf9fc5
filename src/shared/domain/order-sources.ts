/**
 * Where an order came from. `web` is the storefront's checkout; the others are
 * orders the team typed in on the orders desk for a customer who called, wrote on the
 * messaging app or came into the shop.
 */
export const ORDER_SOURCES = ["web", "phone", "messaging", "in_person"] as const;
export type OrderSource = (typeof ORDER_SOURCES)[number];

/** What a staff order may say; `web` is only ever the checkout's. */
export const STAFF_ORDER_SOURCES = ["phone", "messaging", "in_person"] as const;
export type StaffOrderSource = (typeof STAFF_ORDER_SOURCES)[number];

export const STAFF_ORDER_MESSAGES = {
  SOURCE: "Choose where the order came from: phone, messaging app or in person.",
  CUSTOMER_UNKNOWN: "There is no customer account with this id.",
} as const;
