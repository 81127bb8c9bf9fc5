import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { idParam } from "../../../shared/schemas/fields.ts";
import { promotionDtoSchema, promotionInputSchema } from "../../../shared/schemas/promotions.ts";

const errorBody = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});
const one = z.object({ data: promotionDtoSchema });

/** `/api/admin/promotions`: the automatic promotions (catalogue role; the owner too). */
export const adminPromotionRoutes: FastifyPluginAsyncZod = async (app) => {
  const actorOf = async (request: { session(): Promise<{ user: { id: number } } | null> }) =>
    (await request.session())?.user.id ?? null;

  app.get(
    "/promotions",
    {
      schema: {
        summary: "Automatic promotions",
        response: { 200: z.object({ data: z.array(promotionDtoSchema) }) },
      },
    },
    async () => ({ data: await app.services.promotions.list() }),
  );

  app.post(
    "/promotions",
    {
      schema: {
        summary: "Create an automatic promotion",
        body: promotionInputSchema,
        response: { 201: one, 422: errorBody },
      },
    },
    async (request, reply) => {
      const data = await app.services.promotions.create(request.body, await actorOf(request));
      return reply.status(201).send({ data });
    },
  );

  app.put(
    "/promotions/:id",
    {
      schema: {
        summary: "Change an automatic promotion",
        params: idParam,
        body: promotionInputSchema,
        response: { 200: one, 404: errorBody, 422: errorBody },
      },
    },
    async (request) => ({
      data: await app.services.promotions.update(
        request.params.id,
        request.body,
        await actorOf(request),
      ),
    }),
  );

  app.delete(
    "/promotions/:id",
    {
      schema: {
        summary: "Delete an automatic promotion",
        params: idParam,
        response: { 200: z.object({ data: z.object({ id: z.number().int() }) }), 404: errorBody },
      },
    },
    async (request) => {
      await app.services.promotions.remove(request.params.id, await actorOf(request));
      return { data: { id: request.params.id } };
    },
  );
};
