import type { Language } from "../../shared/domain/language.ts";
import type { Messages } from "./config.ts";

const files = import.meta.glob<Record<string, unknown>>("./locales/*/*.json", {
  eager: true,
  import: "default",
});

const byLanguage: Record<string, Messages> = {};
for (const [file, messages] of Object.entries(files)) {
  const [, lang, ns] = /\.\/locales\/(\w+)\/([\w-]+)\.json$/.exec(file) ?? [];
  if (lang && ns) (byLanguage[lang] ??= {})[ns] = messages;
}

/**
 * The current language, with English filled in under it: a missing Arabic text falls back to
 * English on the server exactly as on the client, so hydration matches.
 */
export function messagesFor(lang: Language): Messages {
  return byLanguage[lang] ?? {};
}
/** English, for the fallback language the client also needs. */
export function fallbackMessages(): Messages {
  return byLanguage.en ?? {};
}
