import { describe, expect, it } from "vitest";
import { parseProductSegment, productSegment, SLUG_MAX_LENGTH, slugify } from "./slug.ts";

describe("slugify (docs/decisions/0028)", () => {
  it.each([
    // Latin
    ["Baklava", "baklava"],
    ["Pistachio Baklava", "pistachio-baklava"],
    ["  Mixed   Nuts  ", "mixed-nuts"],
    ["MAAMOUL with Dates", "maamoul-with-dates"],
    // accents (diacritics) dropped from Latin letters
    ["Crème Brûlée", "creme-brulee"],
    ["Knafeh Nābulsiyyeh", "knafeh-nabulsiyyeh"],
    ["Ölçü Çörek", "olcu-corek"],
    // punctuation and symbols are separators, never doubled or at the ends
    ["Kunafa (Cheese) - 1kg!", "kunafa-cheese-1kg"],
    ["Rose & Pistachio / Mix", "rose-pistachio-mix"],
    ['Mom\'s "Best" Cookies...', "mom-s-best-cookies"],
    ["<script>alert(1)</script>", "script-alert-1-script"],
    ["100% Butter, 50/50 mix", "100-butter-50-50-mix"],
    ["---", ""],
    ["🍰🍰", ""],
    ["", ""],
    // digits
    ["Box of 12", "box-of-12"],
    ["2024 Edition", "2024-edition"],
    // Arabic letters kept
    ["بقلاوة", "بقلاوة"],
    ["بقلاوة بالفستق الحلبي", "بقلاوة-بالفستق-الحلبي"],
    ["معمول، تمر؛ جوز؟", "معمول-تمر-جوز"],
    ["كنافة - نابلسية", "كنافة-نابلسية"],
    // hamza and madda are letters, not accents
    ["أصابع زينب", "أصابع-زينب"],
    ["آيس كريم", "آيس-كريم"],
    ["مؤونة", "مؤونة"],
    // tashkeel (harakat, shadda, tanween) dropped: the same word with and without
    ["بَقْلَاوَة", "بقلاوة"],
    ["حَلَوِيَّات شَامِيَّة", "حلويات-شامية"],
    ["كعكٌ", "كعك"],
    // tatweel (kashida) only stretches a word
    ["بقـــلاوة", "بقلاوة"],
    ["حلـويـات", "حلويات"],
    // Arabic-Indic digits written as the shop writes numbers
    ["علبة ١٢ قطعة", "علبة-12-قطعة"],
    ["علبة ۲۴", "علبة-24"],
    // mixed scripts, direction marks and zero-width characters
    ["Baklava بقلاوة", "baklava-بقلاوة"],
    ["\u200fبقلاوة\u200f \u200dفاخرة", "بقلاوة-فاخرة"],
    // presentation forms are the same letters
    ["\uFEF7\uFE91", "لأب"],
  ])("%j → %j", (name, slug) => {
    expect(slugify(name)).toBe(slug);
  });

  it.each([
    [
      "a very long English name ".repeat(10),
      "a-very-long-english-name-a-very-long-english-name-a-very",
    ],
    ["حلويات شامية فاخرة ".repeat(10), "حلويات-شامية-فاخرة-حلويات-شامية-فاخرة-حلويات-شامية-فاخرة"],
  ])("a very long name is cut at a word within the limit", (name, slug) => {
    expect(slugify(name)).toBe(slug);
    expect([...slugify(name)].length).toBeLessThanOrEqual(SLUG_MAX_LENGTH);
  });

  it("one word longer than the limit is cut to it", () => {
    expect(slugify("x".repeat(100))).toBe("x".repeat(SLUG_MAX_LENGTH));
    expect(slugify("ب".repeat(100))).toBe("ب".repeat(SLUG_MAX_LENGTH));
  });

  it("is stable: a slug slugifies to itself", () => {
    for (const name of ["Crème Brûlée", "بَقْلَاوَة بالفستق", "Box of ١٢"])
      expect(slugify(slugify(name))).toBe(slugify(name));
  });
});

describe("product segments", () => {
  it.each([
    [17, "Baklava", "17-baklava"],
    [17, "بقلاوة", "17-%D8%A8%D9%82%D9%84%D8%A7%D9%88%D8%A9"],
    [3, "!!!", "3"],
  ])("%s %j → %s, and back", (id, name, segment) => {
    expect(productSegment(id, name)).toBe(segment);
    expect(parseProductSegment(segment)).toEqual({ id, slug: slugify(name) });
  });

  it.each([
    ["17", { id: 17, slug: "" }],
    ["17-بقلاوة", { id: 17, slug: "بقلاوة" }],
    ["17-old-name", { id: 17, slug: "old-name" }],
    ["17-%E0%A4%A", { id: 17, slug: "%E0%A4%A" }],
    ["baklava", null],
    ["-17", null],
    ["1234567890123456", null],
  ])("parses %j", (segment, parsed) => {
    expect(parseProductSegment(segment)).toEqual(parsed);
  });
});
