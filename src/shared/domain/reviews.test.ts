import { describe, expect, it } from "vitest";
import {
  looksLikeMarkup,
  orderReviews,
  ratingSummary,
  reviewEligibility,
  reviewLanguage,
} from "./reviews.ts";

describe("reviewEligibility", () => {
  it.each([
    ["completed, with the product", "completed", [3, 7], 7, false, { ok: true }],
    ["not yet received", "shipped", [7], 7, false, { ok: false, reason: "not_completed" }],
    ["cancelled", "canceled", [7], 7, false, { ok: false, reason: "not_completed" }],
    ["another product", "completed", [3], 7, false, { ok: false, reason: "not_in_order" }],
    ["a second review", "completed", [7], 7, true, { ok: false, reason: "already_reviewed" }],
  ] as const)("%s", (_name, status, productIds, productId, already, expected) => {
    expect(reviewEligibility({ status, productIds }, productId, already)).toEqual(expected);
  });
});

describe("review text", () => {
  it.each([
    ["Lovely, <3 and 2 < 5", false],
    ["<b>great</b>", true],
    ["<script>alert(1)</script>", true],
    ["< img src=x>", true],
    ["a <!-- comment -->", true],
  ])("%s is markup: %s", (text, expected) => {
    expect(looksLikeMarkup(text)).toBe(expected);
  });
  it.each([
    ["Very fresh, thank you", "en"],
    ["طازجة جداً، شكراً", "ar"],
    ["بقلاوة ممتازة, 10/10 best", "ar"],
  ])("%s is in %s", (text, lang) => {
    expect(reviewLanguage(text)).toBe(lang);
  });
});

describe("orderReviews and ratingSummary", () => {
  const r = (lang: "en" | "ar", created_at: string) => ({ lang, created_at });
  it("puts the page's language first, newest first within it", () => {
    const list = [r("en", "2026-01-01"), r("ar", "2026-01-02"), r("en", "2026-01-03")];
    expect(orderReviews(list, "ar")).toEqual([list[1], list[2], list[0]]);
    expect(orderReviews(list, "en")).toEqual([list[2], list[0], list[1]]);
  });
  it.each([
    [[], { average: null, count: 0 }],
    [[5], { average: 5, count: 1 }],
    [[5, 4, 4], { average: 4.3, count: 3 }],
  ])("%j", (ratings, expected) => {
    expect(ratingSummary(ratings)).toEqual(expected);
  });
});
