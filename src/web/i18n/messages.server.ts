import { FALLBACK_LANGUAGE, type Language } from "../../shared/domain/language.ts";
import type { Messages } from "./config.ts";
import { fillFromFallback } from "./fill.ts";

const files = import.meta.glob<Record<string, unknown>>("./locales/*/*.json", {
  eager: true,
  import: "default",
});

const raw: Record<string, Messages> = {};
for (const [file, messages] of Object.entries(files)) {
  const [, lang, ns] = /\.\/locales\/(\w+)\/([\w-]+)\.json$/.exec(file) ?? [];
  if (lang && ns) (raw[lang] ??= {})[ns] = messages;
}

/** Each language's bundles with English filled in where an entry is empty (once, at start-up). */
const filled: Record<string, Messages> = {};
for (const [lang, bundles] of Object.entries(raw)) {
  filled[lang] = {};
  for (const [ns, bundle] of Object.entries(bundles))
    filled[lang][ns] =
      lang === FALLBACK_LANGUAGE
        ? bundle
        : fillFromFallback(bundle, raw[FALLBACK_LANGUAGE]?.[ns] ?? {});
}

/**
 * The language's texts for the given namespaces (all when omitted), English filled in where
 * an Arabic entry is empty: the server renders exactly what the browser's files hold.
 */
export function messagesFor(lang: Language, namespaces?: readonly string[]): Messages {
  const all = filled[lang] ?? {};
  if (!namespaces) return all;
  const out: Messages = {};
  for (const ns of namespaces) if (all[ns]) out[ns] = all[ns];
  return out;
}

/** English, for tests that set up the fallback language themselves. */
export function fallbackMessages(): Messages {
  return raw[FALLBACK_LANGUAGE] ?? {};
}
