import type { FastifyReply } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { idParam } from "../../../shared/schemas/fields.ts";
import {
  contactMessageDtoSchema,
  contactMessageListSchema,
  inboxCountsSchema,
  inboxListQuerySchema,
  inboxPatchSchema,
  subscriberListSchema,
  traderEnquiryDtoSchema,
  traderEnquiryListSchema,
} from "../../../shared/schemas/inbox.ts";

/** The download name carries the list and the day, e.g. `contact-messages-2026-11-23.csv`. */
function sendCsv(reply: FastifyReply, name: string, csv: string) {
  const day = new Date().toISOString().slice(0, 10);
  return reply
    .header("content-type", "text/csv; charset=utf-8")
    .header("content-disposition", `attachment; filename="${name}-${day}.csv"`)
    .header("cache-control", "no-store")
    .send(csv);
}

/** Registered inside the /api/admin plugin, whose hook already requires an admin token. */
export const adminInboxRoutes: FastifyPluginAsyncZod = async (app) => {
  const inbox = () => app.services.inbox;

  app.get(
    "/inbox/counts",
    { schema: { summary: "Unread counts of the inbox", response: { 200: inboxCountsSchema } } },
    async () => ({
      data: await inbox().counts(),
    }),
  );

  app.get(
    "/contact-messages",
    {
      schema: {
        summary: "List contact messages (JSON or CSV)",
        querystring: inboxListQuerySchema,
        response: { 200: contactMessageListSchema.or(z.string()) },
      },
    },
    async (request, reply) =>
      request.query.format === "csv"
        ? sendCsv(reply, "contact-messages", await inbox().contactMessagesCsv(request.query))
        : inbox().contactMessages(request.query),
  );

  app.patch(
    "/contact-messages/:id",
    {
      schema: {
        summary: "Update a contact message",
        params: idParam,
        body: inboxPatchSchema,
        response: { 200: z.object({ data: contactMessageDtoSchema }) },
      },
    },
    async (request) => ({
      data: await inbox().patchContactMessage(request.params.id, request.body),
    }),
  );

  app.get(
    "/trader-enquiries",
    {
      schema: {
        summary: "List trader enquiries (JSON or CSV)",
        querystring: inboxListQuerySchema,
        response: { 200: traderEnquiryListSchema.or(z.string()) },
      },
    },
    async (request, reply) =>
      request.query.format === "csv"
        ? sendCsv(reply, "trader-enquiries", await inbox().traderEnquiriesCsv(request.query))
        : inbox().traderEnquiries(request.query),
  );

  app.patch(
    "/trader-enquiries/:id",
    {
      schema: {
        summary: "Update a trader enquiry",
        params: idParam,
        body: inboxPatchSchema,
        response: { 200: z.object({ data: traderEnquiryDtoSchema }) },
      },
    },
    async (request) => ({
      data: await inbox().patchTraderEnquiry(request.params.id, request.body),
    }),
  );

  app.get(
    "/subscribers",
    {
      schema: {
        summary: "List newsletter subscribers (JSON or CSV)",
        querystring: inboxListQuerySchema,
        response: { 200: subscriberListSchema.or(z.string()) },
      },
    },
    async (request, reply) =>
      request.query.format === "csv"
        ? sendCsv(reply, "subscribers", await inbox().subscribersCsv(request.query))
        : inbox().subscribers(request.query),
  );

  app.delete(
    "/subscribers/:id",
    { schema: { summary: "Delete a subscriber", params: idParam, response: { 204: z.null() } } },
    async (request, reply) => {
      await inbox().deleteSubscriber(request.params.id);
      return reply.status(204).send(null);
    },
  );
};
