import { eq } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { businessDate } from "../../../shared/domain/business-time.ts";
import { csvCell } from "../../../shared/domain/csv.ts";
import { centsToDollars, toCents } from "../../../shared/domain/money.ts";
import {
  accountLedgerResponseSchema,
  accountTraderResponseSchema,
  statementQuerySchema,
} from "../../../shared/schemas/traders.ts";
import commonAr from "../../../web/i18n/locales/ar/common.json" with { type: "json" };
import commonEn from "../../../web/i18n/locales/en/common.json" with { type: "json" };
import { users } from "../../db/schema/accounts.ts";
import { priceLists, traders } from "../../db/schema/traders.ts";
import { readShopSettings } from "../settings/service.ts";
import { accountLedger, statementRows } from "./statement.ts";
import { renderStatementPdf } from "./statement-pdf.ts";

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
    "/account/trader/ledger",
    {
      preHandler: app.requireUser,
      schema: {
        summary: "My orders on account, invoices, and what is due and overdue",
        response: { 200: accountLedgerResponseSchema },
      },
    },
    async (request, reply) => {
      const session = (await request.session())!;
      reply.header("cache-control", "private, no-store");
      const [trader] = await app.database.db
        .select({ status: traders.status })
        .from(traders)
        .where(eq(traders.userId, session.user.id));
      if (trader?.status !== "active") return { data: null };
      return { data: await accountLedger(app.database.db, session.user.id) };
    },
  );

  app.get(
    "/account/statement",
    {
      // Who asks comes before what: a stranger learns nothing of the query's rules.
      onRequest: app.requireUser,
      schema: {
        summary: "My statement for a period (CSV or PDF)",
        querystring: statementQuerySchema,
      },
    },
    async (request, reply) => {
      const session = (await request.session())!;
      const { from, to, format } = request.query;
      const now = new Date();
      const rows = await statementRows(app.database.db, session.user.id, { from, to }, now);
      reply.header("cache-control", "no-store");
      if (format === "pdf") {
        const db = app.database.db;
        const [who] = await db
          .select({
            name: users.name,
            company: traders.companyName,
            contact: traders.contactName,
            taxNumber: traders.taxNumber,
            lang: traders.lang,
          })
          .from(users)
          .leftJoin(traders, eq(traders.userId, users.id))
          .where(eq(users.id, session.user.id));
        const lang = request.query.lang ?? who?.lang ?? "en";
        const settings = await readShopSettings(db);
        const ledger = await accountLedger(db, session.user.id, now);
        const pdf = await renderStatementPdf({
          lang,
          from,
          to,
          today: businessDate(now),
          seller: {
            name:
              (lang === "ar" ? settings.seller.legalName.ar : "") ||
              settings.seller.legalName.en ||
              (lang === "ar" ? commonAr.brand : commonEn.brand),
            address:
              (lang === "ar" ? settings.seller.address.ar : "") || settings.seller.address.en,
            taxNumber: settings.seller.taxNumber,
          },
          customer: {
            company: who?.company ?? who?.name ?? "",
            name: who?.contact ?? who?.name ?? "",
            taxNumber: who?.taxNumber ?? null,
          },
          rows,
          owedNowCents: toCents(ledger.due + ledger.overdue),
        });
        return reply
          .header("content-type", "application/pdf")
          .header("content-disposition", `attachment; filename="statement-${from}-${to}.pdf"`)
          .send(pdf);
      }
      const header =
        "date,order,invoice,payment_method,total,payment_status,paid_by,due_date,state";
      const lines = rows.map((row) =>
        [
          row.day,
          row.number,
          row.invoiceNumber ?? "",
          row.paymentMethod,
          (row.totalCents / 100).toFixed(2),
          row.paymentStatus,
          // How the payments came, as the owner recorded them ("bank_transfer;cash").
          row.paidBy.join(";"),
          row.dueDate ?? "",
          row.state,
        ]
          .map(csvCell)
          .join(","),
      );
      return reply
        .header("content-type", "text/csv; charset=utf-8")
        .header("content-disposition", `attachment; filename="statement-${from}-${to}.csv"`)
        .send(`${[header, ...lines].join("\r\n")}\r\n`);
    },
  );
};
