import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { seasonListResponseSchema } from "../../../shared/schemas/calendar.ts";

/**
 * `GET /api/seasons` (public): the seasons open for orders and those to come, with their
 * Hijri dates, for the storefront's banner and checkout.
 */
export const seasonRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get("/seasons", { schema: { response: { 200: seasonListResponseSchema } } }, async () => ({
    data: await app.services.seasons.current(),
  }));
};
