import { describe, expect, it } from "vitest";
import {
  DEFAULT_OPTION_GRAMS,
  defaultOptions,
  effectivePerKg,
  FALLBACK_BASE_PRICE_CENTS,
  fallbackOptions,
  isInStock,
  type OptionPrice,
  optionLabel,
  optionPrice,
  optionPrices,
  type PricedProduct,
  type WeightOption,
} from "./weight-options.ts";

describe("optionPrice", () => {
  it.each([
    [2000, 1000, undefined, 2000],
    [2000, 500, undefined, 1000],
    [2000, 250, undefined, 500],
    [2000, 2500, undefined, 5000],
    [1999, 500, undefined, 1000], // 999.5 rounds up
    [1001, 333, undefined, 333], // 333.333
    [3333, 1500, undefined, 5000], // 4999.5 rounds up
    [2000, 500, 900, 900],
    [2000, 500, null, 1000],
    [2000, 500, 0, 0],
    [0, 1000, undefined, 0],
  ])("%d/kg x %d g (override %s) -> %d", (perKg, grams, override, expected) => {
    expect(optionPrice(perKg, grams, override)).toBe(expected);
  });
});

describe("effectivePerKg", () => {
  it.each([
    [2000, undefined, 2000],
    [2000, null, 2000],
    [2000, 1500, 1500],
    [2000, 1999, 1999],
    [2000, 2000, 2000],
    [2000, 2500, 2000], // never above the price
    [2000, 0, 2000], // 0 means "no discount"
    [2000, -100, 2000],
  ])("price %d, discount %s -> %d", (price, discount, expected) => {
    expect(effectivePerKg(price, discount)).toBe(expected);
  });
});

describe("optionPrices", () => {
  const options: WeightOption[] = [
    { label: "Half kilo", grams: 500 },
    { grams: 1000 },
    { grams: 2000, priceCents: 3500 },
  ];

  it.each<[string, PricedProduct, OptionPrice[]]>([
    [
      "no discount",
      { pricePerKgCents: 2000, options },
      [
        {
          label: "Half kilo",
          grams: 500,
          regularCents: 1000,
          effectiveCents: 1000,
          discounted: false,
        },
        { grams: 1000, regularCents: 2000, effectiveCents: 2000, discounted: false },
        { grams: 2000, regularCents: 3500, effectiveCents: 3500, discounted: false },
      ],
    ],
    [
      "25% discount, override scaled by the same ratio",
      { pricePerKgCents: 2000, discountPerKgCents: 1500, options },
      [
        {
          label: "Half kilo",
          grams: 500,
          regularCents: 1000,
          effectiveCents: 750,
          discounted: true,
        },
        { grams: 1000, regularCents: 2000, effectiveCents: 1500, discounted: true },
        { grams: 2000, regularCents: 3500, effectiveCents: 2625, discounted: true },
      ],
    ],
    [
      "odd ratio rounds to the nearest cent",
      {
        pricePerKgCents: 3000,
        discountPerKgCents: 2000,
        options: [{ grams: 1000, priceCents: 1000 }],
      },
      [{ grams: 1000, regularCents: 1000, effectiveCents: 667, discounted: true }],
    ],
    [
      "issue 29.17, the owner's case: 2 kg at its own 85 with 50 -> 45 per kg sells at 76.50 (ADR 0029)",
      {
        pricePerKgCents: 5000,
        discountPerKgCents: 4500,
        options: [{ grams: 2000, priceCents: 8500 }],
      },
      [{ grams: 2000, regularCents: 8500, effectiveCents: 7650, discounted: true }],
    ],
    [
      "no options sells by the kilo",
      { pricePerKgCents: 2500, discountPerKgCents: 2000, options: [] },
      [{ grams: 1000, regularCents: 2500, effectiveCents: 2000, discounted: true }],
    ],
    [
      "options null",
      { pricePerKgCents: 2500, options: null },
      [{ grams: 1000, regularCents: 2500, effectiveCents: 2500, discounted: false }],
    ],
    [
      "discount above price is ignored",
      { pricePerKgCents: 2000, discountPerKgCents: 2100 },
      [{ grams: 1000, regularCents: 2000, effectiveCents: 2000, discounted: false }],
    ],
  ])("%s", (_case, product, expected) => {
    expect(optionPrices(product)).toEqual(expected);
  });
});

describe("defaults", () => {
  it("sells by the kilo without options", () => {
    expect(defaultOptions()).toEqual([{ grams: DEFAULT_OPTION_GRAMS }]);
    expect(DEFAULT_OPTION_GRAMS).toBe(1000);
  });

  it.each([
    [undefined, [30000, 60000, 90000, 120000, 150000]],
    [1000, [1000, 2000, 3000, 4000, 5000]],
  ])("fallbackOptions(%s): 1 to 5 kg at multiples of the base", (base, prices) => {
    expect(FALLBACK_BASE_PRICE_CENTS).toBe(30000);
    const options = fallbackOptions(base);
    expect(options.map((o) => o.grams)).toEqual([1000, 2000, 3000, 4000, 5000]);
    expect(options.map((o) => o.priceCents)).toEqual(prices);
  });
});

describe("optionLabel", () => {
  it.each([
    [250, "250 g", "250 غ"],
    [100, "100 g", "100 غ"],
    [499, "499 g", "499 غ"],
    [500, "0.5 kg", "0.5 كغ"],
    [750, "0.75 kg", "0.75 كغ"],
    [1000, "1 kg", "1 كغ"],
    [1250, "1.25 kg", "1.25 كغ"],
    [2000, "2 kg", "2 كغ"],
    [1333, "1.333 kg", "1.333 كغ"],
  ])("%d g -> %s / %s", (grams, en, ar) => {
    expect(optionLabel(grams, "en")).toBe(en);
    expect(optionLabel(grams, "ar")).toBe(ar);
  });
});

describe("isInStock", () => {
  const halfAndOne: WeightOption[] = [{ grams: 1000 }, { grams: 500 }];

  it.each<[number | null, WeightOption[] | undefined, boolean]>([
    [null, halfAndOne, true],
    [null, undefined, true],
    [0, halfAndOne, false],
    [0.499, halfAndOne, false],
    [0.5, halfAndOne, true],
    [3, halfAndOne, true],
    [0.5, undefined, false], // default option is a whole kilo
    [0.999, [], false],
    [1, [], true],
    [0.3, [{ grams: 300 }], true], // 0.3 * 1000 is not exactly 300 in floating point
    [-1, halfAndOne, false],
  ])("stock %s kg, options %j -> %s", (stockKg, options, expected) => {
    expect(isInStock(stockKg, options)).toBe(expected);
  });
});
