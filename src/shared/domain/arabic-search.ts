// Arabic is written with optional vowel marks and several interchangeable letter forms;
// shoppers type the plain forms. Search compares both sides after folding them the same
// way (diacritics, tatweel, alef/hamza forms, taa marbuta/haa, alef maqsura/yaa).

/** Harakat, tanween, shadda, sukun, the combining hamza/madda (U+064B–U+065F) and superscript alef. */
const DIACRITICS = /[\u064B-\u065F\u0670]/g;
const TATWEEL = /\u0640/g;
/** Invisible marks pasted from chat apps and word processors would break substring matches. */
const INVISIBLE = /[\u200B-\u200F\u061C\u2066-\u2069\uFEFF]/g;

const LETTER_FOLDS: Readonly<Record<string, string>> = {
  "\u0623": "\u0627", // أ
  "\u0625": "\u0627", // إ
  "\u0622": "\u0627", // آ
  "\u0671": "\u0627", // ٱ (alef wasla)
  "\u0624": "\u0648", // ؤ -> و
  "\u0626": "\u064A", // ئ -> ي
  "\u0629": "\u0647", // ة -> ه
  "\u0649": "\u064A", // ى -> ي
};
const FOLDABLE = /[\u0623\u0625\u0622\u0671\u0624\u0626\u0629\u0649]/g;

/** Arabic-Indic (U+0660–0669) and Extended/Persian (U+06F0–06F9) digits. */
const EASTERN_DIGITS = /[\u0660-\u0669\u06F0-\u06F9]/g;

function latinDigit(digit: string): string {
  const code = digit.charCodeAt(0);
  return String(code >= 0x06f0 ? code - 0x06f0 : code - 0x0660);
}

/** Folds Arabic letter variants and digits; leaves Latin text and spacing as they are. */
export function normaliseArabic(text: string): string {
  return (
    text
      // NFC first so a decomposed أ (ا + U+0654) and a precomposed one end up identical.
      .normalize("NFC")
      .replace(INVISIBLE, "")
      .replace(DIACRITICS, "")
      .replace(TATWEEL, "")
      .replace(FOLDABLE, (letter) => LETTER_FOLDS[letter] ?? letter)
      .replace(EASTERN_DIGITS, latinDigit)
  );
}

/** The form both a query and the searched text take before comparing (case-insensitive). */
export function normaliseSearchText(text: string): string {
  return normaliseArabic(text).toLowerCase().replace(/\s+/g, " ").trim();
}

/**
 * True when the query occurs in any of the fields (name/description in either language).
 * An empty query matches everything, as an empty search box shows the whole list.
 */
export function matchesSearch(
  query: string,
  fields: ReadonlyArray<string | null | undefined>,
): boolean {
  const needle = normaliseSearchText(query);
  if (needle === "") return true;
  return fields.some((field) => field != null && normaliseSearchText(field).includes(needle));
}
