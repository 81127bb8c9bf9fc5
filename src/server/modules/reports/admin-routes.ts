import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  salesReportQuerySchema,
  salesReportResponseSchema,
} from "../../../shared/schemas/reports.ts";
import { salesCsv } from "./service.ts";

const errorBody = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});

/** Sales reports (owner role): `&format=csv` answers the same table as a spreadsheet. */
export const adminReportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/reports/sales",
    {
      schema: {
        summary:
          "Sales of a period grouped by time, product, category, channel, payment, country or zone",
        querystring: salesReportQuerySchema,
        response: { 200: salesReportResponseSchema, 400: errorBody },
      },
    },
    async (request, reply) => {
      const { format, ...query } = request.query;
      const report = await app.services.reports.sales(query);
      if (format !== "csv") return { data: report };
      return reply
        .header("content-type", "text/csv; charset=utf-8")
        .header(
          "content-disposition",
          `attachment; filename="sales-${query.group}-${query.from}-${query.to}.csv"`,
        )
        .send(salesCsv(report) as never);
    },
  );
};
