import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { forbidden, unauthorized } from "../http-errors.ts";
import type { Session } from "../modules/accounts/tokens.ts";

declare module "fastify" {
  interface FastifyRequest {
    /** The bearer token's session, resolved once per request (null = anonymous). */
    session(): Promise<Session | null>;
  }
  interface FastifyInstance {
    /** preHandler: a signed-in customer or admin; 401 otherwise. */
    requireUser(request: FastifyRequest, reply: FastifyReply): Promise<void>;
    /** onRequest: an admin token; 401 without a valid token, 403 for a customer's. */
    requireAdmin(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  }
}

const cache = new WeakMap<FastifyRequest, Promise<Session | null>>();

function bearer(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? null;
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

    app.decorate("requireUser", async (request: FastifyRequest) => {
      if (!(await request.session())) throw unauthorized();
    });

    app.decorate("requireAdmin", async (request: FastifyRequest) => {
      const session = await request.session();
      if (!session) throw unauthorized();
      // A customer's token never opens the back office, even if the user was later promoted.
      if (session.kind !== "admin" || !session.user.isAdmin)
        throw forbidden("This action is for admins only.");
    });
  },
  { name: "auth", dependencies: ["services"] },
);
