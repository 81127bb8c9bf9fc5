import { type Cents, percentOf } from "./money.ts";

/** The shop's defaults (20% off, 15.00 delivery), also the seed values of the shop settings. */
export const DEFAULT_STANDING_DISCOUNT_PERCENT = 20;
export const DEFAULT_DELIVERY_FEE_CENTS: Cents = 1500;

export type DiscountSource = "standing" | "coupon" | "none";

export type OrderTotalsInput = {
  subtotalCents: Cents;
  standingDiscountPercent?: number;
  couponPercent?: number | null;
  deliveryFeeCents?: Cents;
  /** Gift wrapping: the owner's price when the shopper asked for it, else 0. */
  giftWrapCents?: Cents;
};

export type OrderTotals = {
  subtotal: Cents;
  discountPercent: number;
  discount: Cents;
  deliveryFee: Cents;
  giftWrap: Cents;
  total: Cents;
  discountSource: DiscountSource;
};

const clampPercent = (percent: number): number =>
  Number.isFinite(percent) ? Math.min(100, Math.max(0, percent)) : 0;

/**
 * The cart summary and the order total: total = subtotal - discount + delivery
 * (+ gift wrapping when asked for), which with the defaults is 0.8 x subtotal + 15.00.
 * Discounts apply to the sweets only, never to delivery or wrapping.
 *
 * Coupon and standing discount never stack; the larger percent wins. On a tie the standing
 * discount is used: the coupon would add nothing, so `discountSource` stays "standing" and
 * the server does not spend one of the coupon's uses on it.
 *
 * An empty cart totals 0: no delivery is charged for nothing.
 */
export function orderTotals({
  subtotalCents,
  standingDiscountPercent = DEFAULT_STANDING_DISCOUNT_PERCENT,
  couponPercent = null,
  deliveryFeeCents = DEFAULT_DELIVERY_FEE_CENTS,
  giftWrapCents = 0,
}: OrderTotalsInput): OrderTotals {
  if (subtotalCents <= 0) {
    return {
      subtotal: 0,
      discountPercent: 0,
      discount: 0,
      deliveryFee: 0,
      giftWrap: 0,
      total: 0,
      discountSource: "none",
    };
  }

  const standing = clampPercent(standingDiscountPercent);
  const coupon = couponPercent == null ? 0 : clampPercent(couponPercent);
  const discountSource: DiscountSource =
    coupon > standing ? "coupon" : standing > 0 ? "standing" : "none";
  const discountPercent = Math.max(standing, coupon);
  const discount = percentOf(subtotalCents, discountPercent);

  return {
    subtotal: subtotalCents,
    discountPercent,
    discount,
    deliveryFee: deliveryFeeCents,
    giftWrap: giftWrapCents,
    total: subtotalCents - discount + deliveryFeeCents + giftWrapCents,
    discountSource,
  };
}

/**
 * What a checked coupon does beside the standing discount, for the words the cart shows
 *: it applies when larger, and on a tie or when smaller the standing discount
 * stays (`orderTotals` above), which the shopper is told in so many words.
 */
export function couponVerdict(
  standingPercent: number,
  couponPercent: number,
): "applied" | "equal" | "smaller" {
  const standing = clampPercent(standingPercent);
  const coupon = clampPercent(couponPercent);
  if (coupon > standing) return "applied";
  return coupon === standing ? "equal" : "smaller";
}

export type CouponScope = "all" | "sweets" | "dishes";
export const COUPON_SCOPES = ["all", "sweets", "dishes"] as const;

/** What a percentage discount is taken from: the sweets, plus the dishes when the rule says so. */
export function discountBase(
  sweetsCents: number,
  dishCents: number,
  scope: CouponScope | "standing",
  standingIncludesDishes: boolean,
): number {
  switch (scope) {
    case "sweets":
      return sweetsCents;
    case "dishes":
      return dishCents;
    case "all":
      return sweetsCents + dishCents;
    case "standing":
      return standingIncludesDishes ? sweetsCents + dishCents : sweetsCents;
  }
}
