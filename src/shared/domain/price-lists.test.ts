import { describe, expect, it } from "vitest";
import {
  PRICE_LIST_MESSAGES as M,
  minimumProblem,
  type PriceListRules,
  priceListProblems,
  priceUnderList,
} from "./price-lists.ts";

const list: PriceListRules = {
  minOrderTotalCents: 50_000,
  products: [
    {
      productId: 1,
      pricePerKgCents: 2000,
      minGrams: 5000,
      tiers: [
        { fromGrams: 10_000, pricePerKgCents: 1800 },
        { fromGrams: 25_000, pricePerKgCents: 1600 },
      ],
    },
  ],
  categories: [
    { categoryId: 7, percentOff: 25 },
    { categoryId: 8, percentOff: 100 },
  ],
};

describe("the price of a line under a list", () => {
  it.each([
    // product 1: base 20.00/kg, 10 kg and up 18.00, 25 kg and up 16.00 (the line's whole weight)
    ["below the first tier", 1, 7, 1000, 9, 2000, "wholesale"],
    ["exactly at the first tier", 1, 7, 1000, 10, 1800, "wholesale"],
    ["one gram under the second tier", 1, 7, 24_999, 1, 1800 * 25 - 1.8, "wholesale"],
    ["exactly at the second tier", 1, 7, 500, 50, 800, "wholesale"],
    ["above every tier", 1, 7, 1000, 40, 1600, "wholesale"],
    // the product's own price wins over its category's percentage
    ["product price before category percent", 1, 7, 1000, 1, 2000, "wholesale"],
    ["category percent off retail", 2, 7, 1000, 3, 750, "wholesale"],
    ["a whole category free", 3, 8, 500, 1, 0, "wholesale"],
    ["neither named: retail", 4, 9, 1000, 1, 1000, "retail"],
    ["no category: retail", 4, null, 1000, 1, 1000, "retail"],
  ] as const)("%s", (_, productId, categoryId, grams, qty, unit, source) => {
    const priced = priceUnderList(list, { productId, categoryId, grams, qty }, 1000);
    expect(priced.unitPriceCents).toBe(Math.round(unit));
    expect(priced.priceSource).toBe(source);
  });

  it("without a list: retail", () => {
    expect(
      priceUnderList(null, { productId: 1, categoryId: 7, grams: 1000, qty: 1 }, 1234),
    ).toEqual({ unitPriceCents: 1234, priceSource: "retail", minGrams: 0 });
  });
});

describe("minimums", () => {
  it.each([
    [4999, 5000, M.BELOW_MINIMUM],
    [5000, 5000, null],
    [1, 0, null],
  ])("a line of %i g with a minimum of %i g", (grams, minGrams, expected) => {
    expect(minimumProblem("line", { grams, minGrams })).toBe(expected);
  });
  it.each([
    [49_999, 50_000, M.ORDER_MINIMUM],
    [50_000, 50_000, null],
    [0, 0, null],
  ])("an order of %i cents with a minimum of %i", (subtotalCents, minOrderTotalCents, expected) => {
    expect(minimumProblem("order", { subtotalCents, minOrderTotalCents })).toBe(expected);
  });
});

describe("checking a list", () => {
  const product = list.products[0]!;
  it("a good list has no problems", () => expect(priceListProblems(list)).toEqual({}));
  it.each([
    [
      "a product twice",
      { ...list, products: [product, product] },
      { "products.1.product_id": [M.PRODUCT_TWICE] },
    ],
    [
      "tiers out of order",
      {
        ...list,
        products: [
          {
            ...product,
            tiers: [
              { fromGrams: 25_000, pricePerKgCents: 1800 },
              { fromGrams: 10_000, pricePerKgCents: 1600 },
            ],
          },
        ],
      },
      { "products.0.tiers.1.from_grams": [M.TIERS_ORDER] },
    ],
    [
      "a tier at the same weight as the one before",
      {
        ...list,
        products: [
          {
            ...product,
            tiers: [
              { fromGrams: 10_000, pricePerKgCents: 1800 },
              { fromGrams: 10_000, pricePerKgCents: 1600 },
            ],
          },
        ],
      },
      { "products.0.tiers.1.from_grams": [M.TIERS_ORDER] },
    ],
    [
      "a first tier not above the minimum",
      {
        ...list,
        products: [{ ...product, tiers: [{ fromGrams: 5000, pricePerKgCents: 1800 }] }],
      },
      { "products.0.tiers.0.from_grams": [M.TIER_ABOVE_MINIMUM] },
    ],
    [
      "a tier that is not cheaper",
      {
        ...list,
        products: [{ ...product, tiers: [{ fromGrams: 10_000, pricePerKgCents: 2000 }] }],
      },
      { "products.0.tiers.0.price_per_kg": [M.TIER_PRICE] },
    ],
    [
      "a percentage over 100",
      { ...list, categories: [{ categoryId: 7, percentOff: 101 }] },
      { "categories.0.percent_off": [M.PERCENT] },
    ],
    [
      "a percentage of 0",
      { ...list, categories: [{ categoryId: 7, percentOff: 0 }] },
      { "categories.0.percent_off": [M.PERCENT] },
    ],
    [
      "a category twice",
      {
        ...list,
        categories: [
          { categoryId: 7, percentOff: 10 },
          { categoryId: 7, percentOff: 20 },
        ],
      },
      { "categories.1.category_id": [M.CATEGORY_TWICE] },
    ],
  ] as const)("%s", (_, bad, expected) => {
    expect(priceListProblems(bad as unknown as PriceListRules)).toEqual(expected);
  });
});
