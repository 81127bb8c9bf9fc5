import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";

/** A Checkout event is a few KB; anything much larger is not Stripe's. */
export const WEBHOOK_BODY_LIMIT = 256 * 1024;

const webhookAnswer = z.object({ received: z.literal(true), outcome: z.string() });

/**
 * `POST /api/payments/stripe/webhook`. The signature covers the exact bytes Stripe sent, so
 * this route (and only this one: the parser is registered inside this plugin) keeps the body
 * raw. A bad, missing or stale signature is a 400 and changes nothing; a verified event is
 * answered 200 whatever it did (a replay too), so Stripe stops redelivering it.
 */
export const paymentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    "*",
    { parseAs: "buffer", bodyLimit: WEBHOOK_BODY_LIMIT },
    (_request, body, done) => done(null, body),
  );

  app.post(
    "/payments/stripe/webhook",
    {
      bodyLimit: WEBHOOK_BODY_LIMIT,
      schema: {
        summary: "Card gateway webhook (signed by Stripe)",
        response: { 200: webhookAnswer },
      },
    },
    async (request) => {
      const body = Buffer.isBuffer(request.body) ? request.body : undefined;
      const outcome = await app.services.payments.receiveWebhook("stripe", body, request.headers);
      return { received: true as const, outcome };
    },
  );
};
