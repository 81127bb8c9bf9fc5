import type { Language } from "./language.ts";
import { localizePath } from "./language-path.ts";
import { productSegment } from "./slug.ts";

/**
 * The storefront addresses both sides build: the server's sitemap and e-mails, and the web's
 * links (web/lib/paths.ts adds the typed builders over React Router's route table). Plain
 * strings, so the server reads them without loading React Router.
 */

/** A path with a query string; empty, null, undefined and false values are left out. */
export function withQuery(
  path: string,
  query: Record<string, string | number | null | undefined | false>,
): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== null && value !== undefined && value !== false && value !== "")
      params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

/** What a product's address is made of: its id and its names (Arabic falls back to English). */
export type ProductRef = { id: number | string; name: string; name_ar?: string | null };

/** A product's readable address in `lang` (docs/decisions/0028), percent-encoded. */
export function productPath(lang: Language, product: ProductRef): string {
  const name = lang === "ar" && product.name_ar?.trim() ? product.name_ar : product.name;
  return localizePath(lang, `/product/${productSegment(product.id, name)}`);
}

/** Both languages' addresses of one page, e.g. `{ en: "/shop", ar: "/ar/shop" }`. */
export type Alternates = Record<Language, string>;

/** A product's addresses in both languages. */
export function productAlternates(product: ProductRef): Alternates {
  return { en: productPath("en", product), ar: productPath("ar", product) };
}

/** The page's addresses in both languages, from a path in either (query string kept). */
export function alternatesOf(path: string): Alternates {
  return { en: localizePath("en", path), ar: localizePath("ar", path) };
}

/** The shop filtered to one category (the sitemap lists one per category). */
export function shopPath(query: { category?: string; q?: string; page?: number } = {}): string {
  return withQuery("/shop", query);
}

/** An order's confirmation page; a guest reaches it with the order's private key. */
export function orderPath(number: string, key?: string): string {
  return withQuery(`/order/${encodeURIComponent(number)}`, { key });
}

/**
 * Public pages the sitemap lists, each once: the storefront menus' pages (home, shop,
 * kitchen, about, traders, contact) and the footer's policies. web/lib/menus.test.ts holds
 * every menu's page to this list, so a page added to a menu is indexed too, and the server's
 * HTML cache (server/plugins/html-cache.ts) caches these pages, bar the ones it names.
 */
export const SITEMAP_PATHS: readonly string[] = [
  "/",
  "/shop",
  "/our-kitchen",
  "/about",
  "/traders",
  "/contact",
  "/privacy-policy",
  "/terms-condition",
  "/international-shipping",
  "/refund-policy",
  "/faq",
  "/gift-cards",
];
