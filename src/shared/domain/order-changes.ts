import type { Cents } from "./money.ts";
import type { OrderStatus } from "./order-states.ts";
import type { PaymentMethod, PaymentStatus } from "./payments.ts";
import { type OrderTotals, orderTotals } from "./pricing.ts";

// Orders that change after they are placed: an edit by the desk, the weighed amount at
// packing, a refund. The money follows from three sums kept on the order: what the sweets cost
// now (`total`), what was given back as a credit (returns, goodwill: it lowers what is owed),
// and what actually moved (received, refunded). Every edit bumps the order's version, so a
// save made on a stale copy is refused rather than overwriting.

export const ORDER_CHANGE_MESSAGES = {
  NOT_EDITABLE: "A shipped, completed or cancelled order can no longer be changed.",
  STALE: "This order was changed by someone else. Reload it and make your change again.",
  NOT_WEIGHABLE: "Weights are entered from preparing on, until the order is shipped.",
  WEIGHT: "The weighed amount must be more than 0 g and at most ten times what was ordered.",
  LINE_UNKNOWN: "This line is not part of the order.",
  LINE_TWICE: "Each line may appear only once.",
  LINES_REQUIRED: "An order needs at least one line.",
  REFUND_TOO_MUCH: "A refund cannot be more than was received and not yet refunded.",
  REFUND_NOTHING: "Give an amount or choose lines to refund.",
  REFUND_BOTH: "Give an amount or choose lines, not both.",
  LINE_REFUNDED: "This line was already refunded.",
  REFUND_GRAMS: "The grams to refund must be more than 0 and at most the line's grams.",
  LINK_PAID: "This order is paid: there is nothing to pay by link.",
  LINK_CLOSED: "A cancelled order cannot be paid by link.",
  GATEWAY_DOWN:
    "The card gateway did not answer, so nothing was refunded and the order is unchanged. Please try again in a minute.",
} as const;

/** The owner's tolerance for weighed lines, and whether a heavier line is charged more. */
export type WeighSettings = { tolerancePercent: number; chargeOverWeight: boolean };
export const DEFAULT_WEIGH_TOLERANCE_PERCENT = 5;
export const MAX_WEIGHED_FACTOR = 10;

/** Lines (their sweets, stock and price) may change until the order leaves the kitchen. */
export const isEditable = (status: OrderStatus): boolean =>
  status === "pending" || status === "confirmed" || status === "preparing";

/** The packer weighs while preparing; a line can still be corrected until it is shipped. */
export const isWeighable = (status: OrderStatus): boolean => status === "preparing";

/** A weighed amount the desk may record for a line ordered at `orderedGrams` (grams x qty). */
export function weighedGramsValid(weighedGrams: number, orderedGrams: number): boolean {
  return (
    Number.isInteger(weighedGrams) &&
    weighedGrams > 0 &&
    weighedGrams <= orderedGrams * MAX_WEIGHED_FACTOR
  );
}

/**
 * What a weighed line is charged. Sweets are cut by hand, so within the owner's tolerance
 * (e.g. +-5%) the line is charged as ordered. Outside it the line is repriced at its own price
 * per kilo (`orderedCents` for `orderedGrams`): a lighter line is always charged less; a heavier
 * one is charged more only when the owner lets the customer pay more than ordered (off by
 * default: the customer agreed to the ordered price, never to more).
 */
export function weighedLineCents(input: {
  orderedGrams: number;
  orderedCents: Cents;
  weighedGrams: number | null;
  settings: WeighSettings;
}): Cents {
  const { orderedGrams, orderedCents, weighedGrams, settings } = input;
  if (weighedGrams === null || orderedGrams <= 0) return orderedCents;
  const tolerance = Math.max(0, settings.tolerancePercent);
  const deviation = (Math.abs(weighedGrams - orderedGrams) * 100) / orderedGrams;
  if (deviation <= tolerance) return orderedCents;
  if (weighedGrams > orderedGrams && !settings.chargeOverWeight) return orderedCents;
  return Math.round((orderedCents * weighedGrams) / orderedGrams);
}

/** What an order's snapshot says about its discount, for repricing it the way it was placed. */
export type OrderDiscountSnapshot = {
  discountPercent: number;
  discountSource: "standing" | "coupon" | "none";
};

/**
 * The totals of a changed order, by checkout's own `orderTotals`: the coupon the order won with
 * stays applied (its use was spent at checkout and is not spent again), the standing discount is
 * the one the order was placed with (an owner's later change does not reprice it), delivery is the
 * fee of the order's method (requoted when the method changed) and wrapping what it was.
 */
export function repricedTotals(input: {
  subtotalCents: Cents;
  snapshot: OrderDiscountSnapshot;
  deliveryFeeCents: Cents;
  giftWrapCents: Cents;
}): OrderTotals {
  const { snapshot } = input;
  return orderTotals({
    subtotalCents: input.subtotalCents,
    // A coupon beat the standing discount when the order was placed: it alone applies.
    standingDiscountPercent: snapshot.discountSource === "standing" ? snapshot.discountPercent : 0,
    couponPercent: snapshot.discountSource === "coupon" ? snapshot.discountPercent : null,
    deliveryFeeCents: input.deliveryFeeCents,
    giftWrapCents: input.giftWrapCents,
  });
}

/** The order's money in cents: what it costs, credits given, what was received and refunded. */
export type OrderMoney = {
  totalCents: Cents;
  creditedCents: Cents;
  receivedCents: Cents;
  refundedCents: Cents;
};

/** What the customer still owes for the order: the total less the credits given. */
export const dueCents = (money: OrderMoney): Cents =>
  Math.max(0, money.totalCents - money.creditedCents);

/** Money the shop holds for the order: received less refunded. */
export const heldCents = (money: OrderMoney): Cents =>
  Math.max(0, money.receivedCents - money.refundedCents);

/** Still to pay (0 when settled or overpaid). */
export const balanceDueCents = (money: OrderMoney): Cents =>
  Math.max(0, dueCents(money) - heldCents(money));

/** Held beyond what is owed: the shop owes it back. */
export const overpaidCents = (money: OrderMoney): Cents =>
  Math.max(0, heldCents(money) - dueCents(money));

/**
 * The payment state from the sums: nothing received is `unpaid`; everything given back is
 * `refunded`; less held than owed is `balance_due`; settled after a refund is
 * `partially_refunded`; otherwise `paid`.
 */
export function paymentState(money: OrderMoney): PaymentStatus {
  if (money.receivedCents <= 0) return "unpaid";
  const held = heldCents(money);
  if (held <= 0) return "refunded";
  if (held < dueCents(money)) return "balance_due";
  return money.refundedCents > 0 ? "partially_refunded" : "paid";
}

/**
 * A refund the desk asks for: at most what the shop holds. The part that covers an overpayment
 * (the total went down) only settles it; the rest is a credit that lowers what is owed, so the
 * order does not turn `balance_due` because a box came back.
 */
export function refundSplit(
  money: OrderMoney,
  amountCents: Cents,
): { ok: true; creditCents: Cents } | { ok: false; message: string } {
  if (!Number.isInteger(amountCents) || amountCents <= 0)
    return { ok: false, message: ORDER_CHANGE_MESSAGES.REFUND_NOTHING };
  if (amountCents > heldCents(money))
    return { ok: false, message: ORDER_CHANGE_MESSAGES.REFUND_TOO_MUCH };
  return { ok: true, creditCents: Math.max(0, amountCents - overpaidCents(money)) };
}

/** What a refund of a line (all of it, or some of its grams) gives back, at what it was charged. */
export function lineRefundCents(line: {
  chargedCents: Cents;
  chargedGrams: number;
  grams?: number | null;
}): Cents | null {
  const grams = line.grams ?? line.chargedGrams;
  if (!Number.isInteger(grams) || grams <= 0 || grams > line.chargedGrams) return null;
  return Math.round((line.chargedCents * grams) / line.chargedGrams);
}

/**
 * How a change of the total is settled, by payment method: a card order's overpayment goes
 * back through the gateway and its balance gets a payment link; cash on delivery collects the
 * new amount; a transfer (or the messaging app) shows the balance on the customer's page. An
 * order nobody paid yet needs nothing: it will be paid at its new total.
 */
export type Settlement =
  | { kind: "none" }
  | { kind: "gateway_refund"; cents: Cents }
  | { kind: "record_refund"; cents: Cents }
  | { kind: "payment_link"; cents: Cents }
  | { kind: "collect"; cents: Cents }
  | { kind: "balance_due"; cents: Cents };

export function settlement(method: PaymentMethod, money: OrderMoney): Settlement {
  const over = overpaidCents(money);
  const balance = balanceDueCents(money);
  if (money.receivedCents <= 0) {
    // Unpaid: cash on delivery collects the (new) total; the others just owe it.
    return method === "cod" ? { kind: "collect", cents: balance } : { kind: "none" };
  }
  if (over > 0)
    return method === "card"
      ? { kind: "gateway_refund", cents: over }
      : { kind: "record_refund", cents: over };
  if (balance > 0) {
    if (method === "card") return { kind: "payment_link", cents: balance };
    if (method === "cod") return { kind: "collect", cents: balance };
    return { kind: "balance_due", cents: balance };
  }
  return { kind: "none" };
}

/** A payment link is for money still owed: an unpaid order, or one with a balance due. */
export function paymentLinkRefusal(
  status: OrderStatus,
  money: OrderMoney,
): { code: 409; message: string } | null {
  if (status === "canceled") return { code: 409, message: ORDER_CHANGE_MESSAGES.LINK_CLOSED };
  if (balanceDueCents(money) <= 0) return { code: 409, message: ORDER_CHANGE_MESSAGES.LINK_PAID };
  return null;
}

/** One line of an edit's before/after, as the timeline records it. */
export type LineSnapshot = {
  line_id: number | null;
  product_id: number | null;
  name: string;
  grams: number;
  qty: number;
  weighed_grams: number | null;
  line_total: number;
};

/** The lines an edit added, removed or changed (kept lines compared by their id). */
export function lineDiff(
  before: ReadonlyArray<LineSnapshot>,
  after: ReadonlyArray<LineSnapshot>,
): {
  added: LineSnapshot[];
  removed: LineSnapshot[];
  changed: Array<{ before: LineSnapshot; after: LineSnapshot }>;
} {
  const beforeById = new Map(before.map((line) => [line.line_id, line]));
  const afterIds = new Set(after.map((line) => line.line_id));
  const added: LineSnapshot[] = [];
  const changed: Array<{ before: LineSnapshot; after: LineSnapshot }> = [];
  for (const line of after) {
    const was = line.line_id === null ? undefined : beforeById.get(line.line_id);
    if (!was) added.push(line);
    else if (
      was.grams !== line.grams ||
      was.qty !== line.qty ||
      was.weighed_grams !== line.weighed_grams ||
      was.line_total !== line.line_total
    )
      changed.push({ before: was, after: line });
  }
  const removed = before.filter((line) => !afterIds.has(line.line_id));
  return { added, removed, changed };
}

/** A hosted card page lives 30 minutes to 24 hours (the gateway's own limits). */
const LINK_MIN_MS = 31 * 60_000;
const LINK_MAX_MS = 24 * 3_600_000;

/**
 * When a payment link ends: with the order's reservation (a pending order is cancelled
 * `pendingExpiryHours` after it was placed), within the gateway's limits; an order past
 * pending holds no reservation, so its link lives the longest the gateway allows.
 */
export function paymentLinkExpiry(input: {
  now: Date;
  createdAt: Date;
  status: OrderStatus;
  pendingExpiryHours: number;
}): Date {
  const { now } = input;
  const longest = now.getTime() + LINK_MAX_MS;
  const reservationEnd =
    input.status === "pending" && input.pendingExpiryHours > 0
      ? input.createdAt.getTime() + input.pendingExpiryHours * 3_600_000
      : longest;
  const end = Math.min(longest, Math.max(reservationEnd, now.getTime() + LINK_MIN_MS));
  // Whole seconds: the gateway keeps seconds.
  return new Date(Math.floor(end / 1000) * 1000);
}
