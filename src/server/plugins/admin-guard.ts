import type { FastifyPluginAsync } from "fastify";
import { twoFactorGate } from "../modules/two-factor/routes.ts";

declare module "fastify" {
  interface FastifyContextConfig {
    /** Set on every route registered through `adminGuard` (the route-table test reads it). */
    adminGuarded?: boolean;
  }
}

/**
 * The one guard every admin action passes, wherever its path is: an admin token with one of
 * the route's roles, then the owner's "require two-factor" rule. A route that gives an admin
 * more than a customer is registered through this, never with a hook of its own: a second,
 * hand-made guard is how a route ends up with the role check and without the two-factor one.
 */
export function adminGuard(routes: FastifyPluginAsync): FastifyPluginAsync {
  return async (scope) => {
    scope.addHook("onRequest", scope.requireAdmin);
    // The owner may require two-factor sign-in: until set up, only the set-up opens.
    scope.addHook("onRequest", twoFactorGate(scope));
    scope.addHook("onRoute", (route) => {
      route.config = { ...route.config, adminGuarded: true };
    });
    await scope.register(routes);
  };
}
