import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { LANGUAGE_COOKIE, pickServerLanguage } from "../../../shared/domain/language.ts";
import { idParam } from "../../../shared/schemas/fields.ts";
import {
  kitchenOrderResponseSchema,
  kitchenOrdersQuerySchema,
  kitchenOrdersResponseSchema,
  kitchenStepBodySchema,
} from "../../../shared/schemas/kitchen-orders.ts";
import { answerRuleErrors } from "../../rule-error.ts";

const errorBody = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});

/**
 * The kitchen screen's calls, inside the /api/admin plugin (kitchen, orders and owner roles):
 * `GET /kitchen/orders?date=` and `POST /kitchen/orders/{id}/step`.
 */
export const adminKitchenOrderRoutes: FastifyPluginAsyncZod = async (app) => {
  answerRuleErrors(app);
  const service = () => app.services.kitchenOrders;

  app.get(
    "/kitchen/orders",
    {
      schema: {
        summary: "The kitchen screen: a day's orders holding a dish, by slot",
        querystring: kitchenOrdersQuerySchema,
        response: { 200: kitchenOrdersResponseSchema, 400: errorBody },
      },
    },
    async (request, reply) => {
      const date = request.query.date ?? service().today();
      reply.header("cache-control", "no-store");
      return { data: await service().list(date), meta: { date } };
    },
  );

  app.post(
    "/kitchen/orders/:id/step",
    {
      schema: {
        summary: "Move a kitchen order to its next step",
        params: idParam,
        body: kitchenStepBodySchema,
        response: {
          200: kitchenOrderResponseSchema,
          404: errorBody,
          // A step out of order also says which step is current and which comes next.
          409: errorBody.extend({
            code: z.string(),
            message_ar: z.string(),
            current: z.string().nullable(),
            next: z.string().nullable(),
          }),
        },
      },
    },
    async (request) => {
      const session = await request.session();
      const lang = pickServerLanguage(
        request.cookies[LANGUAGE_COOKIE],
        request.headers["accept-language"],
      );
      return {
        data: await service().step(
          request.params.id,
          request.body.step,
          session?.user.id ?? null,
          lang,
        ),
      };
    },
  );
};
