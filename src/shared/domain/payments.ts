import type { OrderStatus } from "./order-states.ts";

/**
 * Whether an order has been paid is its own state, beside the order status
 * (docs/decisions/0024). Only the owner or a verified gateway event moves it.
 */
export const PAYMENT_STATUSES = [
  "unpaid",
  "paid",
  "refunded",
  "partially_refunded",
  "balance_due",
] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** How a shopper may pay. `card` goes through a hosted gateway page (never the shop). */
/** `invoice`: a trader on terms pays later, by the due date; never offered to anyone else. */
export const PAYMENT_METHODS = [
  "cod",
  "bank_transfer",
  "messaging_app",
  "card",
  "invoice",
] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
/** Offered by every shop; `card` is added only when a gateway is configured. */
export const OFFLINE_PAYMENT_METHODS: ReadonlyArray<PaymentMethod> = [
  "cod",
  "bank_transfer",
  "messaging_app",
];

/**
 * How money the owner records came in (a payment's own column, beside its free note): the
 * receivables screen offers these; a gateway's payment is `card`.
 */
export const RECEIVED_PAYMENT_METHODS = ["bank_transfer", "cash", "cheque", "card"] as const;
export type ReceivedPaymentMethod = (typeof RECEIVED_PAYMENT_METHODS)[number];

/** Who moved the payment state: "admin:<id>", "gateway:<provider>", "customer", "system". */
export type PaymentActor = string;

export const PAYMENT_MESSAGES = {
  ALREADY_PAID: "The order is already paid.",
  CANCELLED_UNPAID: "A cancelled order that was never paid cannot be marked paid.",
  REFUNDED: "A refunded order cannot be marked paid again.",
  REFUND_UNPAID: "Only a paid order can be refunded.",
  AMOUNT: "The amount must be more than 0 and at most 1,000,000.00, with at most two decimals.",
  PAID_AT: "The date must be a real date, not in the future.",
  NOTE_TOO_LONG: "The note may be at most 2000 characters.",
  METHOD: "Choose how the payment came: bank transfer, cash, cheque or card.",
} as const;

export type PaymentRefusal = { field: "amount" | "status"; message: string };

/** Can the owner (or a gateway) record a payment for an order in this state? */
export function markPaidRefusal(
  orderStatus: OrderStatus,
  paymentStatus: PaymentStatus,
): PaymentRefusal | null {
  if (paymentStatus === "paid" || paymentStatus === "partially_refunded")
    return { field: "status", message: PAYMENT_MESSAGES.ALREADY_PAID };
  if (paymentStatus === "refunded") return { field: "status", message: PAYMENT_MESSAGES.REFUNDED };
  if (orderStatus === "canceled")
    return { field: "status", message: PAYMENT_MESSAGES.CANCELLED_UNPAID };
  return null;
}

/**
 * A refund is the owner's word on an order that holds money (paid, partly refunded or with a
 * balance still due), cancelled or not.
 */
export function refundRefusal(paymentStatus: PaymentStatus): PaymentRefusal | null {
  return paymentStatus === "paid" ||
    paymentStatus === "partially_refunded" ||
    paymentStatus === "balance_due"
    ? null
    : { field: "status", message: PAYMENT_MESSAGES.REFUND_UNPAID };
}

/**
 * Reservations end: a pending order older than `hours` is cancelled by the
 * system; 0 means never. Returns the creation time before which a pending order expires.
 */
export function pendingCutoff(now: Date, hours: number): Date | null {
  if (!Number.isFinite(hours) || hours <= 0) return null;
  return new Date(now.getTime() - hours * 3_600_000);
}

export const DEFAULT_PENDING_EXPIRY_HOURS = 48;

/** Methods the shop offers: the offline ones, and card only when a gateway is configured. */
export function offeredPaymentMethods(cardConfigured: boolean): PaymentMethod[] {
  return cardConfigured ? [...OFFLINE_PAYMENT_METHODS, "card"] : [...OFFLINE_PAYMENT_METHODS];
}
