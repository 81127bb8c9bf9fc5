import { href } from "react-router";

/**
 * Every in-app address, built through React Router's typed `href()`: a renamed route or a
 * missing parameter is a type error here, never a dead link somewhere else (issue 9).
 * Query strings are added with `withQuery`, so no screen concatenates URLs by hand.
 */
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
  search: () => href("/search"),
  product: (id: number | string) => href("/product/:id", { id: String(id) }),
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
    products: () => href("/admin-products"),
    categories: () => href("/admin-categories"),
    orders: () => href("/admin-orders"),
    order: (id: number | string) => href("/admin-orders/:id", { id: String(id) }),
    /** Packing slips for one order or a selection (outside the admin layout, print CSS). */
    printOrders: (ids: readonly number[]) =>
      withQuery(href("/admin-print"), { ids: ids.join(",") }),
    coupons: () => href("/admin-copouns"),
    kitchen: () => href("/admin-kitchen"),
    settings: () => href("/admin-settings"),
    inbox: () => href("/admin-inbox"),
    pages: () => href("/admin-pages"),
    shipping: () => href("/admin-shipping"),
  },
};
