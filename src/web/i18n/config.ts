import i18next, { type BackendModule, type i18n, type Resource } from "i18next";
import { initReactI18next } from "react-i18next";
import { FALLBACK_LANGUAGE, type Language } from "../../shared/domain/language.ts";

/**
 * Every namespace has a file per language (SPEC 1). A page's HTML carries only the namespaces
 * its routes declare in `handle.i18n`; the browser fetches others when needed.
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
  "messages",
  "admin-categories",
  "admin-coupons",
  "admin-products",
  "admin-settings",
  "admin-admins",
  "admin-kitchen",
  "kitchen",
  "pages",
  "contact",
  "traders",
  "faq",
  "privacy",
  "terms",
  "refund",
  "shipping",
  "admin-inbox",
  "admin-pages",
  "admin-orders",
  "admin-dashboard",
] as const;
export type Namespace = (typeof NAMESPACES)[number];
export type Messages = Record<string, Record<string, unknown>>;

export type I18nOptions = {
  /** Loads a namespace the instance lacks (the browser: hashed files; see i18n/bundles.ts). */
  backend?: BackendModule;
  /** Called for a key the loaded texts lack (the server: a namespace the route did not declare). */
  onMissing?: (ns: string, key: string) => void;
};

/**
 * A ready instance, synchronously: the server render and hydration must produce the same text.
 * `messages` are the page's namespaces (docs/conventions.md, "Texts per route"); with a
 * backend, others load when a screen or a language switch needs them. Without one (tests),
 * `fallbackLng` lets bundles added for English fill in.
 */
export function createI18n(lang: Language, messages: Messages, opts: I18nOptions = {}): i18n {
  const instance = i18next.createInstance();
  const resources: Resource = { [lang]: messages };
  if (opts.backend) instance.use(opts.backend);
  instance.use(initReactI18next).init({
    lng: lang,
    // The browser's files and the server's bundles are already filled with English.
    fallbackLng: opts.backend ? false : FALLBACK_LANGUAGE,
    supportedLngs: ["en", "ar"],
    ns: Object.keys(messages).length ? Object.keys(messages) : ["common"],
    defaultNS: "common",
    resources,
    partialBundledLanguages: true,
    initAsync: false,
    interpolation: { escapeValue: false }, // React escapes
    returnNull: false,
    ...(opts.onMissing
      ? {
          saveMissing: true,
          missingKeyHandler: (_lngs: readonly string[], ns: string, key: string) =>
            opts.onMissing?.(ns, key),
        }
      : {}),
  });
  return instance;
}
