import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { LANGUAGE_COOKIE, pickServerLanguage } from "../../../shared/domain/language.ts";
import { idParam, text } from "../../../shared/schemas/fields.ts";
import { orderAccessQuerySchema, orderNumberParams } from "../../../shared/schemas/order.ts";
import {
  adminReviewQuerySchema,
  adminReviewSchema,
  adminReviewUpdateSchema,
  orderReviewsResponseSchema,
  reviewDtoSchema,
  reviewInputSchema,
  reviewListQuerySchema,
  reviewListResponseSchema,
} from "../../../shared/schemas/reviews.ts";
import { acceptOneClickForms } from "../../plugins/one-click-forms.ts";
import { publicFormRateLimit } from "../../plugins/security.ts";
import { viewerOf } from "../orders/viewer.ts";

const errorBody = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});

/** Reviews from buyers: written from a received order (rate limited), read once published. */
export const reviewRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/products/:id/reviews",
    {
      config: { rateLimit: publicFormRateLimit },
      schema: {
        summary: "Review a product received in a completed order",
        params: idParam,
        body: reviewInputSchema,
        response: { 201: z.object({ data: reviewDtoSchema }), 422: errorBody },
      },
    },
    async (request, reply) => {
      const viewer = await viewerOf(request, request.body.key);
      const data = await app.services.reviews.create(request.params.id, request.body, viewer);
      return reply.status(201).send({ data });
    },
  );

  app.get(
    "/orders/:number/reviews",
    {
      schema: {
        summary: "The products of an order its buyer already reviewed",
        params: orderNumberParams,
        querystring: orderAccessQuerySchema,
        response: { 200: orderReviewsResponseSchema, 404: errorBody },
      },
    },
    async (request) => {
      const viewer = await viewerOf(request, request.query.key);
      const ids = await app.services.reviews.reviewedInOrder(request.params.number, viewer);
      return { data: { product_ids: ids } };
    },
  );

  app.get(
    "/products/:id/reviews",
    {
      schema: {
        summary: "A product's published reviews, the page's language first",
        params: idParam,
        querystring: reviewListQuerySchema,
        response: { 200: reviewListResponseSchema },
      },
    },
    async (request) => app.services.reviews.list(request.params.id, request.query.lang ?? "en"),
  );
};

/** `/admin-reviews`' API: the catalogue role's (app.ts). */
export const adminReviewRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/reviews",
    {
      schema: {
        summary: "List reviews to moderate",
        querystring: adminReviewQuerySchema,
        response: {
          200: z.object({
            data: z.array(adminReviewSchema),
            meta: z.object({
              page: z.number().int(),
              per_page: z.number().int(),
              total: z.number().int(),
              last_page: z.number().int(),
            }),
          }),
        },
      },
    },
    async (request) => app.services.reviews.adminList(request.query),
  );

  app.patch(
    "/reviews/:id",
    {
      schema: {
        summary: "Publish, hide or reply to a review",
        params: idParam,
        body: adminReviewUpdateSchema,
        response: {
          200: z.object({
            data: reviewDtoSchema.extend({ status: adminReviewSchema.shape.status }),
          }),
          404: errorBody,
        },
      },
    },
    async (request) => {
      const session = await request.session();
      return {
        data: await app.services.reviews.moderate(
          request.params.id,
          request.body,
          session?.user.id ?? null,
        ),
      };
    },
  );
};

const tokenQuery = z.object({ token: text().max(200).optional() });
const STOPPED = {
  en: "Done: we will not ask this address for reviews again.",
  ar: "تم: لن نطلب من هذا العنوان تقييمات بعد الآن.",
};

/**
 * The review request's one-click stop: a mail client's POST (RFC 8058) and a person's click
 * (GET) alike only record the address as stopped.
 */
export const reviewRequestRoutes: FastifyPluginAsyncZod = async (app) => {
  acceptOneClickForms(app);

  app.post(
    "/review-requests/stop",
    {
      config: { rateLimit: publicFormRateLimit },
      schema: {
        summary: "Stop review requests (one-click from a mail client)",
        querystring: tokenQuery,
        response: { 200: z.object({ data: z.object({ stopped: z.boolean() }) }) },
      },
    },
    async (request) => ({
      data: { stopped: await app.services.reviews.stopRequests(request.query.token ?? "") },
    }),
  );

  app.get(
    "/review-requests/stop",
    {
      config: { rateLimit: publicFormRateLimit },
      schema: {
        summary: "Stop review requests (the link in the e-mail)",
        querystring: tokenQuery,
      },
    },
    async (request, reply) => {
      await app.services.reviews.stopRequests(request.query.token ?? "");
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
