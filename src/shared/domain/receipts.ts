import type { OrderStatus } from "./order-states.ts";
import type { PaymentMethod, PaymentStatus } from "./payments.ts";

/** A few tries (a blurred photo, then a better one), not a file store. */
export const MAX_RECEIPTS_PER_ORDER = 5;

export const RECEIPT_MESSAGES = {
  REQUIRED: "Please choose a photo or PDF of the receipt.",
  TYPE: "The receipt must be a photo (JPG, PNG or WebP) or a PDF.",
  TOO_LARGE: "The receipt must not be larger than 10 MB.",
  NOT_TRANSFER: "Receipts are only for orders paid by bank transfer.",
  CANCELLED: "This order was cancelled.",
  PAID: "This order is already paid.",
  TOO_MANY: "This order already has 5 receipts. Please contact us if you need to send more.",
  NOT_FOUND: "Receipt not found.",
} as const;

/** Whether a customer may still add a receipt to this order (issue 24). */
export function receiptRefusal(
  order: { paymentMethod: PaymentMethod; status: OrderStatus; paymentStatus: PaymentStatus },
  already: number,
  max = MAX_RECEIPTS_PER_ORDER,
): string | null {
  if (order.paymentMethod !== "bank_transfer") return RECEIPT_MESSAGES.NOT_TRANSFER;
  if (order.status === "canceled") return RECEIPT_MESSAGES.CANCELLED;
  if (order.paymentStatus !== "unpaid") return RECEIPT_MESSAGES.PAID;
  if (already >= max) return RECEIPT_MESSAGES.TOO_MANY;
  return null;
}
