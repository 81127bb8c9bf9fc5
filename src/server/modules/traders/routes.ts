import { eq } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { centsToDollars } from "../../../shared/domain/money.ts";
import { accountTraderResponseSchema } from "../../../shared/schemas/traders.ts";
import { priceLists, traders } from "../../db/schema/traders.ts";

/** The signed-in trader's own terms (the storefront's trader prices start from this). */
export const traderRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/account/trader",
    {
      preHandler: app.requireUser,
      schema: { summary: "My trade terms", response: { 200: accountTraderResponseSchema } },
    },
    async (request, reply) => {
      const session = (await request.session())!;
      const [row] = await app.database.db
        .select({
          companyName: traders.companyName,
          termsDays: traders.termsDays,
          creditLimitCents: traders.creditLimitCents,
          status: traders.status,
          minOrderTotalCents: priceLists.minOrderTotalCents,
        })
        .from(traders)
        .leftJoin(priceLists, eq(priceLists.id, traders.priceListId))
        .where(eq(traders.userId, session.user.id));
      reply.header("cache-control", "private, no-store");
      if (row?.status !== "active") return { data: null };
      return {
        data: {
          company_name: row.companyName,
          terms_days: row.termsDays,
          credit_limit: centsToDollars(row.creditLimitCents),
          min_order_total: centsToDollars(row.minOrderTotalCents ?? 0),
        },
      };
    },
  );
};
