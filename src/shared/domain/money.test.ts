import { describe, expect, it } from "vitest";
import { centsToDollars, formatDiscount, formatMoney, percentOf, toCents } from "./money.ts";

describe("toCents", () => {
  it.each([
    [0, 0],
    [1, 100],
    [15, 1500],
    [0.01, 1],
    [1.005, 101],
    [1.015, 102],
    [2.675, 268],
    [8.345, 835],
    [10.235, 1024],
    [0.1 + 0.2, 30],
    [19.99, 1999],
    [1.004, 100],
    [-1.005, -101],
    [-0.004, 0],
    [300, 30000],
    [123456.785, 12345679],
  ])("%d dollars -> %d cents", (dollars, cents) => {
    expect(toCents(dollars)).toBe(cents);
  });

  it.each([[Number.NaN], [Number.POSITIVE_INFINITY]])("rejects %d", (value) => {
    expect(() => toCents(value)).toThrow(RangeError);
  });
});

describe("centsToDollars", () => {
  it.each([
    [0, 0],
    [1, 0.01],
    [101, 1.01],
    [1500, 15],
    [1999, 19.99],
    [-250, -2.5],
  ])("%d cents -> %d dollars", (cents, dollars) => {
    expect(centsToDollars(cents)).toBe(dollars);
  });

  it.each([[1], [99], [12345], [100001]])("round-trips %d cents", (cents) => {
    expect(toCents(centsToDollars(cents))).toBe(cents);
  });
});

describe("formatMoney", () => {
  it.each([
    [0, "en", "USD", "$0.00"],
    [1500, "en", "USD", "$15.00"],
    [123450, "en", "USD", "$1,234.50"],
    [1999, "en", "EUR", "€19.99"],
  ] as const)("%d in %s (%s) -> %s", (cents, lang, currency, text) => {
    expect(formatMoney(cents, lang, currency)).toBe(text);
  });

  it.each([
    [0, "0.00"],
    [1500, "15.00"],
    [123450, "1,234.50"],
  ])("Arabic keeps Latin digits: %d -> contains %s", (cents, digits) => {
    const text = formatMoney(cents, "ar");
    expect(text).toContain(digits);
    expect(text).not.toMatch(/[\u0660-\u0669\u06f0-\u06f9]/);
  });

  it.each(["en", "ar"] as const)(
    "dollars in %s read exactly as Intl.NumberFormat writes them, over many amounts",
    (lang) => {
      const intl = new Intl.NumberFormat(lang === "ar" ? "ar-u-nu-latn" : "en", {
        style: "currency",
        currency: "USD",
        minimumFractionDigits: 2,
        maximumFractionDigits: 2,
      });
      const amounts = [1, 5, 99, 100, 101, 99_999, 100_000, 123_456_789, 10 ** 12 + 7];
      // A fixed pseudo-random walk over 1 to 12 digits (deterministic: same amounts every run).
      let seed = 20261123;
      for (let i = 0; i < 2000; i++) {
        seed = (seed * 1103515245 + 12345) % 2 ** 31;
        amounts.push(1 + (seed % 10 ** (1 + (i % 12))));
      }
      for (const cents of [0, ...amounts, ...amounts.map((c) => -c)]) {
        expect(formatMoney(cents, lang)).toBe(intl.format(centsToDollars(cents)));
      }
    },
  );

  it("defaults to USD", () => {
    expect(formatMoney(100, "en")).toBe(formatMoney(100, "en", "USD"));
  });
});

describe("percentOf", () => {
  it.each([
    [10000, 20, 2000],
    [0, 20, 0],
    [1, 20, 0],
    [3, 20, 1],
    [10, 15, 2],
    [10, 5, 1],
    [9, 5, 0],
    [1999, 20, 400],
    [1234, 100, 1234],
    [1234, 0, 0],
    [1000, 12.5, 125],
    [333, 33.3, 111],
  ])("%d cents x %d%% -> %d", (cents, percent, result) => {
    expect(percentOf(cents, percent)).toBe(result);
  });
});

describe("formatDiscount", () => {
  // Issue 29.14: the account's orders showed a discount as "$3.40", with no minus sign.
  it.each([
    [340, "en", "\u2212$3.40"],
    [-340, "en", "\u2212$3.40"],
    [123450, "en", "\u2212$1,234.50"],
    [0, "en", "$0.00"],
    [340, "ar", "\u2212\u200f3.40\u00a0US$"],
    [0, "ar", "\u200f0.00\u00a0US$"],
  ] as const)("%i cents in %s -> %s", (cents, lang, text) => {
    expect(formatDiscount(cents, lang)).toBe(text);
  });
});
