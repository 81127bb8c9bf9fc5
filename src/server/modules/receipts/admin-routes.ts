import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { idParam } from "../../../shared/schemas/fields.ts";

/** Registered inside /api/admin: a customer's receipt is for the back office only. */
export const adminReceiptRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/orders/:id/receipts/:receipt",
    {
      schema: {
        summary: "Download a transfer receipt",
        params: idParam.extend({ receipt: idParam.shape.id }),
      },
    },
    async (request, reply) => {
      const file = await app.services.receipts.file(request.params.id, request.params.receipt);
      return (
        reply
          .type(file.contentType)
          .header("content-disposition", `inline; filename="${file.name}"`)
          .header("cache-control", "no-store")
          .header("x-content-type-options", "nosniff")
          // A PDF opened from here runs nothing and reaches nothing.
          .header("content-security-policy", "sandbox; default-src 'none'")
          .send(file.data)
      );
    },
  );
};
