import cookie from "@fastify/cookie";
import Fastify, { type FastifyInstance, type FastifyServerOptions } from "fastify";
import fp from "fastify-plugin";
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from "fastify-type-provider-zod";
import { ANY_ADMIN } from "../shared/domain/admins.ts";
import { type Config, fastifyTrustProxy } from "./config.ts";
import type { Database } from "./db/client.ts";
import { routeTablePlugin } from "./modules/accounts/route-table.ts";
import { accountRoutes } from "./modules/accounts/routes.ts";
import { adminAdminsRoutes } from "./modules/admins/admin-routes.ts";
import { adminAuditRoutes } from "./modules/audit/admin-routes.ts";
import { adminCalendarRoutes } from "./modules/calendar/admin-routes.ts";
import { adminProductionRoutes } from "./modules/calendar/production-routes.ts";
import { seasonRoutes } from "./modules/calendar/public-routes.ts";
import { adminCatalogRoutes, productCreateAliasRoutes } from "./modules/catalog/admin-routes.ts";
import { adminProductsCsvRoutes } from "./modules/catalog/products-csv.ts";
import { catalogRoutes } from "./modules/catalog/routes.ts";
import { checkoutRemindersPlugin } from "./modules/checkout-reminders/plugin.ts";
import {
  adminCheckoutReminderRoutes,
  checkoutReminderRoutes,
} from "./modules/checkout-reminders/routes.ts";
import { adminContentRoutes } from "./modules/content/admin-routes.ts";
import { contentRoutes } from "./modules/content/routes.ts";
import { adminCouponRoutes } from "./modules/coupons/admin-routes.ts";
import { couponRoutes } from "./modules/coupons/routes.ts";
import { adminCustomerRoutes } from "./modules/customers/admin-routes.ts";
import { adminDashboardRoutes } from "./modules/dashboard/admin-routes.ts";
import { giftCardsPlugin } from "./modules/gift-cards/plugin.ts";
import { adminGiftCardRoutes, giftCardRoutes } from "./modules/gift-cards/routes.ts";
import { healthRoutes, readinessPlugin } from "./modules/health/routes.ts";
import { adminInboxRoutes } from "./modules/inbox/admin-routes.ts";
import { inboxRoutes } from "./modules/inbox/routes.ts";
import { adminKitchenRoutes } from "./modules/kitchen/admin-routes.ts";
import { kitchenRoutes } from "./modules/kitchen/routes.ts";
import { mailPlugin } from "./modules/mail/plugin.ts";
import { campaignPlugin } from "./modules/newsletter/campaign-plugin.ts";
import { adminCampaignRoutes } from "./modules/newsletter/campaign-routes.ts";
import { newsletterRoutes } from "./modules/newsletter/routes.ts";
import { adminNotificationRoutes } from "./modules/notifications/admin-routes.ts";
import { adminOrderRoutes } from "./modules/orders/admin-routes.ts";
import { adminInvoiceRoutes, invoiceRoutes } from "./modules/orders/invoice-routes.ts";
import { adminKitchenOrderRoutes } from "./modules/orders/kitchen-routes.ts";
import { orderRoutes } from "./modules/orders/routes.ts";
import { paymentsPlugin } from "./modules/payments/plugin.ts";
import { paymentRoutes } from "./modules/payments/routes.ts";
import { createStripeGateway } from "./modules/payments/stripe-provider.ts";
import { adminPromotionRoutes } from "./modules/promotions/admin-routes.ts";
import { adminReceiptRoutes } from "./modules/receipts/admin-routes.ts";
import { receiptRoutes } from "./modules/receipts/routes.ts";
import { adminReportRoutes } from "./modules/reports/admin-routes.ts";
import { restockAlertsPlugin } from "./modules/restock-alerts/plugin.ts";
import { restockAlertRoutes } from "./modules/restock-alerts/routes.ts";
import { reviewRequestsPlugin } from "./modules/reviews/plugin.ts";
import { adminReviewRoutes, reviewRequestRoutes, reviewRoutes } from "./modules/reviews/routes.ts";
import { seoRoutes } from "./modules/seo/routes.ts";
import { adminSettingsRoutes } from "./modules/settings/admin-routes.ts";
import { settingsRoutes } from "./modules/settings/routes.ts";
import { adminShippingRoutes } from "./modules/shipping/admin-routes.ts";
import { shippingRoutes } from "./modules/shipping/routes.ts";
import { adminTraderRoutes } from "./modules/traders/admin-routes.ts";
import { dueRemindersPlugin } from "./modules/traders/plugin.ts";
import { traderRoutes } from "./modules/traders/routes.ts";
import { adminTwoFactorRoutes, twoFactorSignInRoutes } from "./modules/two-factor/routes.ts";
import { uploadsStoragePlugin } from "./modules/uploads/storage.ts";
import { adminWebhookRoutes } from "./modules/webhooks/admin-routes.ts";
import { webhooksPlugin } from "./modules/webhooks/plugin.ts";
import { adminGuard } from "./plugins/admin-guard.ts";
import { authPlugin, withRoles } from "./plugins/auth.ts";
import { errorsPlugin, frameworkErrors } from "./plugins/errors.ts";
import { genReqId, lazyChildLoggerFactory, withRedaction } from "./plugins/logging.ts";
import { metricsPlugin } from "./plugins/metrics.ts";
import { openapiPlugin } from "./plugins/openapi.ts";
import { securityPlugin } from "./plugins/security.ts";
import { type WebMode, webPlugin } from "./plugins/web.ts";
import { fallbackOrigin } from "./public-origin.ts";
import { createServices } from "./services.ts";

export type BuildAppOptions = {
  config: Config;
  database: Database;
  logger?: FastifyServerOptions["logger"];
  /** How pages are served: the production build, Vite in-process, or not at all (API tests). */
  web?: WebMode;
  /** Tests turn rate limits off, except the tests about rate limits. */
  rateLimit?: boolean;
  /** The mail worker's timer; off by default under NODE_ENV=test (tests call `runOnce()`). */
  mailAutoStart?: boolean;
  /** The reservations worker's timer; off by default under NODE_ENV=test. */
  reservationsAutoStart?: boolean;
  /** The webhook delivery worker's timer; off by default under NODE_ENV=test. */
  webhooksAutoStart?: boolean;
};

/** Body limit for JSON; uploads have their own (multipart) limit. */
export const JSON_BODY_LIMIT = 256 * 1024;

/** Builds the whole shop as one Fastify instance, without listening (tests call inject()). */
export async function buildApp(opts: BuildAppOptions): Promise<FastifyInstance> {
  const { config, database } = opts;
  const app = Fastify({
    logger: withRedaction(opts.logger),
    // Without a logger Fastify skips request loggers altogether; keep that.
    childLoggerFactory: opts.logger ? lazyChildLoggerFactory : undefined,
    genReqId,
    frameworkErrors,
    trustProxy: fastifyTrustProxy(config.trustProxy),
    bodyLimit: JSON_BODY_LIMIT,
    // Let in-flight requests finish on shutdown, but don't wait forever on idle keep-alives.
    forceCloseConnections: "idle",
    routerOptions: { ignoreTrailingSlash: true },
    // Fastify's default (10 s per plugin) killed a first start on a busy 2-core machine: the
    // web plugin imports the server build and lists the client files while the demo seed
    // re-encodes images on the same cores. A start is slow there, not stuck.
    pluginTimeout: 120_000,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  app.decorate("config", config);
  app.decorate("database", database);
  await app.register(
    fp(
      async (instance) => {
        instance.decorate(
          "services",
          createServices(database, {
            payments: {
              // Card payments only with both Stripe keys (config.ts): else none anywhere.
              gateway: config.stripe ? createStripeGateway(config.stripe) : null,
              baseUrl: fallbackOrigin(config),
            },
            mail: config.smtpUrl ? { baseUrl: fallbackOrigin(config) } : null,
          }),
        );
        instance.services.orders.onPaymentSessionError((error) =>
          instance.log.warn({ err: error }, "card payment: the gateway did not open a session"),
        );
      },
      {
        name: "services",
      },
    ),
  );

  await app.register(routeTablePlugin);
  await app.register(readinessPlugin);
  await app.register(mailPlugin, { autoStart: opts.mailAutoStart ?? config.env !== "test" });
  await app.register(restockAlertsPlugin, {
    autoStart: opts.mailAutoStart ?? config.env !== "test",
  });
  await app.register(giftCardsPlugin, {
    autoStart: opts.mailAutoStart ?? config.env !== "test",
  });
  await app.register(campaignPlugin, {
    autoStart: opts.mailAutoStart ?? config.env !== "test",
  });
  await app.register(checkoutRemindersPlugin, {
    autoStart: opts.mailAutoStart ?? config.env !== "test",
  });
  await app.register(reviewRequestsPlugin, {
    autoStart: opts.mailAutoStart ?? config.env !== "test",
  });
  await app.register(dueRemindersPlugin, {
    autoStart: opts.mailAutoStart ?? config.env !== "test",
  });
  await app.register(paymentsPlugin, {
    autoStart: opts.reservationsAutoStart ?? config.env !== "test",
  });
  await app.register(webhooksPlugin, {
    autoStart: opts.webhooksAutoStart ?? config.env !== "test",
  });
  await app.register(errorsPlugin);
  await app.register(securityPlugin, {
    dev: opts.web === "dev",
    rateLimit: opts.rateLimit ?? config.rateLimits,
  });
  await app.register(metricsPlugin);
  await app.register(openapiPlugin);
  await app.register(cookie);
  await app.register(authPlugin);

  await app.register(healthRoutes);
  await app.register(seoRoutes);
  await app.register(
    async (api) => {
      await api.register(newsletterRoutes);
      await api.register(checkoutReminderRoutes);
      await api.register(restockAlertRoutes);
      await api.register(reviewRoutes);
      await api.register(reviewRequestRoutes);
      await api.register(accountRoutes);
      await api.register(twoFactorSignInRoutes);
      await api.register(catalogRoutes);
      // The add-product dialog's POST /api/products: an admin create, behind the same guard
      // as /api/admin.
      await api.register(adminGuard(withRoles(["catalogue"], productCreateAliasRoutes)));
      await api.register(orderRoutes);
      await api.register(invoiceRoutes);
      await api.register(traderRoutes);
      // Its own plugin: the webhook's raw-body parser applies to that route only.
      await api.register(paymentRoutes);
      await api.register(receiptRoutes);
      await api.register(couponRoutes);
      await api.register(giftCardRoutes);
      await api.register(kitchenRoutes);
      await api.register(inboxRoutes);
      await api.register(contentRoutes);
      await api.register(settingsRoutes);
      await api.register(shippingRoutes);
      await api.register(seasonRoutes);
      // Admin API: every route registered inside this plugin requires an admin token and one
      // of the roles its group (or the route itself, `config.roles`) declares, and
      // passes the two-factor rule (`adminGuard`); an owner may use every route. This list is
      // the back office's permission map.
      await api.register(
        adminGuard(async (admin) => {
          await admin.register(withRoles(["orders"], adminOrderRoutes));
          await admin.register(withRoles(["orders"], adminReceiptRoutes));
          await admin.register(withRoles(["orders"], adminInvoiceRoutes));
          await admin.register(withRoles(["orders"], adminTraderRoutes));
          await admin.register(withRoles(["orders"], adminNotificationRoutes));
          await admin.register(withRoles(["owner"], adminDashboardRoutes));
          await admin.register(withRoles(["owner"], adminReportRoutes));
          await admin.register(withRoles(["orders"], adminInboxRoutes));
          await admin.register(withRoles(["orders"], adminCustomerRoutes));
          await admin.register(withRoles(["catalogue"], adminContentRoutes));
          // Each record's history is for the role that edits it (checked per entity).
          await admin.register(withRoles(ANY_ADMIN, adminAuditRoutes));
          await admin.register(withRoles(["catalogue"], adminCatalogRoutes));
          await admin.register(withRoles(["catalogue"], adminProductsCsvRoutes));
          await admin.register(withRoles(["catalogue"], adminReviewRoutes));
          await admin.register(withRoles(["catalogue"], adminCouponRoutes));
          await admin.register(withRoles(["catalogue"], adminPromotionRoutes));
          await admin.register(withRoles(["owner"], adminGiftCardRoutes));
          await admin.register(withRoles(["catalogue"], adminCampaignRoutes));
          await admin.register(withRoles(["owner"], adminCheckoutReminderRoutes));
          await admin.register(withRoles(["kitchen"], adminKitchenRoutes));
          await admin.register(withRoles(["kitchen", "orders"], adminKitchenOrderRoutes));
          await admin.register(withRoles(["owner"], adminSettingsRoutes));
          await admin.register(withRoles(["owner"], adminShippingRoutes));
          await admin.register(withRoles(["owner"], adminCalendarRoutes));
          await admin.register(withRoles(["orders", "kitchen"], adminProductionRoutes));
          await admin.register(withRoles(["owner"], adminWebhookRoutes));
          // Owner only, except /me and /password (every admin, declared on the routes).
          await admin.register(withRoles(["owner"], adminAdminsRoutes));
          // Every admin's own set-up; the "required for everyone" switch is the owner's.
          await admin.register(withRoles(ANY_ADMIN, adminTwoFactorRoutes));
        }),
        { prefix: "/admin" },
      );
    },
    { prefix: "/api" },
  );

  await app.register(uploadsStoragePlugin);
  await app.register(webPlugin, { mode: opts.web ?? "none" });
  return app;
}
