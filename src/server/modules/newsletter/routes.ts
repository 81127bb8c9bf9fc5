import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { newsletterSubscribeSchema } from "../../../shared/schemas/newsletter.ts";
import { publicFormRateLimit } from "../../plugins/security.ts";

const subscribed = z.object({ data: z.object({ email: z.string(), subscribed: z.literal(true) }) });

export const newsletterRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/newsletter",
    {
      config: { rateLimit: publicFormRateLimit },
      schema: {
        body: newsletterSubscribeSchema,
        response: { 200: subscribed, 201: subscribed },
      },
    },
    async (request, reply) => {
      const { created } = await app.services.newsletter.subscribe(request.body);
      // 201 for a new address, 200 for a repeat: both mean "you are subscribed".
      return reply
        .status(created ? 201 : 200)
        .send({ data: { email: request.body.email, subscribed: true } });
    },
  );
};
