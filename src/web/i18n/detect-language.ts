import LanguageDetector from "i18next-browser-languagedetector";
import {
  LANGUAGE_COOKIE,
  LANGUAGE_STORAGE_KEY,
  type Language,
  toLanguage,
} from "../../shared/domain/language.ts";

/**
 * SPEC 1's order: local storage, the page's html tag, a cookie, then the browser language.
 * Every candidate passes `toLanguage`, which discards anything that looks like injected script.
 */
export function detectLanguage(): Language | null {
  // With a languageUtils that can "best match", the detector returns every candidate in order,
  // so an unusable first value (say "fr" in storage) falls through to the next source.
  const services = { languageUtils: { getBestMatchFromCodes: () => undefined } };
  const detector = new LanguageDetector(services as never, {
    order: ["localStorage", "htmlTag", "cookie", "navigator"],
    lookupLocalStorage: LANGUAGE_STORAGE_KEY,
    lookupCookie: LANGUAGE_COOKIE,
    caches: [],
  });
  const found = detector.detect();
  const candidates = Array.isArray(found) ? found : found ? [found] : [];
  for (const candidate of candidates) {
    const lang = toLanguage(candidate);
    if (lang) return lang;
  }
  return null;
}
