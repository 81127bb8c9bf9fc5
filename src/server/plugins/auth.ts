import type {
  FastifyInstance,
  FastifyPluginAsync,
  FastifyReply,
  FastifyRequest,
  HTTPMethods,
} from "fastify";
import fp from "fastify-plugin";
import { ADMINS_MESSAGES, type AdminRole, rolesAllow } from "../../shared/domain/admins.ts";
import { forbidden, unauthorized } from "../http-errors.ts";
import type { Session } from "../modules/accounts/tokens.ts";

declare module "fastify" {
  interface FastifyRequest {
    /** The bearer token's session, resolved once per request (null = anonymous). */
    session(): Promise<Session | null>;
    /** The signed-in admin's roles, read once per request (none for anyone else). */
    adminRoles(): Promise<AdminRole[]>;
  }
  interface FastifyInstance {
    /** preHandler: a signed-in customer or admin; 401 otherwise. */
    requireUser(request: FastifyRequest, reply: FastifyReply): Promise<void>;
    /**
     * onRequest: an admin token whose roles include one the route declares
     * (`config.roles`); 401 without a valid token, 403 for a customer's or outside one's roles.
     */
    requireAdmin(request: FastifyRequest, reply: FastifyReply): Promise<void>;
    /** Every route as registered, with the roles it declares (see `withRoles`). */
    routeRoles(): Array<{
      method: string;
      url: string;
      roles: readonly AdminRole[] | undefined;
      /** Registered through `adminGuard` (plugins/admin-guard.ts). */
      guarded: boolean;
    }>;
  }
  interface FastifyContextConfig {
    /**
     * The roles that may call this admin route (an owner may call every route).
     * Set for a whole group with `withRoles` where app.ts registers it; a route overrides it.
     */
    roles?: readonly AdminRole[];
  }
}

const cache = new WeakMap<FastifyRequest, Promise<Session | null>>();
const rolesCache = new WeakMap<FastifyRequest, Promise<AdminRole[]>>();

function bearer(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? null;
}

/**
 * Registers a group of admin routes with the roles they need, unless a route says otherwise
 * in its own `config: { roles }`. app.ts reads as the back office's permission map:
 * `admin.register(withRoles(["orders"], adminOrderRoutes))`.
 */
export function withRoles(
  roles: readonly AdminRole[],
  routes: FastifyPluginAsync,
): FastifyPluginAsync {
  return async (scope) => {
    scope.addHook("onRoute", (route) => {
      route.config = { ...route.config, roles: route.config?.roles ?? roles };
    });
    await scope.register(routes);
  };
}

export const authPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorateRequest("session", function (this: FastifyRequest) {
      let pending = cache.get(this);
      if (!pending) {
        const token = bearer(this);
        pending = token ? app.services.tokens.verify(token) : Promise.resolve(null);
        cache.set(this, pending);
      }
      return pending;
    });

    app.decorateRequest("adminRoles", function (this: FastifyRequest) {
      let pending = rolesCache.get(this);
      if (!pending) {
        pending = this.session().then((session) =>
          session?.kind === "admin" && session.user.isAdmin
            ? app.services.admins.rolesOf(session.user.id)
            : [],
        );
        rolesCache.set(this, pending);
      }
      return pending;
    });

    app.decorate("requireUser", async (request: FastifyRequest) => {
      if (!(await request.session())) throw unauthorized();
    });

    app.decorate("requireAdmin", async (request: FastifyRequest) => {
      const session = await request.session();
      if (!session) throw unauthorized();
      // A customer's token never opens the back office, even if the user was later promoted.
      if (session.kind !== "admin" || !session.user.isAdmin)
        throw forbidden("This action is for admins only.");
      // An address no route answers stays a 404 for every admin.
      if (request.is404) return;
      // A route that declares no roles is nobody's (the route-table test names it).
      if (!rolesAllow(await request.adminRoles(), request.routeOptions.config.roles))
        throw forbidden(ADMINS_MESSAGES.FORBIDDEN_ROLE);
    });

    // The live route table's roles: the options object is read after every onRoute hook
    // (the group's `withRoles` runs after this one), so this sees what the route ends up with.
    const routes: Array<{ method: string; url: string; options: { config?: unknown } }> = [];
    app.addHook("onRoute", (route) => {
      for (const method of [route.method].flat() as HTTPMethods[])
        routes.push({ method, url: route.url, options: route });
    });
    app.decorate("routeRoles", () =>
      routes.map(({ method, url, options }) => {
        const config = options.config as
          | { roles?: readonly AdminRole[]; adminGuarded?: boolean }
          | undefined;
        return { method, url, roles: config?.roles, guarded: config?.adminGuarded === true };
      }),
    );
  },
  { name: "auth", dependencies: ["services"] },
);
