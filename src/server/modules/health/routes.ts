import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";

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
      if (await app.database.ping()) return { status: "ok" as const };
      return reply
        .status(503)
        .send({ status: "unavailable" as const, message: "The database is not answering." });
    },
  );
};
