import { describe, expect, it } from "vitest";
import { couponVerdict, type OrderTotals, type OrderTotalsInput, orderTotals } from "./pricing.ts";

describe("orderTotals", () => {
  it.each<[string, OrderTotalsInput, OrderTotals]>([
    [
      "SPEC defaults: 20% off, 15.00 delivery",
      { subtotalCents: 10000 },
      {
        subtotal: 10000,
        discountPercent: 20,
        discount: 2000,
        deliveryFee: 1500,
        giftWrap: 0,
        total: 9500,
        discountSource: "standing",
      },
    ],
    [
      "empty cart totals 0, no delivery",
      { subtotalCents: 0 },
      {
        subtotal: 0,
        discountPercent: 0,
        discount: 0,
        deliveryFee: 0,
        giftWrap: 0,
        total: 0,
        discountSource: "none",
      },
    ],
    [
      "empty cart ignores a coupon",
      { subtotalCents: 0, couponPercent: 50 },
      {
        subtotal: 0,
        discountPercent: 0,
        discount: 0,
        deliveryFee: 0,
        giftWrap: 0,
        total: 0,
        discountSource: "none",
      },
    ],
    [
      "odd cents: 20% of 1999 is 399.8 -> 400",
      { subtotalCents: 1999 },
      {
        subtotal: 1999,
        discountPercent: 20,
        discount: 400,
        deliveryFee: 1500,
        giftWrap: 0,
        total: 3099,
        discountSource: "standing",
      },
    ],
    [
      "one cent",
      { subtotalCents: 1 },
      {
        subtotal: 1,
        discountPercent: 20,
        discount: 0,
        deliveryFee: 1500,
        giftWrap: 0,
        total: 1501,
        discountSource: "standing",
      },
    ],
    [
      "a larger coupon replaces the standing discount",
      { subtotalCents: 10000, couponPercent: 30 },
      {
        subtotal: 10000,
        discountPercent: 30,
        discount: 3000,
        deliveryFee: 1500,
        giftWrap: 0,
        total: 8500,
        discountSource: "coupon",
      },
    ],
    [
      "a smaller coupon does not stack",
      { subtotalCents: 10000, couponPercent: 10 },
      {
        subtotal: 10000,
        discountPercent: 20,
        discount: 2000,
        deliveryFee: 1500,
        giftWrap: 0,
        total: 9500,
        discountSource: "standing",
      },
    ],
    [
      "tie: standing wins, the coupon use is kept",
      { subtotalCents: 10000, couponPercent: 20 },
      {
        subtotal: 10000,
        discountPercent: 20,
        discount: 2000,
        deliveryFee: 1500,
        giftWrap: 0,
        total: 9500,
        discountSource: "standing",
      },
    ],
    [
      "coupon rounding half up: 15% of 10 cents is 1.5 -> 2",
      { subtotalCents: 10, standingDiscountPercent: 0, couponPercent: 15, deliveryFeeCents: 0 },
      {
        subtotal: 10,
        discountPercent: 15,
        discount: 2,
        deliveryFee: 0,
        giftWrap: 0,
        total: 8,
        discountSource: "coupon",
      },
    ],
    [
      "100% coupon leaves only delivery",
      { subtotalCents: 4321, couponPercent: 100 },
      {
        subtotal: 4321,
        discountPercent: 100,
        discount: 4321,
        deliveryFee: 1500,
        giftWrap: 0,
        total: 1500,
        discountSource: "coupon",
      },
    ],
    [
      "no standing discount and no coupon",
      { subtotalCents: 5000, standingDiscountPercent: 0 },
      {
        subtotal: 5000,
        discountPercent: 0,
        discount: 0,
        deliveryFee: 1500,
        giftWrap: 0,
        total: 6500,
        discountSource: "none",
      },
    ],
    [
      "settings changed: 10% and 7.50 delivery",
      { subtotalCents: 5000, standingDiscountPercent: 10, deliveryFeeCents: 750 },
      {
        subtotal: 5000,
        discountPercent: 10,
        discount: 500,
        deliveryFee: 750,
        giftWrap: 0,
        total: 5250,
        discountSource: "standing",
      },
    ],
    [
      "null coupon is no coupon",
      { subtotalCents: 5000, couponPercent: null },
      {
        subtotal: 5000,
        discountPercent: 20,
        discount: 1000,
        deliveryFee: 1500,
        giftWrap: 0,
        total: 5500,
        discountSource: "standing",
      },
    ],
    [
      "out-of-range percents are clamped",
      { subtotalCents: 5000, standingDiscountPercent: -5, couponPercent: 150 },
      {
        subtotal: 5000,
        discountPercent: 100,
        discount: 5000,
        deliveryFee: 1500,
        giftWrap: 0,
        total: 1500,
        discountSource: "coupon",
      },
    ],
    [
      "gift wrapping (issue 29) is added after the discount, never discounted",
      { subtotalCents: 10000, giftWrapCents: 300 },
      {
        subtotal: 10000,
        discountPercent: 20,
        discount: 2000,
        deliveryFee: 1500,
        giftWrap: 300,
        total: 9800,
        discountSource: "standing",
      },
    ],
    [
      "free gift wrapping costs nothing",
      { subtotalCents: 10000, giftWrapCents: 0, deliveryFeeCents: 0 },
      {
        subtotal: 10000,
        discountPercent: 20,
        discount: 2000,
        deliveryFee: 0,
        giftWrap: 0,
        total: 8000,
        discountSource: "standing",
      },
    ],
    [
      "an empty cart charges no wrapping",
      { subtotalCents: 0, giftWrapCents: 300 },
      {
        subtotal: 0,
        discountPercent: 0,
        discount: 0,
        deliveryFee: 0,
        giftWrap: 0,
        total: 0,
        discountSource: "none",
      },
    ],
  ])("%s", (_case, input, expected) => {
    expect(orderTotals(input)).toEqual(expected);
  });

  it.each([1, 2, 3, 7, 99, 1999, 2500, 12345, 99999, 1_000_001])(
    "defaults equal SPEC's total = 0.8 x subtotal + 15 (subtotal %d cents)",
    (subtotalCents) => {
      expect(orderTotals({ subtotalCents }).total).toBe(Math.round(0.8 * subtotalCents) + 1500);
    },
  );
});

describe("couponVerdict (issue 29.13: what the cart says about a checked code)", () => {
  it.each<[number, number, ReturnType<typeof couponVerdict>]>([
    [20, 30, "applied"],
    [10, 10, "equal"],
    [0, 0, "equal"],
    [20, 15, "smaller"],
    [0, 5, "applied"],
    [100, 120, "equal"],
  ])("standing %i%%, code %i%% -> %s", (standing, coupon, verdict) => {
    expect(couponVerdict(standing, coupon)).toBe(verdict);
  });

  it("agrees with orderTotals on which discount is used", () => {
    for (const [standing, coupon] of [
      [10, 10],
      [20, 30],
      [20, 15],
    ] as const) {
      const source = orderTotals({
        subtotalCents: 10_000,
        standingDiscountPercent: standing,
        couponPercent: coupon,
      }).discountSource;
      expect(source === "coupon").toBe(couponVerdict(standing, coupon) === "applied");
    }
  });
});
