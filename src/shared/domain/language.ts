export const LANGUAGES = ["en", "ar"] as const;
export type Language = (typeof LANGUAGES)[number];
export const FALLBACK_LANGUAGE: Language = "en";
export const LANGUAGE_COOKIE = "lang";
export const LANGUAGE_STORAGE_KEY = "i18nextLng";

/** A detected value that looks like injected markup or script is discarded. */
export function looksInjected(value: string): boolean {
  return /[<>"'`;(){}]|javascript:|script|%3c|&#|\\u/i.test(value);
}

/** Turns any detected value ("ar-SY", "EN", "<script>") into a supported language or null. */
export function toLanguage(value: unknown): Language | null {
  if (typeof value !== "string") return null;
  const trimmed = value.trim();
  if (!trimmed || trimmed.length > 35 || looksInjected(trimmed)) return null;
  const base = trimmed.toLowerCase().split(/[-_]/)[0];
  return (LANGUAGES as readonly string[]).includes(base ?? "") ? (base as Language) : null;
}

export const dirFor = (lang: Language): "rtl" | "ltr" => (lang === "ar" ? "rtl" : "ltr");

/** Accept-Language entries by quality, highest first (RFC 9110 weights). */
function acceptedLanguages(header: string): string[] {
  return header
    .split(",")
    .map((part, index) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
      const quality = q ? Number(q.slice(2)) : 1;
      return { tag: tag.trim(), quality: Number.isFinite(quality) ? quality : 0, index };
    })
    .filter((entry) => entry.tag && entry.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index)
    .map((entry) => entry.tag);
}

/** The server's choice: the language cookie, then Accept-Language, then English. */
export function pickServerLanguage(
  cookie: string | undefined,
  acceptLanguage: string | undefined,
): Language {
  const fromCookie = toLanguage(cookie);
  if (fromCookie) return fromCookie;
  for (const tag of acceptedLanguages(acceptLanguage ?? "")) {
    const lang = toLanguage(tag);
    if (lang) return lang;
  }
  return FALLBACK_LANGUAGE;
}
