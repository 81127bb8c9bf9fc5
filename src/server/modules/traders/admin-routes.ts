import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { businessDate } from "../../../shared/domain/business-time.ts";
import { formatMoney } from "../../../shared/domain/money.ts";
import { idParam } from "../../../shared/schemas/fields.ts";
import {
  approveTraderSchema,
  priceListDtoSchema,
  priceListInputSchema,
  receivablesResponseSchema,
  traderCreateSchema,
  traderDtoSchema,
  traderPatchSchema,
} from "../../../shared/schemas/traders.ts";
import { mailOutbox } from "../../db/schema/orders-desk.ts";
import { notFound } from "../../http-errors.ts";
import { paymentReminderMail } from "../mail/account-templates.ts";
import { receivables } from "./receivables.ts";

const NOTHING_OWED = "This trader owes nothing on invoice.";

/** Registered inside /api/admin (owner and orders roles): traders and their price lists. */
export const adminTraderRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = () => app.services.traders;
  const baseUrl = () => app.config.publicUrl ?? `http://localhost:${app.config.port}`;

  app.get(
    "/receivables",
    {
      schema: {
        summary: "What traders owe on invoice, by how late it is",
        response: { 200: receivablesResponseSchema },
      },
    },
    async (_request, reply) => {
      const now = new Date();
      reply.header("cache-control", "no-store");
      return { data: await receivables(app.database.db, now), as_of: businessDate(now) };
    },
  );

  app.post(
    "/receivables/:id/reminder",
    {
      schema: {
        summary: "E-mail a trader what it owes on invoice, in its language",
        params: idParam,
        response: { 202: z.object({ data: z.object({ queued: z.literal(true) }) }) },
      },
    },
    async (request, reply) => {
      const owed = (await receivables(app.database.db)).find((r) => r.id === request.params.id);
      if (!owed) throw notFound(NOTHING_OWED);
      const money = (dollars: number) => formatMoney(Math.round(dollars * 100), owed.lang);
      const mail = paymentReminderMail(
        owed.lang,
        owed.company_name,
        owed.invoices.map((invoice) => ({
          number: invoice.invoice_number ?? invoice.order_number,
          amount: money(invoice.total),
          due: invoice.due_date,
        })),
        money(owed.total),
      );
      await app.database.db
        .insert(mailOutbox)
        .values({ kind: "payment_reminder", to: owed.email, ...mail });
      return reply.status(202).send({ data: { queued: true } });
    },
  );

  app.get(
    "/price-lists",
    {
      schema: {
        summary: "List the wholesale price lists",
        response: { 200: z.object({ data: z.array(priceListDtoSchema) }) },
      },
    },
    async () => ({ data: await service().priceLists() }),
  );
  app.post(
    "/price-lists",
    {
      schema: {
        summary: "Create a wholesale price list",
        body: priceListInputSchema,
        response: { 201: z.object({ data: priceListDtoSchema }) },
      },
    },
    async (request, reply) =>
      reply.status(201).send({ data: await service().createPriceList(request.body) }),
  );
  app.put(
    "/price-lists/:id",
    {
      schema: {
        summary: "Replace a wholesale price list",
        params: idParam,
        body: priceListInputSchema,
        response: { 200: z.object({ data: priceListDtoSchema }) },
      },
    },
    async (request) => ({
      data: await service().replacePriceList(request.params.id, request.body),
    }),
  );
  app.delete(
    "/price-lists/:id",
    {
      schema: {
        summary: "Delete a price list no trader uses",
        params: idParam,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await service().deletePriceList(request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    "/traders",
    {
      schema: {
        summary: "List the trader accounts",
        response: { 200: z.object({ data: z.array(traderDtoSchema) }) },
      },
    },
    async () => ({ data: await service().traders() }),
  );
  app.post(
    "/traders",
    {
      schema: {
        summary: "Add a trader and e-mail the invitation to choose a password",
        body: traderCreateSchema,
        response: { 201: z.object({ data: traderDtoSchema }) },
      },
    },
    async (request, reply) =>
      reply.status(201).send({ data: await service().createTrader(request.body, baseUrl()) }),
  );
  app.patch(
    "/traders/:id",
    {
      schema: {
        summary: "Edit or suspend a trader",
        params: idParam,
        body: traderPatchSchema,
        response: { 200: z.object({ data: traderDtoSchema }) },
      },
    },
    async (request) => ({ data: await service().updateTrader(request.params.id, request.body) }),
  );
  app.post(
    "/inbox/:id/approve-trader",
    {
      schema: {
        summary: "Approve a trader enquiry: the account and its invitation e-mail",
        params: idParam,
        body: approveTraderSchema,
        response: { 201: z.object({ data: traderDtoSchema }) },
      },
    },
    async (request, reply) =>
      reply.status(201).send({
        data: await service().approveEnquiry(request.params.id, request.body, baseUrl()),
      }),
  );
};
