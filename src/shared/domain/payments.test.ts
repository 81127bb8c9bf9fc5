import { describe, expect, it } from "vitest";
import type { OrderStatus } from "./order-states.ts";
import {
  markPaidRefusal,
  offeredPaymentMethods,
  PAYMENT_MESSAGES,
  type PaymentStatus,
  pendingCutoff,
  refundRefusal,
} from "./payments.ts";

describe("markPaidRefusal", () => {
  it.each<[OrderStatus, PaymentStatus, string | null]>([
    ["pending", "unpaid", null],
    ["confirmed", "unpaid", null],
    ["shipped", "unpaid", null],
    ["completed", "unpaid", null],
    ["canceled", "unpaid", PAYMENT_MESSAGES.CANCELLED_UNPAID],
    ["pending", "paid", PAYMENT_MESSAGES.ALREADY_PAID],
    ["canceled", "paid", PAYMENT_MESSAGES.ALREADY_PAID],
    ["completed", "refunded", PAYMENT_MESSAGES.REFUNDED],
    ["canceled", "refunded", PAYMENT_MESSAGES.REFUNDED],
  ])("an order %s and %s: %s", (status, payment, message) => {
    expect(markPaidRefusal(status, payment)?.message ?? null).toBe(message);
  });
});

describe("refundRefusal", () => {
  it.each<[PaymentStatus, string | null]>([
    ["paid", null],
    ["unpaid", PAYMENT_MESSAGES.REFUND_UNPAID],
    ["refunded", PAYMENT_MESSAGES.REFUND_UNPAID],
  ])("%s: %s", (payment, message) => {
    expect(refundRefusal(payment)?.message ?? null).toBe(message);
  });
});

describe("pendingCutoff", () => {
  const now = new Date("2026-11-25T12:00:00.000Z");
  it.each<[number, string | null]>([
    [48, "2026-11-23T12:00:00.000Z"],
    [1, "2026-11-25T11:00:00.000Z"],
    [0, null],
    [-3, null],
    [Number.NaN, null],
  ])("%s hours: %s", (hours, cutoff) => {
    expect(pendingCutoff(now, hours)?.toISOString() ?? null).toBe(cutoff);
  });
});

describe("offeredPaymentMethods", () => {
  it.each<[boolean, string[]]>([
    [false, ["cod", "bank_transfer", "messaging_app"]],
    [true, ["cod", "bank_transfer", "messaging_app", "card"]],
  ])("card configured %s -> %j", (card, expected) => {
    expect(offeredPaymentMethods(card)).toEqual(expected);
  });
});
