import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  adminCouponSchema,
  adminListQuerySchema,
  couponInputSchema,
  pageMetaSchema,
} from "../../../shared/schemas/admin-catalog.ts";
import { idParam } from "../../../shared/schemas/fields.ts";

const errorBody = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});
const one = z.object({ data: adminCouponSchema });

/**
 * `/api/admin/copouns` (the original misspelling, kept for its client) and the same under
 * `/api/admin/coupons`. Inside the admin plugin: an admin token is required.
 */
export const adminCouponRoutes: FastifyPluginAsyncZod = async (app) => {
  const actorOf = async (request: { session(): Promise<{ user: { id: number } } | null> }) =>
    (await request.session())?.user.id ?? null;

  for (const base of ["/copouns", "/coupons"]) {
    app.get(
      base,
      {
        schema: {
          querystring: adminListQuerySchema,
          response: {
            200: z.object({ data: z.array(adminCouponSchema), meta: pageMetaSchema }),
            400: errorBody,
          },
        },
      },
      async (request) => app.services.couponAdmin.list(request.query),
    );

    app.get(
      `${base}/:id`,
      { schema: { params: idParam, response: { 200: one, 404: errorBody } } },
      async (request) => ({ data: await app.services.couponAdmin.get(request.params.id) }),
    );

    app.post(
      base,
      { schema: { body: couponInputSchema, response: { 201: one, 422: errorBody } } },
      async (request, reply) => {
        const data = await app.services.couponAdmin.create(request.body, await actorOf(request));
        return reply.status(201).send({ data });
      },
    );

    app.put(
      `${base}/:id`,
      {
        schema: {
          params: idParam,
          body: couponInputSchema,
          response: { 200: one, 404: errorBody, 422: errorBody },
        },
      },
      async (request) => ({
        data: await app.services.couponAdmin.update(
          request.params.id,
          request.body,
          await actorOf(request),
        ),
      }),
    );

    app.delete(
      `${base}/:id`,
      {
        schema: {
          params: idParam,
          response: { 200: z.object({ data: z.object({ id: z.number().int() }) }), 404: errorBody },
        },
      },
      async (request) => {
        await app.services.couponAdmin.remove(request.params.id, await actorOf(request));
        return { data: { id: request.params.id } };
      },
    );
  }
};
