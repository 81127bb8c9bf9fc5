import { describe, expect, it } from "vitest";
import { countryName } from "./countries.ts";
import {
  checkShipping,
  DOMESTIC_COUNTRY,
  NO_SHIPPING_COUNTRIES,
  shippingRuleFor,
  WEIGHT_LIMIT_GRAMS,
} from "./shipping.ts";

// SPEC 9, word for word, so a wrong ISO code shows up as a name mismatch.
const SPEC_NO_SHIPPING =
  `Afghanistan, Algeria, Argentina, Belgium, Bolivia, Brazil, Chile, Colombia,
  Costa Rica, Cuba, El Salvador, Dominican Republic, Ecuador, Egypt, Ghana, Greece, Guatemala,
  Haiti, Honduras, Indonesia, Iran, Mexico, Nicaragua, Panama, Paraguay, Peru, Portugal,
  Puerto Rico, Russia, Spain, Thailand, Tunisia, Turkey, Ukraine, Uruguay, Venezuela`
    .split(",")
    .map((name) => name.trim());
const SPEC_ONE_KG = `Austria, Denmark, Italy, Ireland, Latvia, Lithuania, Malta, Poland, Portugal,
  Romania, Slovenia, Lebanon, Morocco, France`
  .split(",")
  .map((name) => name.trim());
const SPEC_THREE_KG = ["Sweden", "Finland", "Germany", "Slovakia", "Netherlands"];

const limitNames = (grams: number) =>
  Object.entries(WEIGHT_LIMIT_GRAMS)
    .filter(([, max]) => max === grams)
    .map(([code]) => countryName(code, "en"));

describe("SPEC 9 lists", () => {
  it("has the 36 no-shipping countries SPEC names", () => {
    expect(SPEC_NO_SHIPPING).toHaveLength(36);
    expect([...NO_SHIPPING_COUNTRIES].map((c) => countryName(c, "en"))).toEqual(SPEC_NO_SHIPPING);
  });

  it("has the 1 kg and 3 kg countries SPEC names", () => {
    expect(limitNames(1000)).toEqual(SPEC_ONE_KG);
    expect(limitNames(3000)).toEqual(SPEC_THREE_KG);
    expect(Object.keys(WEIGHT_LIMIT_GRAMS)).toHaveLength(19);
  });

  it("treats Syria as domestic", () => {
    expect(DOMESTIC_COUNTRY).toBe("SY");
  });
});

describe("shippingRuleFor", () => {
  it.each([...NO_SHIPPING_COUNTRIES])("%s is refused", (code) => {
    expect(shippingRuleFor(code)).toEqual({ kind: "refused" });
  });

  it.each(Object.entries(WEIGHT_LIMIT_GRAMS).filter(([code]) => code !== "PT"))(
    "%s ships with a %d g cap",
    (code, maxGrams) => {
      expect(shippingRuleFor(code)).toEqual({ kind: "international", maxGrams });
    },
  );

  it.each([
    ["PT", { kind: "refused" }],
    ["pt", { kind: "refused" }],
    ["SY", { kind: "domestic" }],
    [" sy ", { kind: "domestic" }],
    ["QA", { kind: "international", maxGrams: null }],
    ["GB", { kind: "international", maxGrams: null }],
    ["AE", { kind: "international", maxGrams: null }],
    ["US", { kind: "international", maxGrams: null }],
  ])("%j -> %j", (code, rule) => {
    expect(shippingRuleFor(code)).toEqual(rule);
  });
});

describe("checkShipping", () => {
  it.each([
    // Weight caps are inclusive.
    ["FR", 999, { ok: true, domestic: false }],
    ["FR", 1000, { ok: true, domestic: false }],
    ["FR", 1001, { ok: false, reason: "weight_limit", maxGrams: 1000 }],
    ["LB", 1000, { ok: true, domestic: false }],
    ["LB", 1001, { ok: false, reason: "weight_limit", maxGrams: 1000 }],
    ["DE", 2999, { ok: true, domestic: false }],
    ["DE", 3000, { ok: true, domestic: false }],
    ["DE", 3001, { ok: false, reason: "weight_limit", maxGrams: 3000 }],
    ["NL", 3001, { ok: false, reason: "weight_limit", maxGrams: 3000 }],
    // Portugal: the stricter reading (no shipping) wins even under its 1 kg cap.
    ["PT", 500, { ok: false, reason: "no_shipping" }],
    ["PT", 1000, { ok: false, reason: "no_shipping" }],
    ["TR", 100, { ok: false, reason: "no_shipping" }],
    ["EG", 0, { ok: false, reason: "no_shipping" }],
    ["SY", 50_000, { ok: true, domestic: true }],
    ["QA", 50_000, { ok: true, domestic: false }],
    ["GB", 10_000, { ok: true, domestic: false }],
  ])("%s, %d g -> %j", (country, grams, expected) => {
    expect(checkShipping(country, grams)).toEqual(expected);
  });

  it.each(
    Object.entries(WEIGHT_LIMIT_GRAMS)
      .filter(([code]) => !NO_SHIPPING_COUNTRIES.has(code))
      .flatMap(
        ([code, max]): Array<[string, number, boolean]> => [
          [code, max - 1, true],
          [code, max, true],
          [code, max + 1, false],
        ],
      ),
  )("%s at %d g ships: %s", (code, grams, ok) => {
    expect(checkShipping(code, grams).ok).toBe(ok);
  });

  it.each([...NO_SHIPPING_COUNTRIES])("%s refuses even a tiny order", (code) => {
    expect(checkShipping(code, 1)).toEqual({ ok: false, reason: "no_shipping" });
  });
});
