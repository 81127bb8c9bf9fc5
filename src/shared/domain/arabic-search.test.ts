import { describe, expect, it } from "vitest";
import { matchesSearch, normaliseArabic, normaliseSearchText } from "./arabic-search.ts";

describe("normaliseArabic", () => {
  it.each([
    ["diacritics (harakat)", "بَقْلَاوَة", "بقلاوه"],
    ["tanween and shadda", "حَلَوِيّاتٌ", "حلويات"],
    ["superscript alef", "هٰذا", "هذا"],
    ["tatweel", "معـــمول", "معمول"],
    ["alef with hamza above", "أصابع", "اصابع"],
    ["alef with hamza below", "إسطنبول", "اسطنبول"],
    ["alef with madda", "آمال", "امال"],
    ["alef wasla", "ٱلحلو", "الحلو"],
    ["decomposed alef + hamza", "\u0627\u0654صابع", "اصابع"],
    ["waw with hamza", "مؤتمر", "موتمر"],
    ["yaa with hamza", "شائع", "شايع"],
    ["taa marbuta", "هريسة", "هريسه"],
    ["alef maqsura", "حلوى", "حلوي"],
    ["Arabic-Indic digits", "٠١٢٣٤٥٦٧٨٩", "0123456789"],
    ["Persian digits", "۱۲۳", "123"],
    ["invisible marks", "\u200Fكنافة\u200E", "كنافه"],
    ["Latin text untouched", "Baklava Pistachio", "Baklava Pistachio"],
    ["hamza on the line kept", "ماء", "ماء"],
  ])("%s: %s -> %s", (_rule, input, output) => {
    expect(normaliseArabic(input)).toBe(output);
  });
});

describe("normaliseSearchText", () => {
  it.each([
    ["lower-cases Latin", "BAKLAVA", "baklava"],
    ["trims", "  maamoul  ", "maamoul"],
    ["collapses whitespace", "kunafa \t\n  nabulsi", "kunafa nabulsi"],
    ["mixed English and Arabic", "  Baklava  بَقْلاوَة   ١ KG ", "baklava بقلاوه 1 kg"],
    ["every Arabic rule at once", "مَعْمُولٌ بِالتَّمْرِ — أُمّ علـيّ ٱلشّهيّة", "معمول بالتمر — ام علي الشهيه"],
    ["empty", "   ", ""],
  ])("%s: %j -> %j", (_rule, input, output) => {
    expect(normaliseSearchText(input)).toBe(output);
  });
});

describe("matchesSearch", () => {
  const fields = ["Pistachio Baklava", "بقلاوة بالفستق الحلبي", null];

  it.each([
    ["", true],
    ["   ", true],
    ["baklava", true],
    ["PISTACHIO  baklava", true],
    ["بَقلاوه", true],
    ["الفستق", true],
    ["الفستق الحلبى", true],
    ["maamoul", false],
    ["معمول", false],
  ])("%j -> %s", (query, expected) => {
    expect(matchesSearch(query, fields)).toBe(expected);
  });
});
