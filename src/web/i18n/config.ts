import i18next, { type i18n, type Resource } from "i18next";
import { initReactI18next } from "react-i18next";
import { FALLBACK_LANGUAGE, type Language } from "../../shared/domain/language.ts";

/**
 * Every namespace is bundled per language (SPEC 1). One language's messages travel with the
 * first page in the root loader's data; the other language loads only when chosen.
 */
export const NAMESPACES = [
  "common",
  "footer",
  "home",
  "about",
  "shop",
  "product",
  "cart",
  "checkout",
  "account",
  "admin",
  "pages",
] as const;
export type Namespace = (typeof NAMESPACES)[number];
export type Messages = Record<string, Record<string, unknown>>;

/** A ready instance, synchronously: the server render and hydration must produce the same text. */
export function createI18n(lang: Language, messages: Messages): i18n {
  const instance = i18next.createInstance();
  const resources: Resource = { [lang]: messages };
  instance.use(initReactI18next).init({
    lng: lang,
    fallbackLng: FALLBACK_LANGUAGE,
    supportedLngs: ["en", "ar"],
    ns: [...NAMESPACES],
    defaultNS: "common",
    resources,
    initAsync: false,
    interpolation: { escapeValue: false }, // React escapes
    returnNull: false,
  });
  return instance;
}
