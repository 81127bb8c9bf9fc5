import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  calendarDayInputSchema,
  calendarDayParamsSchema,
  calendarDayResponseSchema,
  calendarQuerySchema,
  calendarResponseSchema,
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
};
