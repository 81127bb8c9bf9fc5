import { describe, expect, it } from "vitest";
import { businessDate } from "./business-time.ts";
import {
  type CouponProblem,
  type CouponState,
  couponProblem,
  isExpired,
  normaliseCouponCode,
} from "./coupons.ts";

describe("businessDate", () => {
  it.each([
    ["2026-03-10T12:00:00Z", "Asia/Damascus", "2026-03-10"],
    ["2026-03-10T20:59:59Z", "Asia/Damascus", "2026-03-10"],
    ["2026-03-10T21:00:00Z", "Asia/Damascus", "2026-03-11"],
    ["2026-03-10T21:30:00Z", "Asia/Damascus", "2026-03-11"],
    ["2026-12-31T21:00:00Z", "Asia/Damascus", "2027-01-01"],
    ["2026-03-10T21:30:00Z", "UTC", "2026-03-10"],
    ["2026-03-10T02:00:00Z", "America/New_York", "2026-03-09"],
  ])("%s in %s -> %s", (iso, tz, date) => {
    expect(businessDate(new Date(iso), tz)).toBe(date);
  });

  it("defaults to Damascus", () => {
    expect(businessDate(new Date("2026-03-10T21:30:00Z"))).toBe("2026-03-11");
  });
});

describe("isExpired", () => {
  it.each<[string | null, string, boolean]>([
    [null, "2026-03-10T12:00:00Z", false],
    ["2026-03-10", "2026-03-10T12:00:00Z", false], // the day itself is still valid
    ["2026-03-10", "2026-03-09T23:00:00Z", false], // already the 10th in Damascus
    ["2026-03-10", "2026-03-10T20:59:59Z", false], // 23:59:59 in Damascus
    ["2026-03-10", "2026-03-10T21:00:00Z", true], // midnight in Damascus
    ["2026-03-10", "2026-03-10T21:30:00Z", true], // 2026-03-11 in Damascus, still the 10th in UTC
    ["2026-03-11", "2026-03-10T21:30:00Z", false],
    ["2026-03-09", "2026-03-10T00:00:00Z", true],
    ["2027-01-01", "2026-12-31T20:00:00Z", false],
    ["2026-12-31", "2027-01-01T00:00:00Z", true],
    ["2026-03-10T00:00:00.000Z", "2026-03-10T12:00:00Z", false], // timestamp form: date part only
  ])("expire_at %s at %s -> %s", (expireAt, now, expected) => {
    expect(isExpired(expireAt, new Date(now))).toBe(expected);
  });

  it.each([["tomorrow"], [""], ["10/03/2026"]])("rejects %j", (expireAt) => {
    expect(() => isExpired(expireAt, new Date())).toThrow(RangeError);
  });
});

describe("couponProblem", () => {
  const now = new Date("2026-03-10T21:30:00Z"); // 2026-03-11 00:30 in Damascus
  const coupon = (over: Partial<CouponState> = {}): CouponState => ({
    code: "EID20",
    discountPercent: 20,
    maxUses: 10,
    uses: 0,
    expireAt: null,
    ...over,
  });

  it.each<[string, CouponState | null, CouponProblem | null]>([
    ["no such coupon", null, "unknown"],
    ["valid, no limits", coupon({ maxUses: null }), null],
    ["uses left", coupon({ uses: 9 }), null],
    ["used up", coupon({ uses: 10 }), "used_up"],
    ["over-used", coupon({ uses: 11 }), "used_up"],
    ["unlimited uses", coupon({ maxUses: null, uses: 1000 }), null],
    ["expires today (Damascus)", coupon({ expireAt: "2026-03-11" }), null],
    ["expired yesterday (Damascus), today in UTC", coupon({ expireAt: "2026-03-10" }), "expired"],
    [
      "expired and used up: expiry reported",
      coupon({ expireAt: "2026-01-01", uses: 10 }),
      "expired",
    ],
  ])("%s", (_case, value, expected) => {
    expect(couponProblem(value, now)).toBe(expected);
  });
});

describe("normaliseCouponCode", () => {
  it.each([
    ["eid20", "EID20"],
    ["  Eid20 ", "EID20"],
    ["RAMADAN-2026", "RAMADAN-2026"],
    ["", ""],
  ])("%j -> %j", (code, expected) => {
    expect(normaliseCouponCode(code)).toBe(expected);
  });
});
