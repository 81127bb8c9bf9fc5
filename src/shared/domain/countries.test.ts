import { describe, expect, it } from "vitest";
import { countries, countriesByName, countryName, isCountryCode } from "./countries.ts";

describe("countries", () => {
  it("lists every ISO 3166-1 alpha-2 code once, with both names", () => {
    expect(countries).toHaveLength(249);
    expect(new Set(countries.map((c) => c.code)).size).toBe(249);
    for (const c of countries) {
      expect(c.code).toMatch(/^[A-Z]{2}$/);
      expect(c.en.trim()).not.toBe("");
      expect(c.ar).toMatch(/[\u0600-\u06FF]/);
    }
  });

  it("has no duplicate names in either language", () => {
    expect(new Set(countries.map((c) => c.en)).size).toBe(249);
    expect(new Set(countries.map((c) => c.ar)).size).toBe(249);
  });
});

describe("countryName", () => {
  it.each([
    ["SY", "Syria", "سوريا"],
    ["TR", "Turkey", "تركيا"],
    ["QA", "Qatar", "قطر"],
    ["AE", "United Arab Emirates", "الإمارات العربية المتحدة"],
    ["EG", "Egypt", "مصر"],
    ["PT", "Portugal", "البرتغال"],
    ["GB", "United Kingdom", "المملكة المتحدة"],
    ["US", "United States", "الولايات المتحدة"],
    ["NL", "Netherlands", "هولندا"],
    ["sy", "Syria", "سوريا"],
  ])("%s -> %s / %s", (code, en, ar) => {
    expect(countryName(code, "en")).toBe(en);
    expect(countryName(code, "ar")).toBe(ar);
  });

  it("shows an unknown code as given", () => {
    expect(countryName("XX", "en")).toBe("XX");
  });
});

describe("isCountryCode", () => {
  it.each([
    ["SY", true],
    ["sy", true],
    [" PT ", true],
    ["AQ", true],
    ["XX", false],
    ["UK", false],
    ["SYR", false],
    ["", false],
  ])("%j -> %s", (code, expected) => {
    expect(isCountryCode(code)).toBe(expected);
  });
});

describe("countriesByName", () => {
  it.each(["en", "ar"] as const)("sorts every country by its %s name", (lang) => {
    const sorted = countriesByName(lang);
    expect(sorted).toHaveLength(249);
    const collator = new Intl.Collator(lang);
    for (let i = 1; i < sorted.length; i++) {
      expect(collator.compare(sorted[i - 1]![lang], sorted[i]![lang])).toBeLessThanOrEqual(0);
    }
  });
});
