import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  NEWSLETTER_MESSAGES,
  newsletterSubscribedSchema,
  newsletterSubscribeSchema,
  newsletterTokenField,
  newsletterTokenSchema,
} from "../../../shared/schemas/newsletter.ts";
import { unprocessable } from "../../http-errors.ts";
import { publicFormRateLimit } from "../../plugins/security.ts";

const done = z.object({ data: z.object({ ok: z.literal(true) }) });

/**
 * The newsletter with consent: subscribing records a pending address and e-mails a
 * confirmation link; only a confirmed address is a subscriber; every newsletter e-mail has a
 * one-click unsubscribe link and List-Unsubscribe headers (RFC 8058) pointing at
 * `POST /api/newsletter/unsubscribe?token=…`.
 */
export const newsletterRoutes: FastifyPluginAsyncZod = async (app) => {
  const mail = app.config.smtpUrl
    ? { baseUrl: app.config.publicUrl ?? `http://localhost:${app.config.port}` }
    : null;

  // Addresses given while the shop had no SMTP get their confirmation e-mail once it has.
  if (mail)
    app.addHook("onReady", async () => {
      try {
        await app.services.newsletter.confirmWaiting(mail);
      } catch (error) {
        app.log.warn({ err: error }, "newsletter: could not queue waiting confirmations");
      }
    });

  // A mail client's one-click unsubscribe posts `List-Unsubscribe=One-Click` as a form (RFC
  // 8058: multipart or urlencoded); the token is in the address. Only these routes take forms.
  const formBody = { parseAs: "string", bodyLimit: 16 * 1024 } as const;
  app.addContentTypeParser("application/x-www-form-urlencoded", formBody, (_request, body, next) =>
    next(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );
  app.addContentTypeParser("multipart/form-data", formBody, (_request, _body, next) =>
    next(null, {}),
  );

  app.post(
    "/newsletter",
    {
      config: { rateLimit: publicFormRateLimit },
      schema: {
        summary: "Subscribe to the newsletter",
        body: newsletterSubscribeSchema,
        response: { 202: newsletterSubscribedSchema },
      },
    },
    async (request, reply) => {
      await app.services.newsletter.subscribe(request.body, { mail });
      // Send soon rather than at the worker's next tick (tests run the worker themselves).
      const worker = app.mailWorker;
      if (worker && app.config.env !== "test")
        setImmediate(() => void worker.runOnce().catch(() => {}));
      // The same answer for a new, a pending and a confirmed address.
      return reply.status(202).send({
        data: { email: request.body.email, confirmation: mail ? "email" : "later" },
      });
    },
  );

  app.post(
    "/newsletter/confirm",
    {
      config: { rateLimit: publicFormRateLimit },
      schema: {
        summary: "Confirm a newsletter subscription",
        body: newsletterTokenSchema,
        response: { 200: done },
      },
    },
    async (request) => {
      await app.services.newsletter.confirm(request.body.token);
      return { data: { ok: true as const } };
    },
  );

  app.post(
    "/newsletter/unsubscribe",
    {
      config: { rateLimit: publicFormRateLimit },
      schema: {
        summary: "Unsubscribe (page or one-click from a mail client)",
        querystring: z.object({ token: newsletterTokenField.optional() }),
        // JSON from the page, a form (or nothing) from a mail client's one-click POST.
        body: z.object({ token: newsletterTokenField.optional() }).passthrough().nullish(),
        response: { 200: done },
      },
    },
    async (request) => {
      const token = request.body?.token ?? request.query.token;
      if (!token) throw unprocessable("token", NEWSLETTER_MESSAGES.TOKEN_REQUIRED);
      await app.services.newsletter.unsubscribe(token);
      return { data: { ok: true as const } };
    },
  );
};
