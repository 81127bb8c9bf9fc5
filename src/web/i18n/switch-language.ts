import type { i18n } from "i18next";
import {
  dirFor,
  LANGUAGE_COOKIE,
  LANGUAGE_STORAGE_KEY,
  type Language,
} from "../../shared/domain/language.ts";
import type { Messages } from "./config.ts";

const lazyFiles = import.meta.glob<Record<string, unknown>>("./locales/*/*.json", {
  import: "default",
});

export async function loadMessages(lang: Language): Promise<Messages> {
  const entries = await Promise.all(
    Object.entries(lazyFiles)
      .filter(([file]) => file.startsWith(`./locales/${lang}/`))
      .map(async ([file, load]) => [/([\w-]+)\.json$/.exec(file)![1]!, await load()] as const),
  );
  return Object.fromEntries(entries);
}

/** Remembers the choice where SPEC's detector looks: local storage first, and the cookie the server reads. */
export function rememberLanguage(lang: Language): void {
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, lang);
  } catch {
    // Private mode or a full quota: the cookie still carries the choice.
  }
  // biome-ignore lint/suspicious/noDocumentCookie: the server reads the language from this cookie
  document.cookie = `${LANGUAGE_COOKIE}=${lang}; path=/; max-age=31536000; samesite=lax`;
}

export function applyDocumentLanguage(lang: Language): void {
  document.documentElement.lang = lang;
  document.documentElement.dir = dirFor(lang);
}

/** Loads the language's texts if needed, switches, and updates `<html lang dir>` (SPEC 1). */
export async function switchLanguage(i18n: i18n, lang: Language): Promise<void> {
  if (!i18n.hasResourceBundle(lang, "common")) {
    const messages = await loadMessages(lang);
    for (const [ns, bundle] of Object.entries(messages))
      i18n.addResourceBundle(lang, ns, bundle, true, true);
  }
  if (lang !== "en" && !i18n.hasResourceBundle("en", "common")) {
    const english = await loadMessages("en");
    for (const [ns, bundle] of Object.entries(english))
      i18n.addResourceBundle("en", ns, bundle, true, true);
  }
  await i18n.changeLanguage(lang);
  applyDocumentLanguage(lang);
  rememberLanguage(lang);
}
