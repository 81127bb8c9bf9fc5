import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  calendarDayInputSchema,
  calendarDayParamsSchema,
  calendarDayResponseSchema,
  calendarQuerySchema,
  calendarResponseSchema,
  seasonInputSchema,
  seasonListResponseSchema,
  seasonParamsSchema,
  seasonResponseSchema,
} from "../../../shared/schemas/calendar.ts";

const errorBody = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});

/**
 * The kitchen's calendar (owner): each day's capacity against what is booked, and the owner's
 * changes to single dates. Registered inside /api/admin, whose hook requires an admin.
 */
export const adminCalendarRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/calendar",
    {
      schema: {
        querystring: calendarQuerySchema,
        response: { 200: calendarResponseSchema, 400: errorBody },
      },
    },
    async (request) => ({
      data: await app.services.calendar.list(request.query.from, request.query.to),
    }),
  );

  app.put(
    "/calendar/:date",
    {
      schema: {
        params: calendarDayParamsSchema,
        body: calendarDayInputSchema,
        response: { 200: calendarDayResponseSchema, 400: errorBody, 422: errorBody },
      },
    },
    async (request) => {
      const session = (await request.session())!;
      return {
        data: await app.services.calendar.setDay(
          request.params.date,
          request.body,
          session.user.id,
        ),
      };
    },
  );

  // ---- Seasons: their days, when orders open, and products sold only then ----

  app.get("/seasons", { schema: { response: { 200: seasonListResponseSchema } } }, async () => ({
    data: await app.services.seasons.list(),
  }));

  app.post(
    "/seasons",
    {
      schema: {
        body: seasonInputSchema,
        response: { 201: seasonResponseSchema, 400: errorBody, 422: errorBody },
      },
    },
    async (request, reply) => {
      const session = (await request.session())!;
      const season = await app.services.seasons.create(request.body, session.user.id);
      return reply.status(201).send({ data: season });
    },
  );

  app.put(
    "/seasons/:id",
    {
      schema: {
        params: seasonParamsSchema,
        body: seasonInputSchema,
        response: { 200: seasonResponseSchema, 400: errorBody, 404: errorBody, 422: errorBody },
      },
    },
    async (request) => {
      const session = (await request.session())!;
      return {
        data: await app.services.seasons.update(request.params.id, request.body, session.user.id),
      };
    },
  );

  app.delete(
    "/seasons/:id",
    {
      schema: {
        params: seasonParamsSchema,
        response: { 204: z.null(), 400: errorBody, 404: errorBody },
      },
    },
    async (request, reply) => {
      const session = (await request.session())!;
      await app.services.seasons.remove(request.params.id, session.user.id);
      return reply.status(204).send(null);
    },
  );
};
