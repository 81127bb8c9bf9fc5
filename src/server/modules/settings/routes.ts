import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { PAYMENT_METHODS } from "../../../shared/domain/payments.ts";
import { adminSettingsSchema } from "../../../shared/schemas/settings.ts";

/** What `GET /api/settings` answers (documented; the body itself is built as a string). */
const publicSettingsResponse = z.object({
  data: adminSettingsSchema
    .omit({
      updated_at: true,
      order_messages: true,
      review_request_days: true,
      mail_openings: true,
      low_stock_kg: true,
      gift_wrap_offered: true,
      gift_wrap_price: true,
      seller_legal_name: true,
      seller_legal_name_ar: true,
      seller_address: true,
      seller_address_ar: true,
      seller_tax_number: true,
      tax_rate_percent: true,
      invoice_due_reminders: true,
    })
    .extend({
      /** Gift wrapping's price in dollars (0 = free); null when not offered. */
      gift_wrap_price: z.number().nullable(),
      payment_methods: z.array(z.enum(PAYMENT_METHODS)),
    }),
});

/**
 * `GET /api/settings`: the shop's public settings (contact details, locations, cart figures,
 * bank-transfer text) in the admin form's shape without its date. Serialised once per
 * content version: a settings save shows here on the next request.
 */
export const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/settings",
    {
      schema: { summary: "The shop's public settings", response: { 200: publicSettingsResponse } },
    },
    async (_request, reply) => {
      const json = await app.services.settings.publicJson();
      return reply.type("application/json; charset=utf-8").send(json as never);
    },
  );
};
