/** The order lifecycle, in its normal order. "canceled" (one l) is the API's spelling. */
export const ORDER_STATUSES = [
  "pending",
  "confirmed",
  "preparing",
  "shipped",
  "completed",
  "canceled",
] as const;

export type OrderStatus = (typeof ORDER_STATUSES)[number];

// Once shipped, the sweets are with the courier and can no longer be pulled back, so
// cancelling stops at "preparing".
const TRANSITIONS: Readonly<Record<OrderStatus, ReadonlyArray<OrderStatus>>> = {
  pending: ["confirmed", "canceled"],
  confirmed: ["preparing", "canceled"],
  preparing: ["shipped", "canceled"],
  shipped: ["completed"],
  completed: [],
  canceled: [],
};

export function isOrderStatus(value: unknown): value is OrderStatus {
  return typeof value === "string" && (ORDER_STATUSES as ReadonlyArray<string>).includes(value);
}

export function nextStatuses(from: OrderStatus): ReadonlyArray<OrderStatus> {
  return TRANSITIONS[from];
}

export function canTransition(from: OrderStatus, to: OrderStatus): boolean {
  return TRANSITIONS[from].includes(to);
}

/** Carries both states so the API can answer 409 with a message naming them. */
export class OrderTransitionError extends Error {
  override readonly name = "OrderTransitionError";

  constructor(
    readonly from: OrderStatus,
    readonly to: OrderStatus,
  ) {
    super(`An order cannot go from ${from} to ${to}`);
  }
}

export function assertTransition(from: OrderStatus, to: OrderStatus): void {
  if (!canTransition(from, to)) throw new OrderTransitionError(from, to);
}

/** Stock reserved at ordering goes back on the shelf when an order is cancelled. */
export function returnsStock(from: OrderStatus, to: OrderStatus): boolean {
  return to === "canceled" && canTransition(from, to);
}

export type StatusGroup = "in_progress" | "delivered" | "cancelled";

/** The customer's order tabs: delivered (= completed) and cancelled, plus in progress. */
export function statusGroup(status: OrderStatus): StatusGroup {
  if (status === "completed") return "delivered";
  if (status === "canceled") return "cancelled";
  return "in_progress";
}

/** Completed green, Canceled red, anything else yellow. */
export function badgeTone(status: OrderStatus): "green" | "red" | "yellow" {
  if (status === "completed") return "green";
  if (status === "canceled") return "red";
  return "yellow";
}
