import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  contactMessageSchema,
  receivedResponseSchema,
  traderEnquirySchema,
} from "../../../shared/schemas/inbox.ts";
import { publicFormRateLimit } from "../../plugins/security.ts";
import { GUIDE_FILE_NAME, renderPartnershipGuide } from "./partnership-guide.ts";

/** The contact page's form and the traders page's enquiry form (both rate-limited). */
export const inboxRoutes: FastifyPluginAsyncZod = async (app) => {
  // Built on first download and again only when the contact details it prints change.
  let guide: { key: string; pdf: Promise<Buffer> } | undefined;

  app.get(
    "/traders/partnership-guide.pdf",
    { schema: { summary: "The partnership guide (PDF)" } },
    async (_request, reply) => {
      const { phones, emails } = await app.services.settings.get();
      const key = JSON.stringify([phones, emails]);
      if (guide?.key !== key) guide = { key, pdf: renderPartnershipGuide({ phones, emails }) };
      const pdf = await guide.pdf.catch((error: unknown) => {
        guide = undefined;
        throw error;
      });
      return reply
        .header("content-type", "application/pdf")
        .header("content-disposition", `attachment; filename="${GUIDE_FILE_NAME}"`)
        .header("cache-control", "public, max-age=3600")
        .send(pdf);
    },
  );

  app.post(
    "/contact",
    {
      config: { rateLimit: publicFormRateLimit },
      schema: {
        summary: "Send a contact message",
        body: contactMessageSchema,
        response: { 201: receivedResponseSchema },
      },
    },
    async (request, reply) => {
      const { id } = await app.services.inbox.createContactMessage(request.body);
      return reply.status(201).send({ data: { id, received: true } });
    },
  );

  app.post(
    "/traders",
    {
      config: { rateLimit: publicFormRateLimit },
      schema: {
        summary: "Send a trader enquiry",
        body: traderEnquirySchema,
        response: { 201: receivedResponseSchema },
      },
    },
    async (request, reply) => {
      const { id } = await app.services.inbox.createTraderEnquiry(request.body);
      return reply.status(201).send({ data: { id, received: true } });
    },
  );
};
