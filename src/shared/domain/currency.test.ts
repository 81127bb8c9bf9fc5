import { describe, expect, it } from "vitest";
import {
  convertCents,
  type DisplayCurrency,
  formatDiscountIn,
  formatInCurrency,
  pickCurrencyCode,
  roundingStep,
  shownDecimals,
  USD_DISPLAY,
} from "./currency.ts";
import {
  displayCurrencies,
  KNOWN_CURRENCIES,
  type ListedCurrency,
  listableCurrency,
} from "./currency-codes.ts";
import { centsToDollars, formatDiscount, formatMoney } from "./money.ts";

/** The table's currency at a rate, with its default symbols (as the storefront receives it). */
function at(code: string, rate: number, symbol = ""): DisplayCurrency {
  const resolved = displayCurrencies([{ code, rate, symbol }]).find((c) => c.code === code);
  if (!resolved) throw new Error(`unknown ${code}`);
  return resolved;
}

describe("the currency table", () => {
  it("holds every currency the issue names, once, with ISO minor units", () => {
    const codes = KNOWN_CURRENCIES.map((c) => c.code);
    expect(new Set(codes).size).toBe(codes.length);
    for (const code of ["USD", "EUR", "GBP", "TRY", "AED", "SAR", "QAR", "SYP"])
      expect(codes).toContain(code);
    for (const c of KNOWN_CURRENCIES) {
      expect(c.code).toMatch(/^[A-Z]{3}$/);
      expect([0, 2, 3]).toContain(c.decimals);
      expect(c.symbol.length).toBeGreaterThan(0);
      expect(c.symbolAr.length).toBeGreaterThan(0);
    }
    expect(listableCurrency("USD")).toBe(false);
    expect(listableCurrency("EUR")).toBe(true);
    expect(listableCurrency("XXX")).toBe(false);
  });
});

describe("roundingStep (in minor units)", () => {
  it.each([
    ["EUR", 0.92, 1],
    ["GBP", 0.79, 1],
    ["AED", 3.6725, 1],
    ["SAR", 3.75, 1],
    ["QAR", 3.64, 1],
    ["KWD", 0.307, 1],
    ["JOD", 0.709, 1],
    ["TRY", 34.2, 100],
    ["EGP", 48.6, 100],
    ["SYP", 130, 100],
    ["SYP", 9.99, 1],
    ["SYP", 10, 100],
    ["IQD", 1310, 10_000],
    ["SYP", 13_000, 10_000],
    ["LBP", 89_500, 10_000],
    ["LBP", 100_000, 100_000],
    ["JPY", 150, 1],
    ["JPY", 15_000, 100],
    ["JOD", 1, 1], // a cent is 0.01 dinar: finer than a tenth, so fils
    ["JOD", 10, 1000], // a cent is a tenth: whole dinars
    ["EUR", 1e-6, 1],
  ])("%s at %d: %d", (code, rate, step) => {
    expect(roundingStep(at(code, rate))).toBe(step);
  });
});

describe("convertCents", () => {
  it.each([
    // code, rate, USD cents, minor units of the currency
    ["USD", 1, 1999, 1999],
    ["EUR", 0.92, 1999, 1839],
    ["EUR", 0.92, 1500, 1380],
    ["EUR", 0.9, 5, 5], // 4.5 cents rounds half away from zero
    ["EUR", 0.9, 15, 14], // 13.5 -> 14
    ["GBP", 0.79, 0, 0],
    ["AED", 3.6725, 1500, 5509], // 55.0875
    ["KWD", 0.307, 1500, 4605], // 4.605 dinars in fils
    ["TRY", 34.2, 1500, 51300], // 513.00
    ["TRY", 34.2, 1999, 68400], // 683.658 -> 684
    ["SYP", 13_000, 1500, 19_500_000], // 195,000.00
    ["SYP", 13_000, 1, 10_000], // 130 -> 100
    ["LBP", 89_500, 1999, 178_910_000], // 1,789,105 -> 1,789,100
    ["IQD", 1310, 1999, 26_190_000], // 26,186.9 -> 26,190 (in fils)
    ["JPY", 151.3, 1999, 3024], // 3,024.487
    ["EUR", 0.92, -340, -313], // discounts keep their sign
  ])("%s at %d: %d cents -> %d minor units", (code, rate, cents, minor) => {
    const currency = code === "USD" ? USD_DISPLAY : at(code, rate);
    expect(convertCents(cents, currency)).toBe(minor);
  });

  it("cleans float noise before rounding (2.675 * 100 is 267.49999...)", () => {
    expect(convertCents(2675, at("EUR", 0.1))).toBe(268);
  });
});

describe("formatInCurrency", () => {
  it.each([
    ["EUR", 0.92, 1999, "en", "€18.39"],
    ["EUR", 0.92, 1999, "ar", "\u200f18.39\u00a0€"],
    ["EUR", 0.92, 123_456_7, "en", "€11,358.02"],
    ["GBP", 0.79, 1500, "en", "£11.85"],
    ["GBP", 0.79, 1500, "ar", "\u200f11.85\u00a0£"],
    ["AED", 3.6725, 1500, "en", "AED\u00a055.09"],
    ["AED", 3.6725, 1500, "ar", "\u200f55.09\u00a0د.إ"],
    ["SAR", 3.75, 3120, "en", "SAR\u00a0117.00"],
    ["SAR", 3.75, 3120, "ar", "\u200f117.00\u00a0ر.س"],
    ["QAR", 3.64, 1000, "ar", "\u200f36.40\u00a0ر.ق"],
    ["KWD", 0.307, 1500, "en", "KWD\u00a04.605"],
    ["KWD", 0.307, 1500, "ar", "\u200f4.605\u00a0د.ك"],
    ["TRY", 34.2, 1999, "en", "₺684"],
    ["TRY", 34.2, 1999, "ar", "\u200f684\u00a0₺"],
    ["SYP", 13_000, 1500, "en", "SYP\u00a0195,000"],
    ["SYP", 13_000, 1500, "ar", "\u200f195,000\u00a0ل.س"],
    ["LBP", 89_500, 1999, "en", "LBP\u00a01,789,100"],
    ["EGP", 48.6, 3120, "ar", "\u200f1,516\u00a0ج.م"],
    ["JPY", 151.3, 1999, "en", "JP¥3,024"],
    ["EUR", 0.92, 0, "en", "€0.00"],
    ["EUR", 0.92, -1999, "en", "-€18.39"],
    ["EUR", 0.92, -1999, "ar", "\u200f\u200e-18.39\u00a0€"],
  ] as const)("%s at %d: %d cents in %s -> %s", (code, rate, cents, lang, text) => {
    const out = formatInCurrency(cents, lang, at(code, rate));
    expect(out).toBe(text);
    expect(out).not.toMatch(/[\u0660-\u0669\u06f0-\u06f9]/); // Latin digits (DECISIONS)
  });

  it("an owner's symbol is used in both languages", () => {
    const dirham = at("AED", 3.6725, "Dh");
    expect(formatInCurrency(1500, "en", dirham)).toBe("Dh\u00a055.09");
    expect(formatInCurrency(1500, "ar", dirham)).toBe("\u200f55.09\u00a0Dh");
    const lira = at("TRY", 34.2, "TL");
    expect(formatInCurrency(1999, "en", lira)).toBe("TL\u00a0684");
  });

  it.each(["en", "ar"] as const)(
    "US dollars in %s read byte for byte as formatMoney and formatDiscount write them",
    (lang) => {
      for (const cents of [0, 1, 99, 100, 1999, 123_456_789, -250]) {
        expect(formatInCurrency(cents, lang, USD_DISPLAY)).toBe(formatMoney(cents, lang));
        expect(formatDiscountIn(cents, lang, USD_DISPLAY)).toBe(formatDiscount(cents, lang));
      }
    },
  );

  // Where the table's symbol is Intl's own, the hand-made text is Intl's, over many amounts
  // (at a rate of 1, so the amount is the dollars' digits).
  it.each([
    ["EUR", "en"],
    ["EUR", "ar"],
    ["GBP", "en"],
    ["AED", "en"],
    ["SAR", "en"],
    ["KWD", "en"],
    ["JOD", "en"],
  ] as const)("%s in %s reads as Intl.NumberFormat writes it", (code, lang) => {
    const currency = at(code, 1);
    const intl = new Intl.NumberFormat(lang === "ar" ? "ar-u-nu-latn" : "en", {
      style: "currency",
      currency: code,
      minimumFractionDigits: currency.decimals,
      maximumFractionDigits: currency.decimals,
    });
    let seed = 20261124;
    for (let i = 0; i < 500; i++) {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      const cents = seed % 10 ** (1 + (i % 10));
      const minor = convertCents(cents, currency);
      expect(formatInCurrency(cents, lang, currency)).toBe(
        intl.format(minor / 10 ** currency.decimals),
      );
    }
  });

  it("shows no decimals once rounded to whole units", () => {
    expect(shownDecimals(at("TRY", 34.2))).toBe(0);
    expect(shownDecimals(at("EUR", 0.92))).toBe(2);
    expect(shownDecimals(at("KWD", 0.307))).toBe(3);
  });
});

describe("formatDiscountIn", () => {
  it.each([
    [340, "en", "\u2212€3.13"],
    [-340, "en", "\u2212€3.13"],
    [340, "ar", "\u2212\u200f3.13\u00a0€"],
    [0, "en", "€0.00"],
  ] as const)("%d cents off in %s -> %s", (cents, lang, text) => {
    expect(formatDiscountIn(cents, lang, at("EUR", 0.92))).toBe(text);
  });

  it("an amount that rounds to nothing has no minus sign", () => {
    expect(formatDiscountIn(1, "en", at("TRY", 34.2))).toBe("₺0");
    expect(formatDiscountIn(1, "en", at("SYP", 13_000))).toBe("\u2212SYP\u00a0100");
  });
});

describe("pickCurrencyCode", () => {
  const listed: ListedCurrency[] = [
    { code: "EUR", rate: 0.92, symbol: "€" },
    { code: "SYP", rate: 13_000, symbol: "SYP" },
  ];
  it.each([
    [undefined, "USD"],
    ["", "USD"],
    ["EUR", "EUR"],
    ["eur", "EUR"],
    [" SYP ", "SYP"],
    ["USD", "USD"],
    ["GBP", "USD"], // known but not listed (or removed since)
    ["XXX", "USD"],
    ["<script>", "USD"],
    ["EUR".repeat(10), "USD"],
    [42, "USD"],
  ])("cookie %j -> %s", (cookie, code) => {
    expect(pickCurrencyCode(cookie, listed)).toBe(code);
  });
});

describe("displayCurrencies", () => {
  it("puts US dollars first, resolves symbols and drops codes the table does not know", () => {
    const list = displayCurrencies([
      { code: "EUR", rate: 0.92, symbol: "" },
      { code: "ZZZ", rate: 2, symbol: "Z" },
      { code: "USD", rate: 1, symbol: "$" },
      { code: "SAR", rate: 3.75, symbol: "SAR" },
      { code: "EUR", rate: 1, symbol: "€" },
    ]);
    expect(list.map((c) => c.code)).toEqual(["USD", "EUR", "SAR"]);
    expect(list[1]).toEqual({ code: "EUR", rate: 0.92, symbol: "€", symbolAr: "€", decimals: 2 });
    expect(list[2]?.symbolAr).toBe("ر.س");
  });

  it("with nothing listed, only US dollars", () => {
    expect(displayCurrencies([])).toEqual([USD_DISPLAY]);
    expect(centsToDollars(convertCents(1999, USD_DISPLAY))).toBe(19.99);
  });
});
