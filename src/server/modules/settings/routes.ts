import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";

/**
 * `GET /api/settings`: the shop's public settings (contact details, locations, cart figures,
 * bank-transfer text) in the admin form's shape without its date. Serialised once per
 * content version: a settings save shows here on the next request.
 */
export const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get("/settings", async (_request, reply) => {
    const json = await app.services.settings.publicJson();
    return reply.type("application/json; charset=utf-8").send(json as never);
  });
};
