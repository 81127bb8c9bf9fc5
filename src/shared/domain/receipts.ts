import type { OrderStatus } from "./order-states.ts";
import type { PaymentMethod, PaymentStatus } from "./payments.ts";

/** A few tries (a blurred photo, then a better one), not a file store. */
export const MAX_RECEIPTS_PER_ORDER = 5;

/**
 * What one order's receipts may take together once stored: two bank PDFs at the 10 MB limit,
 * or the five photos (re-encoded to a few hundred KB each). Five 10 MB PDFs per order, on
 * orders anyone can place, let a visitor fill the disk.
 */
export const MAX_RECEIPT_BYTES_PER_ORDER = 20 * 1024 * 1024;

/**
 * What one address may send as receipts in an hour, refused or stored: a customer sends one
 * or two files; a script sending 10 MB a request is stopped after three.
 */
export const RECEIPT_BYTES_PER_ADDRESS_HOUR = 30 * 1024 * 1024;

export const RECEIPT_MESSAGES = {
  REQUIRED: "Please choose a photo or PDF of the receipt.",
  TYPE: "The receipt must be a photo (JPG, PNG or WebP) or a PDF.",
  TOO_LARGE: "The receipt must not be larger than 10 MB.",
  NOT_TRANSFER: "Receipts are only for orders paid by bank transfer.",
  CANCELLED: "This order was cancelled.",
  PAID: "This order is already paid.",
  TOO_MANY: "This order already has 5 receipts. Please contact us if you need to send more.",
  ORDER_FULL:
    "This order's receipts already take 20 MB. Please contact us if you need to send more.",
  TOO_MUCH:
    "Too many receipts were sent from your connection in the last hour. Please try again later.",
  NOT_FOUND: "Receipt not found.",
} as const;

/** Whether a customer may still add a receipt to this order. */
export function receiptRefusal(
  order: { paymentMethod: PaymentMethod; status: OrderStatus; paymentStatus: PaymentStatus },
  already: number,
  max = MAX_RECEIPTS_PER_ORDER,
  bytes: { stored: number; adding: number } = { stored: 0, adding: 0 },
): string | null {
  if (order.paymentMethod !== "bank_transfer") return RECEIPT_MESSAGES.NOT_TRANSFER;
  if (order.status === "canceled") return RECEIPT_MESSAGES.CANCELLED;
  if (order.paymentStatus !== "unpaid") return RECEIPT_MESSAGES.PAID;
  if (already >= max) return RECEIPT_MESSAGES.TOO_MANY;
  if (bytes.stored + bytes.adding > MAX_RECEIPT_BYTES_PER_ORDER) return RECEIPT_MESSAGES.ORDER_FULL;
  return null;
}
