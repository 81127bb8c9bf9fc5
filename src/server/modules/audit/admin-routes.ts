import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { auditListResponseSchema, auditQuerySchema } from "../../../shared/schemas/audit.ts";

/** Registered inside the /api/admin plugin, whose hook already requires an admin token. */
export const adminAuditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/audit",
    { schema: { querystring: auditQuerySchema, response: { 200: auditListResponseSchema } } },
    async (request) => app.services.audit.history(request.query),
  );
};
