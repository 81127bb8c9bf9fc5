import { describe, expect, it } from "vitest";
import {
  crossesLowStock,
  DEFAULT_LOW_STOCK_GRAMS,
  gramsToKg,
  isLowStock,
  kgToGrams,
  lowStockThreshold,
} from "./low-stock.ts";

describe("crossesLowStock", () => {
  it.each([
    // before, after, threshold, crosses
    [5000, 2500, 2000, false], // still above
    [5000, 2000, 2000, true], // to exactly the threshold
    [5000, 1500, 2000, true], // below it
    [2001, 2000, 2000, true], // by one gram
    [5000, 0, 2000, true], // sold out in one go
    [2000, 1500, 2000, false], // already at it: said before
    [1500, 1000, 2000, false], // already below: said before
    [0, 0, 2000, false],
    [3000, 3000, 2000, false], // nothing taken
    [1000, 500, 0, false], // threshold 0: only at zero
    [1000, 0, 0, true],
    [null, null, 2000, false], // not tracked
    [null, 1000, 2000, false],
    [5000, null, 2000, false],
  ] as const)("%s g -> %s g with threshold %s g: %s", (before, after, threshold, expected) => {
    expect(crossesLowStock(before, after, threshold)).toBe(expected);
  });

  it("re-arms after a restock above the threshold", () => {
    const threshold = 2000;
    expect(crossesLowStock(3000, 1500, threshold)).toBe(true);
    // restocked to 4 kg, then an order takes it down again
    expect(crossesLowStock(4000, 1800, threshold)).toBe(true);
  });
});

describe("isLowStock", () => {
  it.each([
    [null, 2000, false],
    [2001, 2000, false],
    [2000, 2000, true],
    [0, 2000, true],
    [0, 0, true],
    [1, 0, false],
  ] as const)("%s g with threshold %s g: %s", (stock, threshold, expected) => {
    expect(isLowStock(stock, threshold)).toBe(expected);
  });
});

describe("lowStockThreshold", () => {
  it.each([
    [null, DEFAULT_LOW_STOCK_GRAMS, DEFAULT_LOW_STOCK_GRAMS],
    [undefined, 3000, 3000],
    [500, 3000, 500],
    [0, 3000, 0],
  ] as const)("own %s, default %s: %s", (own, shopDefault, expected) => {
    expect(lowStockThreshold(own, shopDefault)).toBe(expected);
  });
});

describe("kg and grams", () => {
  it.each([
    [2000, 2],
    [1500, 1.5],
    [1, 0.001],
    [0, 0],
  ])("%s g = %s kg", (grams, kg) => {
    expect(gramsToKg(grams)).toBe(kg);
    expect(kgToGrams(kg)).toBe(grams);
  });
  it("rounds kg to whole grams", () => {
    expect(kgToGrams(1.2345)).toBe(1235);
    expect(kgToGrams(0.1 + 0.2)).toBe(300);
  });
});
