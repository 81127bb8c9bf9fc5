import type { Config } from "./config.ts";
import type { Database } from "./db/client.ts";
import { createAccountService } from "./modules/accounts/service.ts";
import { createTokenService } from "./modules/accounts/tokens.ts";
import { createCatalogService } from "./modules/catalog/service.ts";
import { createCouponService } from "./modules/coupons/service.ts";
import { createDashboardService } from "./modules/dashboard/service.ts";
import { createNewsletterService } from "./modules/newsletter/service.ts";
import { createNotificationService } from "./modules/notifications/service.ts";
import { createOrderService } from "./modules/orders/service.ts";
import { createSettingsService } from "./modules/settings/service.ts";

/**
 * Every service, built once per app. Routes reach them as `app.services.x`, storefront loaders
 * through React Router's load context, so both use the same queries.
 */
export function createServices(database: Database) {
  const { db } = database;
  const tokens = createTokenService(db);
  const settings = createSettingsService(db);
  return {
    settings,
    newsletter: createNewsletterService(db),
    tokens,
    accounts: createAccountService(db, tokens),
    catalog: createCatalogService(db),
    orders: createOrderService(db, { settings }),
    coupons: createCouponService(db, { settings }),
    notifications: createNotificationService(db),
    dashboard: createDashboardService(db),
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
