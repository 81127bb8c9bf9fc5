import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { dashboardSchema } from "../../../shared/schemas/admin-dashboard.ts";

/** Registered inside the /api/admin plugin, whose hook already requires an admin token. */
export const adminDashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/dashboard",
    {
      schema: {
        summary: "Sales dashboard",
        response: { 200: z.object({ data: dashboardSchema }) },
      },
    },
    async () => ({ data: await app.services.dashboard.overview() }),
  );
};
