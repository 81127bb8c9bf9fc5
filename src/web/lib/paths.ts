import { href, useLocation, useMatches } from "react-router";
import type { Language } from "../../shared/domain/language.ts";
import { localizePath } from "../../shared/domain/language-path.ts";
import {
  type Alternates,
  type ProductRef,
  productPath,
  withQuery,
} from "../../shared/domain/paths.ts";
import { useLang } from "./bilingual.ts";

// The plain builders live in shared (the server's sitemap and e-mails use them too).
export {
  type Alternates,
  alternatesOf,
  type ProductRef,
  productAlternates,
  productPath,
  withQuery,
} from "../../shared/domain/paths.ts";

/**
 * Every in-app address, built through React Router's typed `href()`: a renamed route or a
 * missing parameter is a type error here, never a dead link somewhere else.
 * Query strings are added with `withQuery`, so no screen concatenates URLs by hand.
 */
export const paths = {
  home: () => href("/"),
  about: () => href("/about"),
  contact: () => href("/contact"),
  shop: (query: { category?: string; q?: string; page?: number } = {}) =>
    withQuery(href("/shop"), query),
  kitchen: (query: { filter?: string } = {}) => withQuery(href("/our-kitchen"), query),
  traders: () => href("/traders"),
  cart: () => href("/cart"),
  checkout: () => href("/checkout"),
  /** The gift card product: an amount, a recipient, a day, "Add to cart". */
  giftCards: () => href("/gift-cards"),
  search: () => href("/search"),
  /** `/product/{id}-{slug}`, the slug from the English name (`pathsFor("ar")`: the Arabic one). */
  product: (product: ProductRef) => productPath("en", product),
  /** The confirmation page; guests reach it with their private key. */
  order: (number: string, key?: string) => withQuery(href("/order/:number", { number }), { key }),
  privacyPolicy: () => href("/privacy-policy"),
  terms: () => href("/terms-condition"),
  internationalShipping: () => href("/international-shipping"),
  refundPolicy: () => href("/refund-policy"),
  faq: () => href("/faq"),
  login: (redirect?: string) => withQuery(href("/login"), { redirect }),
  register: (redirect?: string) => withQuery(href("/register"), { redirect }),
  forgotPassword: () => href("/forgot-password"),
  /** The e-mail's link (the server builds the absolute one); the token is its secret. */
  resetPassword: (token?: string) => withQuery(href("/reset-password"), { token }),
  account: () => href("/account"),
  security: () => href("/security"),
  orders: (query: { group?: string; page?: number; per_page?: number } = {}) =>
    withQuery(href("/orders"), query),
  admin: {
    login: () => href("/admin-login"),
    logout: () => href("/admin-logout"),
    dashboard: () => href("/admin-dashboard"),
    reports: () => href("/admin-reports"),
    products: () => href("/admin-products"),
    categories: () => href("/admin-categories"),
    orders: () => href("/admin-orders"),
    order: (id: number | string) => href("/admin-orders/:id", { id: String(id) }),
    /** An order taken by phone, on the messaging app or in person. */
    newOrder: () => href("/admin-orders/new"),
    /** Packing slips for one order or a selection (outside the admin layout, print CSS). */
    printOrders: (ids: readonly number[]) =>
      withQuery(href("/admin-print"), { ids: ids.join(",") }),
    coupons: () => href("/admin-copouns"),
    /** Automatic promotions: free delivery, weight discounts, buy-get (catalogue). */
    promotions: () => href("/admin-promotions"),
    /** Gift cards: issue, look up by the last four, void (owner). */
    giftCards: () => href("/admin-gift-cards"),
    /** Newsletter campaigns: written in both languages, previewed, tested, sent (catalogue). */
    campaigns: () => href("/admin-campaigns"),
    /** Accounts and guest buyers; a customer by key (`a-12`, `e-<e-mail>`, `p-<digits>`). */
    customers: () => href("/admin-customers"),
    customer: (key: string) => href("/admin-customers/:key", { key: encodeURIComponent(key) }),
    /** Wholesale buyers: their price lists, terms and status. */
    traders: () => href("/admin-traders"),
    receivables: () => href("/admin-receivables"),
    kitchen: () => href("/admin-kitchen"),
    settings: () => href("/admin-settings"),
    inbox: () => href("/admin-inbox"),
    pages: () => href("/admin-pages"),
    shipping: () => href("/admin-shipping"),
    /** The kitchen's calendar: capacity and bookings per day (owner). */
    calendar: () => href("/admin-calendar"),
    /** What the kitchen makes and packs per ready day (owner, orders, kitchen). */
    production: () => href("/admin-production"),
    /** Today's dish orders by slot, moved on by the cook (owner, orders, kitchen). */
    kitchenOrders: () => href("/admin-kitchen-orders"),
    /** Reviews from buyers to publish, hide or answer (catalogue). */
    reviews: () => href("/admin-reviews"),
    /** The signed-in admin's own account (two-factor sign-in). */
    account: () => href("/admin-account"),
  },
};

/** Every address in one language (the back office has one address per screen, in both). */
export type StorefrontPaths = typeof paths;

// Every storefront address again under `/ar` (docs/decisions/0028); built once.
const arabicPaths = {
  ...Object.fromEntries(
    Object.entries(paths)
      .filter(([name]) => name !== "admin")
      .map(([name, build]) => [
        name,
        (...args: unknown[]) => localizePath("ar", (build as (...a: unknown[]) => string)(...args)),
      ]),
  ),
  product: (product: ProductRef) => productPath("ar", product),
  admin: paths.admin,
} as StorefrontPaths;

/**
 * The storefront's addresses in `lang`: English at unprefixed paths, Arabic under `/ar`, so every
 * link a page shows stays in its language (docs/decisions/0028).
 */
export function pathsFor(lang: Language): StorefrontPaths {
  return lang === "ar" ? arabicPaths : paths;
}

/** The storefront's addresses in the language the page shows now. */
export function usePaths(): StorefrontPaths {
  return pathsFor(useLang());
}

/**
 * Where the language toggle goes: the same page in `lang`. A page whose address differs by
 * more than the prefix (a product's slug) gives its own in its loader data's `alternates`.
 */
export function useAlternatePath(lang: Language): string {
  const location = useLocation();
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const own = (matches[i]?.loaderData as { alternates?: Alternates } | undefined)?.alternates;
    if (own?.[lang]) return own[lang] + location.search;
  }
  return localizePath(lang, location.pathname + location.search);
}
