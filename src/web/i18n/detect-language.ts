import {
  LANGUAGE_COOKIE,
  LANGUAGE_STORAGE_KEY,
  type Language,
  toLanguage,
} from "../../shared/domain/language.ts";
import { readCookie } from "../lib/cookies.ts";

// The four sources are a few lines each; a general detector library with nine sources
// cost 2.4 KB gzipped on every first visit, which the 140 KB budget cannot spare.

function fromStorage(): string | null {
  try {
    return localStorage.getItem(LANGUAGE_STORAGE_KEY);
  } catch {
    return null; // storage blocked (private mode, sandboxed frame)
  }
}

const fromCookie = () => readCookie(document.cookie, LANGUAGE_COOKIE);

/**
 * The order: local storage, the page's html tag, a cookie, then the browser language.
 * Every candidate passes `toLanguage`, which discards anything that looks like injected
 * script, so an unusable value (say "fr" or markup in storage) falls through to the next one.
 */
export function detectLanguage(): Language | null {
  const candidates = [
    fromStorage(),
    document.documentElement.getAttribute("lang"),
    fromCookie(),
    ...(navigator.languages?.length ? navigator.languages : [navigator.language]),
  ];
  for (const candidate of candidates) {
    const lang = toLanguage(candidate);
    if (lang) return lang;
  }
  return null;
}
