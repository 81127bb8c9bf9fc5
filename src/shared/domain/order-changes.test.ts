import { describe, expect, it } from "vitest";
import {
  balanceDueCents,
  isEditable,
  isWeighable,
  type LineSnapshot,
  lineDiff,
  lineRefundCents,
  ORDER_CHANGE_MESSAGES,
  type OrderMoney,
  paymentLinkExpiry,
  paymentLinkRefusal,
  paymentState,
  refundSplit,
  repricedTotals,
  settlement,
  weighedGramsValid,
  weighedLineCents,
} from "./order-changes.ts";
import type { OrderStatus } from "./order-states.ts";
import type { PaymentMethod, PaymentStatus } from "./payments.ts";
import { orderTotals } from "./pricing.ts";

const money = (m: Partial<OrderMoney>): OrderMoney => ({
  totalCents: 10_000,
  creditedCents: 0,
  receivedCents: 0,
  refundedCents: 0,
  ...m,
});

describe("weighedLineCents: a 1 kg line at 20.00 weighed", () => {
  const off = { tolerancePercent: 5, chargeOverWeight: false };
  const on = { tolerancePercent: 5, chargeOverWeight: true };
  const none = { tolerancePercent: 0, chargeOverWeight: true };
  it.each([
    ["not weighed", null, off, 2000],
    ["exactly", 1000, off, 2000],
    ["1,040 g: inside 5%", 1040, off, 2000],
    ["1,040 g: inside 5%, charging more on", 1040, on, 2000],
    ["960 g: inside 5%", 960, off, 2000],
    ["1,050 g: on the edge", 1050, on, 2000],
    ["950 g: on the edge", 950, off, 2000],
    ["1,100 g: over, charging more off", 1100, off, 2000],
    ["1,100 g: over, charging more on", 1100, on, 2200],
    ["900 g: under, always less", 900, off, 1800],
    ["900 g: under, charging more on", 900, on, 1800],
    ["1,040 g without tolerance, charging more on", 1040, none, 2080],
    ["333 g: rounded to the cent", 333, off, 666],
  ] as const)("%s", (_label, weighed, settings, cents) => {
    expect(
      weighedLineCents({
        orderedGrams: 1000,
        orderedCents: 2000,
        weighedGrams: weighed,
        settings,
      }),
    ).toBe(cents);
  });

  it.each([
    [1, 1000, true],
    [10_000, 1000, true],
    [10_001, 1000, false],
    [0, 1000, false],
    [-5, 1000, false],
    [10.5, 1000, false],
  ])("weighed %s g of %s g ordered is valid: %s", (weighed, ordered, ok) => {
    expect(weighedGramsValid(weighed, ordered)).toBe(ok);
  });
});

describe("repricedTotals: the same pricing as checkout", () => {
  it.each([
    [
      "standing 20% as placed",
      { discountPercent: 20, discountSource: "standing" as const },
      30,
      { discount: 1000, total: 5500, discountSource: "standing" },
    ],
    [
      "a 25% coupon stays after an edit",
      { discountPercent: 25, discountSource: "coupon" as const },
      20,
      { discount: 1250, total: 5250, discountSource: "coupon" },
    ],
    [
      "a coupon stays (the standing discount of today is not read)",
      { discountPercent: 25, discountSource: "coupon" as const },
      40,
      { discount: 1250, total: 5250, discountSource: "coupon" },
    ],
    [
      "no discount stays none",
      { discountPercent: 0, discountSource: "none" as const },
      20,
      { discount: 0, total: 6500, discountSource: "none" },
    ],
  ])("%s", (_label, snapshot, _standing, expected) => {
    const totals = repricedTotals({
      subtotalCents: 5000,
      snapshot,
      deliveryFeeCents: 1500,
      giftWrapCents: 0,
    });
    expect(totals).toMatchObject(expected);
  });

  it("equals checkout's orderTotals for the same inputs (wrapping and zone fee included)", () => {
    const repriced = repricedTotals({
      subtotalCents: 12_345,
      snapshot: { discountPercent: 20, discountSource: "standing" },
      deliveryFeeCents: 700,
      giftWrapCents: 300,
    });
    expect(repriced).toEqual(
      orderTotals({
        subtotalCents: 12_345,
        standingDiscountPercent: 20,
        deliveryFeeCents: 700,
        giftWrapCents: 300,
      }),
    );
  });
});

describe("paymentState", () => {
  it.each<[string, Partial<OrderMoney>, PaymentStatus, number]>([
    ["nothing received", {}, "unpaid", 10_000],
    ["paid in full", { receivedCents: 10_000 }, "paid", 0],
    [
      "total went up after paying",
      { totalCents: 12_000, receivedCents: 10_000 },
      "balance_due",
      2000,
    ],
    [
      "total went down, difference refunded",
      { totalCents: 9000, receivedCents: 10_000, refundedCents: 1000 },
      "partially_refunded",
      0,
    ],
    [
      "total went down, not yet refunded (overpaid)",
      { totalCents: 9000, receivedCents: 10_000 },
      "paid",
      0,
    ],
    [
      "a box returned: refund with a credit",
      { receivedCents: 10_000, refundedCents: 3000, creditedCents: 3000 },
      "partially_refunded",
      0,
    ],
    [
      "everything refunded",
      { receivedCents: 10_000, refundedCents: 10_000, creditedCents: 10_000 },
      "refunded",
      0,
    ],
    ["balance paid by link", { totalCents: 12_000, receivedCents: 12_000 }, "paid", 0],
  ])("%s", (_label, m, state, balance) => {
    expect(paymentState(money(m))).toBe(state);
    expect(balanceDueCents(money(m))).toBe(balance);
  });
});

describe("refundSplit: never more than held; an overpayment is settled first", () => {
  it.each<[string, Partial<OrderMoney>, number, { ok: boolean; creditCents?: number }]>([
    [
      "part of a paid order: all credit",
      { receivedCents: 10_000 },
      2500,
      { ok: true, creditCents: 2500 },
    ],
    ["all of it", { receivedCents: 10_000 }, 10_000, { ok: true, creditCents: 10_000 }],
    ["one cent more than received", { receivedCents: 10_000 }, 10_001, { ok: false }],
    [
      "after an earlier refund, the rest at most",
      { receivedCents: 10_000, refundedCents: 4000, creditedCents: 4000 },
      6001,
      { ok: false },
    ],
    [
      "an overpayment is settled before credit",
      { totalCents: 9000, receivedCents: 10_000 },
      1500,
      { ok: true, creditCents: 500 },
    ],
    ["nothing", { receivedCents: 10_000 }, 0, { ok: false }],
    ["unpaid", {}, 100, { ok: false }],
  ])("%s", (_label, m, amount, expected) => {
    expect(refundSplit(money(m), amount)).toMatchObject(expected);
  });

  it.each([
    [{ chargedCents: 2000, chargedGrams: 1000 }, 2000],
    [{ chargedCents: 2000, chargedGrams: 1000, grams: 250 }, 500],
    [{ chargedCents: 2000, chargedGrams: 1000, grams: 1001 }, null],
    [{ chargedCents: 2000, chargedGrams: 1000, grams: 0 }, null],
  ])("a line refund of %o is %s", (line, cents) => {
    expect(lineRefundCents(line)).toBe(cents);
  });
});

describe("settlement by payment method", () => {
  it.each<[PaymentMethod, Partial<OrderMoney>, ReturnType<typeof settlement>]>([
    ["card", { totalCents: 9000, receivedCents: 10_000 }, { kind: "gateway_refund", cents: 1000 }],
    ["card", { totalCents: 12_000, receivedCents: 10_000 }, { kind: "payment_link", cents: 2000 }],
    ["cod", { totalCents: 12_000 }, { kind: "collect", cents: 12_000 }],
    ["cod", { totalCents: 12_000, receivedCents: 10_000 }, { kind: "collect", cents: 2000 }],
    [
      "bank_transfer",
      { totalCents: 12_000, receivedCents: 10_000 },
      { kind: "balance_due", cents: 2000 },
    ],
    [
      "bank_transfer",
      { totalCents: 9000, receivedCents: 10_000 },
      { kind: "record_refund", cents: 1000 },
    ],
    ["bank_transfer", { totalCents: 12_000 }, { kind: "none" }],
    ["card", { receivedCents: 10_000 }, { kind: "none" }],
  ])("%s %o", (method, m, expected) => {
    expect(settlement(method, money(m))).toEqual(expected);
  });
});

describe("which orders change", () => {
  it.each<[OrderStatus, boolean, boolean]>([
    ["pending", true, false],
    ["confirmed", true, false],
    ["preparing", true, true],
    ["shipped", false, false],
    ["completed", false, false],
    ["canceled", false, false],
  ])("%s: editable %s, weighable %s", (status, editable, weighable) => {
    expect(isEditable(status)).toBe(editable);
    expect(isWeighable(status)).toBe(weighable);
  });

  it.each<[OrderStatus, Partial<OrderMoney>, string | null]>([
    ["pending", {}, null],
    ["confirmed", { totalCents: 12_000, receivedCents: 10_000 }, null],
    ["pending", { receivedCents: 10_000 }, ORDER_CHANGE_MESSAGES.LINK_PAID],
    ["canceled", {}, ORDER_CHANGE_MESSAGES.LINK_CLOSED],
  ])("a payment link for %s %o: %s", (status, m, message) => {
    expect(paymentLinkRefusal(status, money(m))?.message ?? null).toBe(message);
  });
});

describe("lineDiff", () => {
  const line = (id: number | null, grams: number, total: number): LineSnapshot => ({
    line_id: id,
    product_id: 1,
    name: "Maamoul",
    grams,
    qty: 1,
    weighed_grams: null,
    line_total: total,
  });
  it("names added, removed and changed lines", () => {
    const diff = lineDiff(
      [line(1, 1000, 20), line(2, 500, 10)],
      [line(1, 1500, 30), line(null, 500, 10)],
    );
    expect(diff.added).toEqual([line(null, 500, 10)]);
    expect(diff.removed).toEqual([line(2, 500, 10)]);
    expect(diff.changed).toEqual([{ before: line(1, 1000, 20), after: line(1, 1500, 30) }]);
  });
});

describe("paymentLinkExpiry: with the order's reservation, within the gateway's limits", () => {
  const now = new Date("2026-05-01T10:00:00Z");
  it.each<[string, string, OrderStatus, number, string]>([
    [
      "pending, 48 h reservation placed 30 h ago",
      "2026-04-30T04:00:00Z",
      "pending",
      48,
      "2026-05-02T04:00:00.000Z",
    ],
    [
      "pending, reservation ends in 2 h",
      "2026-04-29T12:00:00Z",
      "pending",
      48,
      "2026-05-01T12:00:00.000Z",
    ],
    [
      "pending, reservation ends in 5 minutes: the gateway's shortest",
      "2026-04-29T10:05:00Z",
      "pending",
      48,
      "2026-05-01T10:31:00.000Z",
    ],
    [
      "pending, reservations never end",
      "2026-04-30T04:00:00Z",
      "pending",
      0,
      "2026-05-02T10:00:00.000Z",
    ],
    [
      "confirmed: no reservation",
      "2026-04-20T04:00:00Z",
      "confirmed",
      48,
      "2026-05-02T10:00:00.000Z",
    ],
  ])("%s", (_label, created, status, hours, expected) => {
    expect(
      paymentLinkExpiry({
        now,
        createdAt: new Date(created),
        status,
        pendingExpiryHours: hours,
      }).toISOString(),
    ).toBe(expected);
  });
});
