import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { businessDate } from "../../../shared/domain/business-time.ts";
import {
  adminCustomerDetailResponseSchema,
  adminCustomerListResponseSchema,
  adminCustomersCsvQuerySchema,
  adminCustomersQuerySchema,
  customerKeyParam,
  customerNoteInputSchema,
  customerNoteResponseSchema,
} from "../../../shared/schemas/admin-customers.ts";
import { customersCsvStream } from "./csv.ts";

/**
 * The back office's customers. Registered inside the /api/admin plugin, whose hook
 * requires an admin token; app.ts gives the group to the `orders` role (and so the owner).
 */
export const adminCustomerRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = () => app.services.customers;

  app.get(
    "/customers",
    {
      schema: {
        summary: "List customers (accounts and guest buyers)",
        querystring: adminCustomersQuerySchema,
        response: { 200: adminCustomerListResponseSchema },
      },
    },
    async (request, reply) => {
      // Serialised once per orders desk version: a string skips the per-request serialiser.
      const json = await service().listJson(request.query);
      return reply.type("application/json; charset=utf-8").send(json as never);
    },
  );

  app.get(
    "/customers.csv",
    { schema: { summary: "Export customers as CSV", querystring: adminCustomersCsvQuerySchema } },
    async (request, reply) =>
      reply
        .header("content-type", "text/csv; charset=utf-8")
        .header(
          "content-disposition",
          `attachment; filename="customers-${businessDate(new Date())}.csv"`,
        )
        .header("cache-control", "no-store")
        .send(customersCsvStream(service(), request.query.search)),
  );

  app.get(
    "/customers/:key",
    {
      schema: {
        summary: "Get a customer with their orders and notes",
        params: customerKeyParam,
        response: { 200: adminCustomerDetailResponseSchema },
      },
    },
    async (request) => ({ data: await service().detail(request.params.key) }),
  );

  app.post(
    "/customers/:key/notes",
    {
      schema: {
        summary: "Add a note to a customer",
        params: customerKeyParam,
        body: customerNoteInputSchema,
        response: { 201: customerNoteResponseSchema },
      },
    },
    async (request, reply) => {
      const session = (await request.session())!;
      const note = await service().addNote(request.params.key, request.body.body, session.user.id);
      return reply.code(201).send({ data: note });
    },
  );
};
