import type { Language } from "../../shared/domain/language.ts";
import { type Bundle, Translator, type TranslatorOptions } from "./translator.tsx";

/**
 * Every namespace has a file per language. A page's HTML carries only the namespaces
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
  "admin-shipping",
  "track",
  "newsletter",
  "admin-webhooks",
  "admin-two-factor",
  "admin-customers",
  "admin-calendar",
  "admin-production",
  "admin-kitchen-orders",
  "admin-reviews",
] as const;
export type Namespace = (typeof NAMESPACES)[number];
export type Messages = Record<string, Record<string, unknown>>;

/**
 * A ready translator, synchronously: the server render and hydration must produce the same
 * text. `messages` are the page's namespaces (docs/conventions.md, "Texts per route"); with a
 * loader, others load when a screen or a language switch needs them. Without one (server,
 * tests), English bundles added beside them fill in.
 */
export function createI18n(
  lang: Language,
  messages: Messages,
  opts: TranslatorOptions = {},
): Translator {
  return new Translator(lang, messages as Record<string, Bundle>, opts);
}
