import { describe, expect, it } from "vitest";
import { maxQtyFor, stockLeftShown } from "./stock-left.ts";

describe("stockLeftShown", () => {
  it.each<[string, number | null, number, number | null]>([
    ["untracked", null, 1000, null],
    ["sold out", 0, 1000, null],
    ["12 kg of a 1 kg sweet", 12_000, 1000, 12_000],
    ["just under 20 kg", 19_999, 1000, 19_999],
    ["20 kg: plenty", 20_000, 1000, null],
    // 8 boxes of 5 kg ask for 40 kg: the page must know 30 kg to cap the choice.
    ["30 kg of a sweet sold in 5 kg", 30_000, 5000, 30_000],
    ["40 kg of a sweet sold in 5 kg", 40_000, 5000, null],
  ])("%s -> %s", (_case, stock, largest, shown) => {
    expect(stockLeftShown(stock, largest)).toBe(shown);
  });
});

describe("maxQtyFor", () => {
  it.each<[number, number | null, number]>([
    [1000, null, 8],
    [1000, 12_000, 8],
    [2000, 12_000, 6],
    [5000, 12_000, 2],
    [500, 1_200, 2],
    [2000, 1_500, 0],
  ])("%i g with %s g left -> %i", (grams, left, max) => {
    expect(maxQtyFor(grams, left)).toBe(max);
  });
});
