import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  faqItemInputSchema,
  faqItemResponseSchema,
  faqListResponseSchema,
  policyListResponseSchema,
  policySectionInputSchema,
  policySectionResponseSchema,
} from "../../../shared/schemas/content.ts";
import { idParam } from "../../../shared/schemas/fields.ts";

/** The "Pages" screen: FAQ items and policy sections, every write audited. */
export const adminContentRoutes: FastifyPluginAsyncZod = async (app) => {
  const content = () => app.services.content;
  const actor = async (request: { session(): Promise<{ user: { id: number } } | null> }) =>
    (await request.session())!.user.id;

  app.get("/content/faq", { schema: { response: { 200: faqListResponseSchema } } }, async () => ({
    data: await content().faq(),
  }));

  app.post(
    "/content/faq",
    { schema: { body: faqItemInputSchema, response: { 201: faqItemResponseSchema } } },
    async (request, reply) =>
      reply
        .status(201)
        .send({ data: await content().createFaq(request.body, await actor(request)) }),
  );

  app.put(
    "/content/faq/:id",
    {
      schema: {
        params: idParam,
        body: faqItemInputSchema,
        response: { 200: faqItemResponseSchema },
      },
    },
    async (request) => ({
      data: await content().updateFaq(request.params.id, request.body, await actor(request)),
    }),
  );

  app.delete(
    "/content/faq/:id",
    { schema: { params: idParam, response: { 204: z.null() } } },
    async (request, reply) => {
      await content().deleteFaq(request.params.id, await actor(request));
      return reply.status(204).send(null);
    },
  );

  app.get(
    "/content/policies",
    { schema: { response: { 200: policyListResponseSchema } } },
    async () => ({ data: await content().allSections() }),
  );

  app.put(
    "/content/policies/:id",
    {
      schema: {
        params: idParam,
        body: policySectionInputSchema,
        response: { 200: policySectionResponseSchema },
      },
    },
    async (request) => ({
      data: await content().updateSection(request.params.id, request.body, await actor(request)),
    }),
  );
};
