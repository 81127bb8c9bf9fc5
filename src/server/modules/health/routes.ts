import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";

declare module "fastify" {
  interface FastifyInstance {
    /**
     * Readiness for a load balancer: `drain()` makes /healthz answer 503 while the
     * instance keeps serving, and asks keep-alive clients (nginx's upstream connections) to
     * reconnect elsewhere, so closing later drops nothing.
     */
    readiness: { draining: boolean; drain(): void };
  }
}

/** A ping that has not answered by then counts as a database that is not there. */
const PING_TIMEOUT_MS = 2_000;

export const readinessPlugin = fp(
  async (app: FastifyInstance) => {
    const readiness = {
      draining: false,
      drain() {
        readiness.draining = true;
      },
    };
    app.decorate("readiness", readiness);
    app.addHook("onSend", (_request, reply, payload, done) => {
      if (readiness.draining) reply.header("connection", "close");
      done(null, payload);
    });
  },
  { name: "readiness" },
);

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/healthz",
    {
      config: { rateLimit: false },
      schema: {
        response: {
          200: z.object({ status: z.literal("ok") }),
          503: z.object({ status: z.literal("unavailable"), message: z.string() }),
        },
      },
    },
    async (_request, reply) => {
      if (app.readiness.draining)
        return reply
          .status(503)
          .send({ status: "unavailable" as const, message: "The shop is shutting down." });
      if (await pingWithin(() => app.database.ping(), PING_TIMEOUT_MS))
        return { status: "ok" as const };
      return reply
        .status(503)
        .send({ status: "unavailable" as const, message: "The database is not answering." });
    },
  );
};

function pingWithin(ping: () => Promise<boolean>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  return Promise.race([ping(), timeout]).finally(() => clearTimeout(timer));
}
