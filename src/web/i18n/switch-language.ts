import {
  dirFor,
  LANGUAGE_COOKIE,
  LANGUAGE_STORAGE_KEY,
  type Language,
} from "../../shared/domain/language.ts";
import { writeCookie } from "../lib/cookies.ts";
import type { Translator } from "./translator.tsx";
/** Remembers the choice where the detector looks: local storage, and the server's cookie. */
export function rememberLanguage(lang: Language): void {
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, lang);
  } catch {
    // Private mode or a full quota: the cookie still carries the choice.
  }
  writeCookie(LANGUAGE_COOKIE, lang);
}

export function applyDocumentLanguage(lang: Language): void {
  document.documentElement.lang = lang;
  document.documentElement.dir = dirFor(lang);
}

/**
 * Switches the language and updates `<html lang dir>`. The translator fetches, through its
 * loader, every namespace loaded so far in the new language before it switches, so
 * the screen changes in one step.
 */
export async function switchLanguage(i18n: Translator, lang: Language): Promise<void> {
  await i18n.changeLanguage(lang);
  applyDocumentLanguage(lang);
  rememberLanguage(lang);
}
