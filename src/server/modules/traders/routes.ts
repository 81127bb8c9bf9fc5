import { and, asc, eq } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { businessDate } from "../../../shared/domain/business-time.ts";
import { csvCell } from "../../../shared/domain/csv.ts";
import { centsToDollars } from "../../../shared/domain/money.ts";
import {
  accountTraderResponseSchema,
  statementQuerySchema,
} from "../../../shared/schemas/traders.ts";
import { invoices } from "../../db/schema/invoices.ts";
import { orders } from "../../db/schema/orders.ts";
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

  app.get(
    "/account/statement",
    {
      // Who asks comes before what: a stranger learns nothing of the query's rules.
      onRequest: app.requireUser,
      schema: { summary: "My statement for a period (CSV)", querystring: statementQuerySchema },
    },
    async (request, reply) => {
      const session = (await request.session())!;
      const { from, to } = request.query;
      const today = businessDate(new Date());
      const rows = await app.database.db
        .select({
          number: orders.number,
          createdAt: orders.createdAt,
          status: orders.status,
          paymentMethod: orders.paymentMethod,
          paymentStatus: orders.paymentStatus,
          totalCents: orders.totalCents,
          dueDate: orders.dueDate,
          invoiceNumber: invoices.number,
        })
        .from(orders)
        .leftJoin(invoices, and(eq(invoices.orderId, orders.id), eq(invoices.kind, "invoice")))
        .where(eq(orders.userId, session.user.id))
        .orderBy(asc(orders.createdAt), asc(orders.id));
      const header = "date,order,invoice,payment_method,total,payment_status,due_date,state";
      const lines = rows
        .map((row) => ({ ...row, day: businessDate(row.createdAt) }))
        .filter((row) => row.day >= from && row.day <= to)
        .map((row) => {
          // What the row means for the account: paid, open, overdue, or cancelled.
          const state =
            row.status === "canceled"
              ? "cancelled"
              : row.paymentStatus !== "unpaid"
                ? row.paymentStatus
                : row.dueDate && row.dueDate < today
                  ? "overdue"
                  : "open";
          return [
            row.day,
            row.number,
            row.invoiceNumber ?? "",
            row.paymentMethod,
            (row.totalCents / 100).toFixed(2),
            row.paymentStatus,
            row.dueDate ?? "",
            state,
          ]
            .map(csvCell)
            .join(",");
        });
      return reply
        .header("content-type", "text/csv; charset=utf-8")
        .header("content-disposition", `attachment; filename="statement-${from}-${to}.csv"`)
        .header("cache-control", "no-store")
        .send(`${[header, ...lines].join("\r\n")}\r\n`);
    },
  );
};
