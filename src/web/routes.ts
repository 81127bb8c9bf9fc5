import { index, layout, type RouteConfig, route } from "@react-router/dev/routes";

/**
 * The route table; screens live one hop away in routes/. Every storefront page
 * has a second address under /ar that always renders Arabic (docs/decisions/0028): the
 * layout's optional segment gives both (`/shop` and `/ar/shop`); build links with `usePaths()`.
 * The back office keeps one address per screen.
 */
export default [
  route("ar?", "routes/storefront/layout.tsx", [
    index("routes/storefront/home.tsx"),
    route("about", "routes/storefront/about.tsx"),
    route("contact", "routes/storefront/contact.tsx"),
    route("shop", "routes/storefront/shop.tsx"),
    route("our-kitchen", "routes/storefront/kitchen.tsx"),
    route("traders", "routes/storefront/traders.tsx"),
    route("cart", "routes/storefront/cart.tsx"),
    route("checkout", "routes/storefront/checkout.tsx"),
    route("order/:number", "routes/storefront/order.tsx"),
    route("product/:id", "routes/storefront/product.tsx"),
    route("search", "routes/storefront/search.tsx"),
    route("privacy-policy", "routes/storefront/privacy-policy.tsx"),
    route("terms-condition", "routes/storefront/terms-condition.tsx"),
    route("international-shipping", "routes/storefront/international-shipping.tsx"),
    route("refund-policy", "routes/storefront/refund-policy.tsx"),
    route("faq", "routes/storefront/faq.tsx"),
    route("login", "routes/account/login.tsx"),
    route("register", "routes/account/register.tsx"),
    route("forgot-password", "routes/account/forgot-password.tsx"),
    route("reset-password", "routes/account/reset-password.tsx"),
    route("verify-email", "routes/account/verify-email.tsx"),
    route("track", "routes/storefront/track.tsx"),
    route("newsletter/confirm", "routes/storefront/newsletter-confirm.tsx"),
    route("newsletter/unsubscribe", "routes/storefront/newsletter-unsubscribe.tsx"),
    route("account", "routes/account/account.tsx"),
    route("security", "routes/account/security.tsx"),
    route("orders", "routes/account/orders.tsx"),
    route("*", "routes/storefront/not-found.tsx"),
  ]),
  route("admin-login", "routes/admin/login.tsx"),
  route("admin-logout", "routes/admin/logout.tsx"),
  route("admin-coupons", "routes/admin/coupons-redirect.tsx"),
  route("admin-print", "routes/admin/print.tsx"),
  layout("routes/admin/layout.tsx", [
    route("admin-dashboard", "routes/admin/dashboard.tsx"),
    route("admin-products", "routes/admin/products.tsx"),
    route("admin-categories", "routes/admin/categories.tsx"),
    route("admin-orders", "routes/admin/orders.tsx"),
    route("admin-orders/new", "routes/admin/new-order.tsx"),
    route("admin-orders/:id", "routes/admin/order.tsx"),
    route("admin-copouns", "routes/admin/coupons.tsx"),
    route("admin-customers", "routes/admin/customers.tsx"),
    route("admin-customers/:key", "routes/admin/customer.tsx"),
    route("admin-kitchen", "routes/admin/kitchen.tsx"),
    route("admin-settings", "routes/admin/settings.tsx"),
    route("admin-inbox", "routes/admin/inbox.tsx"),
    route("admin-pages", "routes/admin/pages.tsx"),
    route("admin-shipping", "routes/admin/shipping.tsx"),
    route("admin-calendar", "routes/admin/calendar.tsx"),
    route("admin-production", "routes/admin/production.tsx"),
    route("admin-reviews", "routes/admin/reviews.tsx"),
    route("admin-account", "routes/admin/account.tsx"),
  ]),
] satisfies RouteConfig;
