import { createContentCache } from "./cache/content-cache.ts";
import type { Config } from "./config.ts";
import type { Database } from "./db/client.ts";
import { createAccountService } from "./modules/accounts/service.ts";
import { createTokenService } from "./modules/accounts/tokens.ts";
import { createAdminsService } from "./modules/admins/service.ts";
import { createAuditService } from "./modules/audit/service.ts";
import { createSeasonService } from "./modules/calendar/seasons.ts";
import { createCalendarService } from "./modules/calendar/service.ts";
import { createCatalogAdminService } from "./modules/catalog/admin-service.ts";
import { createCatalogService } from "./modules/catalog/service.ts";
import { createCheckoutReminderService } from "./modules/checkout-reminders/service.ts";
import { createContentService } from "./modules/content/service.ts";
import { createCouponAdminService } from "./modules/coupons/admin-service.ts";
import { createCouponService } from "./modules/coupons/service.ts";
import { createCustomerService } from "./modules/customers/service.ts";
import { createDashboardService } from "./modules/dashboard/service.ts";
import { createGiftCardService } from "./modules/gift-cards/service.ts";
import { createInboxService } from "./modules/inbox/service.ts";
import { createKitchenService } from "./modules/kitchen/service.ts";
import { createCampaignService } from "./modules/newsletter/campaigns.ts";
import { createNewsletterService } from "./modules/newsletter/service.ts";
import { createNotificationService } from "./modules/notifications/service.ts";
import { createAdminOrderService } from "./modules/orders/admin-service.ts";
import { createDeskVersion } from "./modules/orders/desk-version.ts";
import { createKitchenOrderService } from "./modules/orders/kitchen-orders.ts";
import { createOrderChangeService } from "./modules/orders/order-changes.ts";
import type { OrderMail } from "./modules/orders/order-status-mail.ts";
import { createOrderService } from "./modules/orders/service.ts";
import { createPaymentService, type PaymentServiceDeps } from "./modules/payments/service.ts";
import { createPromotionService } from "./modules/promotions/service.ts";
import { createReceiptService } from "./modules/receipts/service.ts";
import { createReportsService } from "./modules/reports/service.ts";
import { createRestockAlertService } from "./modules/restock-alerts/service.ts";
import { createReviewService } from "./modules/reviews/service.ts";
import { createSettingsService } from "./modules/settings/service.ts";
import { createShippingService } from "./modules/shipping/service.ts";
import { createTraderService } from "./modules/traders/service.ts";
import { createTwoFactorService } from "./modules/two-factor/service.ts";

/**
 * Every service, built once per app. Routes reach them as `app.services.x`, storefront loaders
 * through React Router's load context, so both use the same queries.
 */
export function createServices(
  database: Database,
  opts: {
    /** Card payments: a gateway from STRIPE_* settings; none = offline methods only. */
    payments?: Omit<PaymentServiceDeps, "mail">;
    /** Where the shop's e-mails link to; null (the default) when it sends none (no SMTP_URL). */
    mail?: OrderMail;
  } = {},
) {
  const { db } = database;
  const mail = opts.mail ?? null;
  const payments = createPaymentService(db, {
    ...(opts.payments ?? { gateway: null, baseUrl: "http://localhost:3000" }),
    mail,
  });
  const tokens = createTokenService(db);
  // Public reads (catalogue, settings, kitchen, pages) share one cache: docs/conventions.md.
  const cache = createContentCache(database);
  const settings = createSettingsService(db, { cache, paymentMethods: payments.methods() });
  const accounts = createAccountService(db, tokens);
  const seasons = createSeasonService(db, { cache });
  const shipping = createShippingService(db, {
    cache,
    settings,
    ordersVersion: createDeskVersion(db),
    seasons: seasons.all,
  });
  const promotions = createPromotionService(db, { cache, settings });
  const calendar = createCalendarService(db, { settings, seasons: seasons.all });
  const twoFactor = createTwoFactorService(db, { cache });
  const catalog = createCatalogService(db, { cache });
  return {
    cache,
    /** Changes whenever any public read could change: key page caches on it. */
    contentVersion: () => cache.version(),
    settings,
    newsletter: createNewsletterService(db),
    /** Abandoned checkouts: the address given with consent, one reminder, the cart restored. */
    checkoutReminders: createCheckoutReminderService(db),
    /** Newsletter campaigns: written in both languages, sent at a set pace through the outbox. */
    campaigns: createCampaignService(db, {
      products: async (ids) => {
        const found = await Promise.all(ids.map((id) => catalog.getProduct(id)));
        return found.flatMap((p) =>
          p
            ? [
                {
                  id: p.id,
                  name: p.name,
                  name_ar: p.name_ar,
                  price: p.default_price,
                  image_url: p.image_url,
                },
              ]
            : [],
        );
      },
    }),
    /** "E-mail me when it is back" addresses, and the job that e-mails them. */
    restockAlerts: createRestockAlertService(db),
    tokens,
    accounts,
    admins: createAdminsService(db, { accounts, twoFactor }),
    twoFactor,
    catalog,
    /** Reviews from buyers: written from a received order, shown once the owner publishes. */
    reviews: createReviewService(db, { cache }),
    kitchen: createKitchenService(db, { cache }),
    shipping,
    /** The kitchen's calendar: capacities, closed dates and what is booked per day. */
    calendar,
    /** Seasons (Eid, Ramadan): their days, when orders open, products sold only then. */
    seasons,
    payments,
    orders: createOrderService(db, {
      settings,
      shipping,
      payments,
      // The shop's low-stock notice goes where the order e-mails do (SMTP set).
      lowStockMail: mail,
      promotions,
    }),
    /** Gift cards: codes stored hashed, a ledger of every use. */
    giftCards: createGiftCardService(db),
    /** Automatic promotions: the admin's rules, priced by every cart and order. */
    promotions,
    adminOrders: createAdminOrderService(db, { settings, mail }),
    /** Orders that change after they are placed: edits, weights, refunds, payment links. */
    orderChanges: createOrderChangeService(db, {
      settings,
      shipping,
      mail,
      gateway: payments.cardEnabled
        ? {
            provider: payments.provider ?? "stripe",
            refund: (input) => payments.refund(input),
            openLink: (order, input, now) => payments.openLink(order, input, now),
          }
        : null,
      baseUrl: opts.payments?.baseUrl ?? mail?.baseUrl ?? "http://localhost:3000",
    }),
    /** The kitchen screen: a day's dish orders and the cook's steps. */
    kitchenOrders: createKitchenOrderService(db, { mail }),
    receipts: createReceiptService(db),
    /** The back office's customers (accounts and guest buyers). */
    customers: createCustomerService(db),
    coupons: createCouponService(db, { settings }),
    notifications: createNotificationService(db),
    dashboard: createDashboardService(db),
    reports: createReportsService(db),
    content: createContentService(db, { cache }),
    inbox: createInboxService(db),
    traders: createTraderService(db),
    audit: createAuditService(db),
    catalogAdmin: createCatalogAdminService(db),
    couponAdmin: createCouponAdminService(db),
  };
}
export type Services = ReturnType<typeof createServices>;

declare module "fastify" {
  interface FastifyInstance {
    config: Config;
    database: Database;
    services: Services;
  }
}
