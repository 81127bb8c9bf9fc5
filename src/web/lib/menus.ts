import type { AdminScreen } from "../../shared/domain/admins.ts";
import { paths } from "./paths.ts";

/**
 * One menu list per layout. Labels are i18n keys with their namespace
 * (`"common:nav.home"`), so a screen from another team can bring its own namespace.
 */
export type MenuItem = {
  to: string;
  label: string;
  /** A count shown next to the label (the admin layout knows each kind). */
  badge?: "inbox";
  /**
   * Admin menu: the screen, whose roles (`SCREEN_ROLES`) decide who sees the entry and who
   * may open the address. None: every admin (log out).
   */
  screen?: AdminScreen;
};

/** The storefront's second bar and mobile menu (Navigation). */
export const STOREFRONT_NAV: readonly MenuItem[] = [
  { to: paths.home(), label: "common:nav.home" },
  { to: paths.shop(), label: "common:nav.shop" },
  { to: paths.kitchen(), label: "common:nav.kitchen" },
  { to: paths.about(), label: "common:nav.about" },
  { to: paths.traders(), label: "common:nav.traders" },
  { to: paths.contact(), label: "common:nav.contact" },
];

/** The 'Get started' dropdown. */
export const GET_STARTED_NAV: readonly MenuItem[] = [
  { to: paths.login(), label: "common:nav.login" },
  { to: paths.register(), label: "common:nav.register" },
];

/** Footer: the links column (home, about, contact, kitchen, shop, gift cards). */
export const FOOTER_LINKS: readonly MenuItem[] = [
  { to: paths.home(), label: "common:nav.home" },
  { to: paths.about(), label: "common:nav.about" },
  { to: paths.contact(), label: "common:nav.contact" },
  { to: paths.kitchen(), label: "common:nav.kitchen" },
  { to: paths.shop(), label: "common:nav.shop" },
  { to: paths.giftCards(), label: "common:nav.giftCards" },
];

/** Footer: the policies column. */
export const POLICY_LINKS: readonly MenuItem[] = [
  { to: paths.privacyPolicy(), label: "footer:privacy" },
  { to: paths.terms(), label: "footer:terms" },
  { to: paths.internationalShipping(), label: "footer:shipping" },
  { to: paths.refundPolicy(), label: "footer:refund" },
  { to: paths.faq(), label: "footer:faq" },
];

/** The customer's account screens. */
export const ACCOUNT_NAV: readonly MenuItem[] = [
  { to: paths.account(), label: "account:nav.account" },
  { to: paths.security(), label: "account:nav.security" },
  { to: paths.orders(), label: "account:nav.orders" },
];

/**
 * The back office's side menu: ONE list every admin screen appends its entry to (keep
 * logout last), each with its `screen` (who may see it: `SCREEN_ROLES`). Add your route to `src/web/routes.ts` and `paths.admin` first; the label may
 * live in your own namespace (`"admin-inbox:menu"`) as long as the admin layout loads it.
 */
export const ADMIN_MENU: readonly MenuItem[] = [
  { to: paths.admin.dashboard(), label: "admin:menu.dashboard", screen: "dashboard" },
  { to: paths.admin.reports(), label: "admin:menu.reports", screen: "reports" },
  { to: paths.admin.orders(), label: "admin:menu.orders", screen: "orders" },
  { to: paths.admin.customers(), label: "admin:menu.customers", screen: "customers" },
  { to: paths.admin.traders(), label: "admin:menu.traders", screen: "traders" },
  { to: paths.admin.receivables(), label: "admin:menu.receivables", screen: "receivables" },
  { to: paths.admin.products(), label: "admin:menu.products", screen: "products" },
  { to: paths.admin.categories(), label: "admin:menu.categories", screen: "categories" },
  { to: paths.admin.coupons(), label: "admin:menu.coupons", screen: "coupons" },
  { to: paths.admin.promotions(), label: "admin:menu.promotions", screen: "promotions" },
  { to: paths.admin.giftCards(), label: "admin:menu.giftCards", screen: "giftCards" },
  { to: paths.admin.campaigns(), label: "admin:menu.campaigns", screen: "campaigns" },
  { to: paths.admin.kitchen(), label: "admin:menu.kitchen", screen: "kitchen" },
  { to: paths.admin.settings(), label: "admin:menu.settings", screen: "settings" },
  { to: paths.admin.inbox(), label: "admin-inbox:menu", badge: "inbox", screen: "inbox" },
  { to: paths.admin.pages(), label: "admin-inbox:menuPages", screen: "pages" },
  { to: paths.admin.shipping(), label: "admin:menu.shipping", screen: "shipping" },
  { to: paths.admin.calendar(), label: "admin:menu.calendar", screen: "calendar" },
  { to: paths.admin.production(), label: "admin:menu.production", screen: "production" },
  {
    to: paths.admin.kitchenOrders(),
    label: "admin:menu.kitchenOrders",
    screen: "kitchenOrders",
  },
  { to: paths.admin.reviews(), label: "admin:menu.reviews", screen: "reviews" },
  { to: paths.admin.account(), label: "admin-two-factor:menu" },
  { to: paths.admin.logout(), label: "admin:menu.logout" },
];
