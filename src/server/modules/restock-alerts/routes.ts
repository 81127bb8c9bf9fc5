import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { LANGUAGE_COOKIE, pickServerLanguage } from "../../../shared/domain/language.ts";
import { idParam, text } from "../../../shared/schemas/fields.ts";
import { restockAlertInputSchema } from "../../../shared/schemas/restock-alerts.ts";
import { acceptOneClickForms } from "../../plugins/one-click-forms.ts";
import { publicFormRateLimit } from "../../plugins/security.ts";

const errorBody = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});
const tokenQuery = z.object({ token: text().max(200).optional() });

const STOPPED = {
  en: "Done: no more back-in-stock e-mails will be sent to this address.",
  ar: "تم: لن تُرسل رسائل توفر المنتجات إلى هذا العنوان بعد الآن.",
};

/**
 * Back-in-stock alerts: a shopper leaves an address for a sold-out product (rate limited like
 * the contact form); the restock job sends one e-mail when stock returns. Its one-click stop
 * answers a mail client's POST (RFC 8058) and a person's click (GET) alike: both only delete.
 */
export const restockAlertRoutes: FastifyPluginAsyncZod = async (app) => {
  acceptOneClickForms(app);

  app.post(
    "/products/:id/restock-alerts",
    {
      config: { rateLimit: publicFormRateLimit },
      schema: {
        summary: "E-mail me when this sold-out product is back",
        params: idParam,
        body: restockAlertInputSchema,
        response: {
          202: z.object({ data: z.object({ email: z.string() }) }),
          404: errorBody,
          422: errorBody,
        },
      },
    },
    async (request, reply) => {
      const lang =
        request.body.lang ??
        pickServerLanguage(request.cookies[LANGUAGE_COOKIE], request.headers["accept-language"]);
      await app.services.restockAlerts.subscribe({
        productId: request.params.id,
        email: request.body.email,
        grams: request.body.grams,
        lang,
      });
      return reply.status(202).send({ data: { email: request.body.email } });
    },
  );

  app.post(
    "/restock-alerts/stop",
    {
      config: { rateLimit: publicFormRateLimit },
      schema: {
        summary: "Stop back-in-stock e-mails (one-click from a mail client)",
        querystring: tokenQuery,
        response: { 200: z.object({ data: z.object({ stopped: z.number().int() }) }) },
      },
    },
    async (request) => ({
      data: { stopped: await app.services.restockAlerts.stop(request.query.token ?? "") },
    }),
  );

  app.get(
    "/restock-alerts/stop",
    {
      config: { rateLimit: publicFormRateLimit },
      schema: {
        summary: "Stop back-in-stock e-mails (the link in the e-mail)",
        querystring: tokenQuery,
      },
    },
    async (request, reply) => {
      await app.services.restockAlerts.stop(request.query.token ?? "");
      const lang = pickServerLanguage(
        request.cookies[LANGUAGE_COOKIE],
        request.headers["accept-language"],
      );
      return reply
        .type("text/html; charset=utf-8")
        .header("cache-control", "no-store")
        .send(
          `<!doctype html><html lang="${lang}" dir="${lang === "ar" ? "rtl" : "ltr"}"><meta charset="utf-8"><meta name="robots" content="noindex"><title>${STOPPED[lang]}</title><p>${STOPPED[lang]}</p></html>`,
        );
    },
  );
};
