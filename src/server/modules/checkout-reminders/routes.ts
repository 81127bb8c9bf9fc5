import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  checkoutContactSchema,
  checkoutReminderStatsSchema,
  restoredCartSchema,
  restoreTokenParam,
} from "../../../shared/schemas/checkout-reminders.ts";
import { publicFormRateLimit } from "../../plugins/security.ts";

const errorBody = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});

/**
 * Abandoned checkouts: checkout records the address a shopper gave with their consent to one
 * reminder, and the reminder's link restores the cart. Recorded whatever the setting says (the
 * job only writes when reminders are on), and answered the same for a new or a known address.
 */
export const checkoutReminderRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/checkout/contact",
    {
      config: { rateLimit: publicFormRateLimit },
      schema: {
        summary: "Record the e-mail given at checkout, with consent to one reminder",
        body: checkoutContactSchema,
        response: { 202: z.object({ data: z.object({ ok: z.literal(true) }) }), 422: errorBody },
      },
    },
    async (request, reply) => {
      const settings = await app.services.settings.get();
      await app.services.checkoutReminders.record(request.body, {
        hours: settings.abandonedCheckoutHours,
      });
      return reply.status(202).send({ data: { ok: true as const } });
    },
  );

  app.get(
    "/cart/restore/:token",
    {
      config: { rateLimit: publicFormRateLimit },
      schema: {
        summary: "The cart lines behind a reminder's restore link",
        params: restoreTokenParam,
        response: { 200: restoredCartSchema, 404: errorBody },
      },
    },
    async (request) => ({
      data: { lines: await app.services.checkoutReminders.restore(request.params.token) },
    }),
  );
};

/** `/api/admin/checkout-reminders`: the dashboard's figures (owner). */
export const adminCheckoutReminderRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/checkout-reminders",
    {
      schema: {
        summary: "Abandoned-checkout reminders sent in 30 days and the orders that followed",
        response: { 200: checkoutReminderStatsSchema },
      },
    },
    async () => ({ data: await app.services.checkoutReminders.stats() }),
  );
};
