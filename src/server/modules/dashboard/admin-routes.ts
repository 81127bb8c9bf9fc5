import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";

const totalsSchema = z.object({
  total_users: z.number().int(),
  total_orders: z.number().int(),
  total_products: z.number().int(),
  total_payments: z.number(),
  total_trader_applications: z.number().int(),
});

/** Registered inside the /api/admin plugin, whose hook already requires an admin token. */
export const adminDashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/dashboard",
    { schema: { response: { 200: z.object({ data: totalsSchema }) } } },
    async () => ({ data: await app.services.dashboard.totals() }),
  );
};
