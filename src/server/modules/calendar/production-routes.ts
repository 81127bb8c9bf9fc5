import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  packListQuerySchema,
  packListResponseSchema,
  productionQuerySchema,
  productionResponseSchema,
} from "../../../shared/schemas/production.ts";
import { loadPackList, loadProductionSheet, productionCsv } from "./production.ts";

const errorBody = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});

/**
 * The production sheet (owner, orders and kitchen roles): what to make and pack for ready
 * days `from`..`to`. `&format=csv` answers the same figures as a spreadsheet.
 */
export const adminProductionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/production",
    {
      schema: {
        querystring: productionQuerySchema,
        response: { 200: productionResponseSchema, 400: errorBody },
      },
    },
    async (request, reply) => {
      const { from, to, format } = request.query;
      const sheet = await loadProductionSheet(app.database.db, from, to);
      if (format !== "csv") return { data: sheet };
      return reply
        .header("content-type", "text/csv; charset=utf-8")
        .header("content-disposition", `attachment; filename="production-${from}-${to}.csv"`)
        .send(productionCsv(sheet) as never);
    },
  );

  app.get(
    "/production/pack-list",
    {
      schema: {
        querystring: packListQuerySchema,
        response: { 200: packListResponseSchema, 400: errorBody },
      },
    },
    async (request) => ({ data: await loadPackList(app.database.db, request.query.date) }),
  );
};
