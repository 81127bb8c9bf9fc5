import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  faqListResponseSchema,
  policyListResponseSchema,
  policyPageParams,
} from "../../../shared/schemas/content.ts";

/** Public reads of the stored FAQ and policy sections (the pages read the service directly). */
export const contentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/content/faq",
    { schema: { summary: "FAQ", response: { 200: faqListResponseSchema } } },
    async () => ({
      data: await app.services.content.faq(),
    }),
  );

  app.get(
    "/content/policies/:page",
    {
      schema: {
        summary: "A policy page",
        params: policyPageParams,
        response: { 200: policyListResponseSchema },
      },
    },
    async (request) => ({ data: await app.services.content.policy(request.params.page) }),
  );
};
