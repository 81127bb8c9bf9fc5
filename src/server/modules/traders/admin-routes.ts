import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { businessDate } from "../../../shared/domain/business-time.ts";
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
import { receivables } from "./receivables.ts";

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
