/**
 * The readable part of a product's address (docs/decisions/0028): `/product/17-baklava`,
 * `/ar/product/17-بقلاوة-بالفستق`. The id decides which product it is; the slug is only for
 * people and search engines, so a stale one redirects to the current one and a name with no
 * letters or digits simply has none.
 */

/** Longest slug, in characters (an Arabic letter is 6 bytes once percent-encoded). */
export const SLUG_MAX_LENGTH = 60;

// Arabic marks that change no letter: tashkeel (harakat, shadda, sukun, tanween), Quranic
// annotation signs, the superscript alef, and the tatweel (kashida) that only stretches a word.
const ARABIC_MARKS = /[\u0610-\u061A\u064B-\u065F\u0670\u06D6-\u06ED\u0640]/g;
// Invisible format characters (direction marks, zero-width joiners, BOM).
const FORMAT = /\p{Cf}/gu;
// Latin letters keep their base and lose their accents (crème → creme); Arabic hamza and madda
// are letters, not accents, so only marks after a Latin letter go.
const LATIN_ACCENTS = /(\p{Script=Latin})\p{M}+/gu;
const ARABIC_DIGITS = /[\u0660-\u0669\u06F0-\u06F9]/g;

/**
 * Lower-case words of `name` joined by "-": letters of any script and digits kept (Arabic
 * letters stay Arabic), accents and tashkeel dropped, Arabic-Indic digits written as the
 * shop writes prices (Latin, ADR 0019), everything else a separator. Cut at a word boundary
 * within `SLUG_MAX_LENGTH` characters.
 */
export function slugify(name: string, maxLength = SLUG_MAX_LENGTH): string {
  const words = name
    .normalize("NFKC")
    .replace(FORMAT, "")
    .replace(ARABIC_MARKS, "")
    .normalize("NFD")
    .replace(LATIN_ACCENTS, "$1")
    .normalize("NFC")
    .replace(ARABIC_DIGITS, (d) => String((d.charCodeAt(0) - 0x0660) % 0x90))
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
  let slug = "";
  for (const word of words) {
    const next = slug ? `${slug}-${word}` : word;
    if ([...next].length > maxLength) {
      // One word longer than the limit is cut; otherwise stop before the word that overflows.
      if (!slug) slug = [...word].slice(0, maxLength).join("");
      break;
    }
    slug = next;
  }
  return slug;
}

/** The `{id}-{slug}` segment of a product's address, percent-encoded (`17` when no slug). */
export function productSegment(id: number | string, name: string): string {
  const slug = slugify(name);
  return slug ? `${id}-${encodeURIComponent(slug)}` : String(id);
}

/** The id and (decoded) slug of a product segment, or null when it does not start with an id. */
export function parseProductSegment(segment: string): { id: number; slug: string } | null {
  const match = /^(\d{1,15})(?:-(.*))?$/s.exec(segment);
  if (!match) return null;
  let slug = match[2] ?? "";
  try {
    slug = decodeURIComponent(slug);
  } catch {
    // Already decoded (React Router decodes params) or malformed: compared as it is.
  }
  return { id: Number(match[1]), slug };
}
