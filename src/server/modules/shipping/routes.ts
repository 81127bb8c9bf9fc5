import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { ORDER_MESSAGES, splitCartLines } from "../../../shared/schemas/order.ts";
import {
  publicShippingResponseSchema,
  shippingQuoteRequestSchema,
  shippingQuoteResponseSchema,
} from "../../../shared/schemas/shipping.ts";
import { HttpError } from "../../http-errors.ts";

const errorBody = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});

/**
 * Public shipping. `POST /api/shipping/quote`: the methods and fees checkout offers
 * for a country and a cart (a refusal is a 200 with `ok: false`: it is an answer, not an
 * error). `GET /api/shipping`: the zones and the refused list the shipping page shows.
 * Both read the rules through the content cache, so an owner's save shows on the next call.
 */
export const shippingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/shipping/quote",
    {
      schema: {
        summary: "Quote delivery and pickup for an address and cart",
        body: shippingQuoteRequestSchema,
        response: { 200: shippingQuoteResponseSchema, 422: errorBody },
      },
      // Dishes ride in `lines` beside the sweets; they are validated by their own schema.
      preValidation: async (request) => {
        request.body = splitCartLines(request.body) as typeof request.body;
      },
    },
    async (request) => {
      if (request.body.lines.length === 0 && request.body.dishes.length === 0)
        throw new HttpError(422, ORDER_MESSAGES.LINES_REQUIRED, {
          lines: [ORDER_MESSAGES.LINES_REQUIRED],
        });
      return {
        data: await app.services.shipping.quote(
          request.body.country,
          request.body.lines,
          new Date(),
          request.body.dishes,
        ),
      };
    },
  );

  app.get(
    "/shipping",
    {
      schema: {
        summary: "Delivery zones and pickup points",
        response: { 200: publicShippingResponseSchema },
      },
    },
    async (_request, reply) => {
      // Serialised once per content version; a string skips the per-request serializer.
      const json = await app.services.shipping.publicJson();
      return reply.type("application/json; charset=utf-8").send(json as never);
    },
  );
};
