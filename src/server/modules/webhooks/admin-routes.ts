import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { idParam } from "../../../shared/schemas/fields.ts";
import {
  webhookCreateSchema,
  webhookDeliveriesQuerySchema,
  webhookDeliveriesResponseSchema,
  webhookDeliverySchema,
  webhookEndpointSchema,
  webhookUpdateSchema,
} from "../../../shared/schemas/webhooks.ts";
import { unauthorized } from "../../http-errors.ts";

const errorBody = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});

/**
 * The owner's (app.ts): `GET/POST /api/admin/webhooks`, `PUT/DELETE
 * /api/admin/webhooks/{id}`, `GET /api/admin/webhooks/{id}/deliveries` and `POST
 * /api/admin/webhooks/deliveries/{id}/retry` ("send again": queued, never sent in the request).
 */
export const adminWebhookRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = () => app.webhooks.service;
  const actorOf = async (request: { session(): Promise<{ user: { id: number } } | null> }) => {
    const session = await request.session();
    if (!session) throw unauthorized();
    return session.user.id;
  };

  app.get(
    "/webhooks",
    { schema: { response: { 200: z.object({ data: z.array(webhookEndpointSchema) }) } } },
    async () => ({ data: await service().list() }),
  );

  app.post(
    "/webhooks",
    {
      schema: {
        body: webhookCreateSchema,
        response: { 201: z.object({ data: webhookEndpointSchema }), 422: errorBody },
      },
    },
    async (request, reply) => {
      const data = await service().create(request.body, await actorOf(request));
      return reply.status(201).send({ data });
    },
  );

  app.put(
    "/webhooks/:id",
    {
      schema: {
        params: idParam,
        body: webhookUpdateSchema,
        response: {
          200: z.object({ data: webhookEndpointSchema }),
          404: errorBody,
          422: errorBody,
        },
      },
    },
    async (request) => ({
      data: await service().update(request.params.id, request.body, await actorOf(request)),
    }),
  );

  app.delete(
    "/webhooks/:id",
    {
      schema: {
        params: idParam,
        response: { 200: z.object({ data: z.object({ id: z.number().int() }) }), 404: errorBody },
      },
    },
    async (request) => {
      await service().remove(request.params.id, await actorOf(request));
      return { data: { id: request.params.id } };
    },
  );

  app.get(
    "/webhooks/:id/deliveries",
    {
      schema: {
        summary: "List a webhook's deliveries",
        params: idParam,
        querystring: webhookDeliveriesQuerySchema,
        response: { 200: webhookDeliveriesResponseSchema, 404: errorBody },
      },
    },
    async (request) => service().deliveries(request.params.id, request.query),
  );

  app.post(
    "/webhooks/deliveries/:id/retry",
    {
      schema: {
        summary: "Send a delivery again",
        params: idParam,
        response: { 202: z.object({ data: webhookDeliverySchema }), 404: errorBody },
      },
    },
    async (request, reply) => {
      const data = await service().retry(request.params.id);
      app.webhooks.kick();
      return reply.status(202).send({ data });
    },
  );
};
