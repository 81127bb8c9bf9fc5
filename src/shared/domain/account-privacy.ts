import type { OrderStatus } from "./order-states.ts";
import type { PaymentStatus } from "./payments.ts";
/**
 * The server's answers about e-mail verification and the customer's own data,
 * zod-free so the browser's message translator can key them (the account pages register
 * them under `emailVerification.*` and `accountDeletion.*` in the `account` namespace).
 */
export const EMAIL_VERIFICATION_MESSAGES = {
  TOKEN_REQUIRED:
    "The verification link is incomplete. Please open the link from the e-mail again.",
  TOKEN_INVALID:
    "This verification link is not valid or has expired. Please ask for a new one from your account page.",
  DONE: "Your e-mail address is verified. Thank you!",
  SENT: "We have sent a verification link to your e-mail address.",
  TOO_MANY: "Too many verification e-mails. Please wait a while before asking again.",
  ALREADY: "Your e-mail address is already verified.",
  UNAVAILABLE: "This shop cannot send e-mails yet, so addresses cannot be verified.",
} as const;

export const ACCOUNT_DELETION_MESSAGES = {
  PASSWORD_REQUIRED: "Please enter your password to confirm.",
  PASSWORD_WRONG: "The password is incorrect.",
  LAST_ADMIN:
    "You are the shop's only admin, so this account cannot be deleted. Add another admin first.",
  LAST_OWNER:
    "You are the shop's only owner, so this account cannot be deleted. Make another admin an owner first.",
  /** The start of the 409's message; the order numbers and the way out follow it. */
  OPEN_ORDERS: "Your account cannot be deleted while an order is open",
} as const;

/**
 * An order is open while the shop still has to do something with the customer: it is not yet
 * delivered (pending, confirmed, preparing, shipped), or it was cancelled after she paid and
 * the money is not given back yet (the shop must reach her to refund it). Delivered
 * (completed), cancelled unpaid and refunded orders are closed. Erasing her name, phone and
 * address from an open order would leave the shop unable to deliver, call or refund.
 */
export function isOpenOrder(order: { status: OrderStatus; paymentStatus: PaymentStatus }): boolean {
  if (order.status === "completed") return false;
  if (order.status === "canceled") return order.paymentStatus === "paid";
  return true;
}

/** The 409's message: which orders, and how to get past it (the web shows its own words). */
export function openOrdersMessage(numbers: readonly string[]): string {
  return `${ACCOUNT_DELETION_MESSAGES.OPEN_ORDERS}: ${numbers.join(", ")}. Wait until it is delivered, or contact the shop with its number to cancel it; then delete the account.`;
}

/**
 * What an erased customer's orders keep in place of the name, phone, city and street
 * address (the e-mail and notes become empty). The order's lines, totals, country, payments
 * and history stay for the shop's books.
 */
export const DELETED_CUSTOMER = "deleted customer";
