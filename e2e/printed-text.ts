// Reading back a PDF as pdftotext prints it: what the shop's invoices and slips say.

/**
 * Text as pdftotext reads it back: NFKC (a ligature still there becomes its letters), without
 * the direction marks and isolates a text layer may carry, spaces squeezed.
 */
export function asPrinted(s: string): string {
  return s
    .normalize("NFKC")
    .replace(/[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, "")
    .replace(/\s+/g, " ")
    .trim();
}

const letters = (s: string) => [...s].sort().join("");

/**
 * Whether the printed text holds `word`. The slip's font draws many Arabic letter pairs as one
 * ligature (lam-alef, "لى", "بي", "ين", "بر"...), and pdftotext gives each back as its two
 * letters in visual order, so "بقلاوة" reads "بقالوة" and "الحلبي" reads "الحليب". An Arabic word
 * is therefore found when some run of as many letters in one printed word holds the same
 * letters in any order (a printed word may also run into its neighbour); a word missing from
 * the slip still fails. Latin text is compared as it is.
 */
export function printedHolds(text: string, word: string): boolean {
  const wanted = asPrinted(word);
  if (!/[\u0600-\u06ff]/.test(wanted)) return text.includes(wanted);
  const key = letters(wanted.replace(/[^\p{L}\p{N}]/gu, ""));
  return text.split(" ").some((printed) => {
    const chars = [...printed.replace(/[^\p{L}\p{N}]/gu, "")];
    for (let i = 0; i + key.length <= chars.length; i++)
      if (letters(chars.slice(i, i + key.length).join("")) === key) return true;
    return false;
  });
}
