import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { LANGUAGE_COOKIE, pickServerLanguage } from "../../../shared/domain/language.ts";
import {
  EMAIL_VERIFICATION_MESSAGES,
  resendVerificationSchema,
  verifyEmailSchema,
} from "../../../shared/schemas/account-privacy.ts";
import { HttpError } from "../../http-errors.ts";
import { publicFormRateLimit } from "../../plugins/security.ts";
import { createEmailVerificationService } from "./email-verification.ts";

const messageBody = z.object({ message: z.string() });

/**
 * E-mail verification: `POST /api/auth/verify-email` (the link's page posts the
 * token; no session needed: the link may be opened on another device) and
 * `POST /api/account/verification` ("send again", signed in). Registration and an e-mail change
 * queue their link in their own transaction (service.ts).
 */
export const emailVerificationRoutes: FastifyPluginAsyncZod = async (app) => {
  const verifications = createEmailVerificationService(app.database.db);
  const available = Boolean(app.config.smtpUrl);
  const baseUrl = app.config.publicUrl ?? `http://localhost:${app.config.port}`;

  app.post(
    "/auth/verify-email",
    {
      config: { rateLimit: publicFormRateLimit },
      schema: {
        summary: "Verify an e-mail address from its link",
        body: verifyEmailSchema,
        response: { 200: z.object({ data: z.object({ email_verified: z.literal(true) }) }) },
      },
    },
    async (request) => {
      await verifications.verify(request.body.token);
      return { data: { email_verified: true as const } };
    },
  );

  app.post(
    "/account/verification",
    {
      preHandler: app.requireUser,
      config: { rateLimit: publicFormRateLimit },
      schema: {
        summary: "Send the verification e-mail again",
        body: resendVerificationSchema,
        response: { 202: messageBody },
      },
    },
    async (request, reply) => {
      // Saying "sent" when nothing can be sent would leave people waiting for an e-mail. A 409
      // (the shop's set-up, not a failure of the server): no input may make a 5xx.
      if (!available) throw new HttpError(409, EMAIL_VERIFICATION_MESSAGES.UNAVAILABLE);
      const session = (await request.session())!;
      const lang =
        request.body.lang ??
        pickServerLanguage(request.cookies[LANGUAGE_COOKIE], request.headers["accept-language"]);
      await verifications.resend(session.user.id, { lang, baseUrl });
      // Send now rather than at the worker's next tick (tests run the worker themselves).
      const worker = app.mailWorker;
      if (worker && app.config.env !== "test")
        setImmediate(() => void worker.runOnce().catch(() => {}));
      return reply.status(202).send({ message: EMAIL_VERIFICATION_MESSAGES.SENT });
    },
  );
};
