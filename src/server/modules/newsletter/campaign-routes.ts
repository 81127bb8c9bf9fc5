import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  CAMPAIGN_MESSAGES,
  campaignDtoSchema,
  campaignInputSchema,
  campaignPreviewSchema,
  campaignSendSchema,
} from "../../../shared/schemas/campaigns.ts";
import { idParam } from "../../../shared/schemas/fields.ts";
import { unprocessable } from "../../http-errors.ts";
import { fallbackOrigin } from "../../public-origin.ts";

const errorBody = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});
const one = z.object({ data: campaignDtoSchema });

/**
 * `/api/admin/campaigns`: newsletter campaigns (the owner, and the catalogue role that writes the
 * shop's content). Sending needs SMTP: without it a test or a send is refused, never queued for
 * nobody to deliver.
 */
export const adminCampaignRoutes: FastifyPluginAsyncZod = async (app) => {
  const baseUrl = fallbackOrigin(app.config);
  const needMail = () => {
    if (!app.config.smtpUrl) throw unprocessable("campaign", CAMPAIGN_MESSAGES.NO_MAIL);
  };

  app.get(
    "/campaigns",
    {
      schema: {
        summary: "Newsletter campaigns",
        response: { 200: z.object({ data: z.array(campaignDtoSchema) }) },
      },
    },
    async () => ({ data: await app.services.campaigns.list() }),
  );

  app.post(
    "/campaigns",
    {
      schema: {
        summary: "Write a newsletter campaign",
        body: campaignInputSchema,
        response: { 201: one, 422: errorBody },
      },
    },
    async (request, reply) => {
      const actor = (await request.session())?.user.id ?? null;
      const data = await app.services.campaigns.create(request.body, actor);
      return reply.status(201).send({ data });
    },
  );

  app.get(
    "/campaigns/:id",
    {
      schema: {
        summary: "A newsletter campaign with its sent, failed and unsubscribed counts",
        params: idParam,
        response: { 200: one, 404: errorBody },
      },
    },
    async (request) => ({ data: await app.services.campaigns.get(request.params.id) }),
  );

  app.put(
    "/campaigns/:id",
    {
      schema: {
        summary: "Rewrite a draft newsletter campaign (a sent or scheduled one is 409)",
        params: idParam,
        body: campaignInputSchema,
        response: { 200: one, 404: errorBody, 409: errorBody, 422: errorBody },
      },
    },
    async (request) => ({
      data: await app.services.campaigns.update(request.params.id, request.body),
    }),
  );

  app.get(
    "/campaigns/:id/preview",
    {
      schema: {
        summary: "A newsletter campaign's e-mail in both languages",
        params: idParam,
        response: { 200: z.object({ data: campaignPreviewSchema }), 404: errorBody },
      },
    },
    async (request) => ({
      data: await app.services.campaigns.preview(request.params.id, baseUrl),
    }),
  );

  app.post(
    "/campaigns/:id/test",
    {
      schema: {
        summary: "Send a newsletter campaign's test to your own address (both languages)",
        params: idParam,
        response: {
          202: z.object({ data: z.object({ to: z.string() }) }),
          404: errorBody,
          422: errorBody,
        },
      },
    },
    async (request, reply) => {
      needMail();
      const to = (await request.session())?.user.email;
      if (!to) throw unprocessable("campaign", CAMPAIGN_MESSAGES.NO_OWN_ADDRESS);
      await app.services.campaigns.sendTest(request.params.id, to, baseUrl);
      const worker = app.mailWorker;
      if (worker && app.config.env !== "test")
        setImmediate(() => void worker.runOnce().catch(() => {}));
      return reply.status(202).send({ data: { to } });
    },
  );

  app.post(
    "/campaigns/:id/send",
    {
      schema: {
        summary: "Send a newsletter campaign now, or schedule it (`at`)",
        params: idParam,
        body: campaignSendSchema,
        response: { 200: one, 404: errorBody, 422: errorBody },
      },
    },
    async (request) => {
      needMail();
      const at = request.body?.at ? new Date(request.body.at) : null;
      const data = await app.services.campaigns.send(request.params.id, at);
      if (data.status === "sending" && app.campaignWorker && app.config.env !== "test") {
        const worker = app.campaignWorker;
        setImmediate(() => void worker.runOnce().catch(() => {}));
      }
      return { data };
    },
  );
};
