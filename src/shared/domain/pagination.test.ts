import { describe, expect, it } from "vitest";
import { clampPage, lastPage, type PageItem, pageWindow } from "./pagination.ts";

const S = "ellipsis-start" as const;
const E = "ellipsis-end" as const;

describe("pageWindow (max 5)", () => {
  it.each<[number, number, PageItem[]]>([
    [1, 1, [1]],
    [1, 2, [1, 2]],
    [2, 2, [1, 2]],
    [1, 5, [1, 2, 3, 4, 5]],
    [3, 5, [1, 2, 3, 4, 5]],
    [5, 5, [1, 2, 3, 4, 5]],
    [1, 6, [1, 2, 3, 4, E, 6]],
    [3, 6, [1, 2, 3, 4, E, 6]],
    [4, 6, [1, S, 3, 4, 5, 6]],
    [6, 6, [1, S, 3, 4, 5, 6]],
    [1, 10, [1, 2, 3, 4, E, 10]],
    [2, 10, [1, 2, 3, 4, E, 10]],
    [3, 10, [1, 2, 3, 4, E, 10]],
    [4, 10, [1, S, 3, 4, 5, E, 10]],
    [5, 10, [1, S, 4, 5, 6, E, 10]],
    [8, 10, [1, S, 7, 8, 9, 10]],
    [9, 10, [1, S, 7, 8, 9, 10]],
    [10, 10, [1, S, 7, 8, 9, 10]],
    [1, 50, [1, 2, 3, 4, E, 50]],
    [25, 50, [1, S, 24, 25, 26, E, 50]],
    [49, 50, [1, S, 47, 48, 49, 50]],
    [50, 50, [1, S, 47, 48, 49, 50]],
    // Out-of-range current pages are clamped, not rendered as nonsense.
    [0, 10, [1, 2, 3, 4, E, 10]],
    [-4, 10, [1, 2, 3, 4, E, 10]],
    [99, 10, [1, S, 7, 8, 9, 10]],
    [Number.NaN, 10, [1, 2, 3, 4, E, 10]],
    [5.9, 10, [1, S, 4, 5, 6, E, 10]],
    [1, 0, [1]],
  ])("page %d of %d -> %j", (current, last, expected) => {
    expect(pageWindow(current, last)).toEqual(expected);
  });

  it.each([1, 2, 5, 6, 10, 50, 1000])("never shows more than 5 numbers (last=%d)", (last) => {
    for (let current = 1; current <= last; current++) {
      const items = pageWindow(current, last);
      const numbers = items.filter((item) => typeof item === "number");
      expect(numbers.length).toBeLessThanOrEqual(5);
      expect(numbers).toContain(current);
      expect(numbers[0]).toBe(1);
      expect(numbers.at(-1)).toBe(last);
    }
  });
});

describe("pageWindow with another max", () => {
  it.each<[number, number, number, PageItem[]]>([
    [5, 10, 7, [1, S, 3, 4, 5, 6, 7, E, 10]],
    [5, 10, 3, [1, S, 5, E, 10]],
    [1, 10, 1, [1, 2, E, 10]],
    [5, 7, 7, [1, 2, 3, 4, 5, 6, 7]],
  ])("page %d of %d, max %d -> %j", (current, last, max, expected) => {
    expect(pageWindow(current, last, max)).toEqual(expected);
  });
});

describe("clampPage", () => {
  it.each([
    [1, 10, 1],
    [5, 10, 5],
    [10, 10, 10],
    [11, 10, 10],
    [0, 10, 1],
    [-1, 10, 1],
    [2.9, 10, 2],
    [Number.NaN, 10, 1],
    [Number.POSITIVE_INFINITY, 10, 1],
    [3, 0, 1],
  ])("clampPage(%d, %d) -> %d", (page, last, expected) => {
    expect(clampPage(page, last)).toBe(expected);
  });
});

describe("lastPage", () => {
  it.each([
    [0, 9, 1],
    [1, 9, 1],
    [9, 9, 1],
    [10, 9, 2],
    [18, 9, 2],
    [19, 9, 3],
    [100, 24, 5],
    [-5, 6, 1],
  ])("%d items at %d per page -> %d pages", (total, perPage, expected) => {
    expect(lastPage(total, perPage)).toBe(expected);
  });

  it.each([[0], [-1], [Number.NaN]])("rejects perPage %d", (perPage) => {
    expect(() => lastPage(10, perPage)).toThrow(RangeError);
  });
});
