import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ADMINS_MESSAGES, auditReadRoles, rolesAllow } from "../../../shared/domain/admins.ts";
import { auditListResponseSchema, auditQuerySchema } from "../../../shared/schemas/audit.ts";
import { forbidden } from "../../http-errors.ts";

/** Registered inside the /api/admin plugin, whose hook already requires an admin token. */
export const adminAuditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/audit",
    {
      schema: {
        summary: "The audit log",
        querystring: auditQuerySchema,
        response: { 200: auditListResponseSchema },
      },
    },
    async (request) => {
      // A record's history is for the role that edits it; the whole log, the owner's.
      if (!rolesAllow(await request.adminRoles(), auditReadRoles(request.query.entity)))
        throw forbidden(ADMINS_MESSAGES.FORBIDDEN_ROLE);
      return app.services.audit.history(request.query);
    },
  );
};
