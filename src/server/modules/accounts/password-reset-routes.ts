import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { LANGUAGE_COOKIE, pickServerLanguage } from "../../../shared/domain/language.ts";
import {
  forgotPasswordSchema,
  PASSWORD_RESET_MESSAGES,
  passwordResetAvailability,
  resetPasswordSchema,
} from "../../../shared/schemas/auth.ts";
import { HttpError } from "../../http-errors.ts";
import { publicFormRateLimit } from "../../plugins/security.ts";
import { createPasswordResetService } from "./password-reset.ts";

/**
 * Every answer to a well-formed forgot-password request takes at least this long: the lookup
 * and the writes for an existing account take a few milliseconds more than for an unknown
 * address, and that difference must not tell which addresses have accounts.
 */
export const FORGOT_PASSWORD_FLOOR_MS = 300;

/** A person asks once or twice; more from one address is a script. */
const forgotRateLimit = { max: 5, timeWindow: 60_000 } as const;

const messageBody = z.object({ message: z.string() });

/**
 * Password reset by e-mail: `GET /api/auth/password-reset` (offered or not),
 * `POST /api/auth/forgot-password`, `POST /api/auth/reset-password`. Offered only when
 * SMTP_URL is set; otherwise the owner's `create-admin` command is the way back in (README).
 */
export const passwordResetRoutes: FastifyPluginAsyncZod = async (app) => {
  const resets = createPasswordResetService(app.database.db, { tokens: app.services.tokens });
  const available = Boolean(app.config.smtpUrl);
  const baseUrl = app.config.publicUrl ?? `http://localhost:${app.config.port}`;

  app.get(
    "/auth/password-reset",
    {
      schema: {
        summary: "Check a password-reset link",
        response: { 200: passwordResetAvailability },
      },
    },
    async () => ({ data: { available } }),
  );

  app.post(
    "/auth/forgot-password",
    {
      config: { rateLimit: forgotRateLimit },
      schema: {
        summary: "Ask for a password-reset e-mail",
        body: forgotPasswordSchema,
        response: { 202: messageBody, 503: messageBody },
      },
    },
    async (request, reply) => {
      // Saying "sent" when nothing can be sent would leave people waiting for an e-mail.
      if (!available) throw new HttpError(503, PASSWORD_RESET_MESSAGES.UNAVAILABLE);
      const started = performance.now();
      const lang =
        request.body.lang ??
        pickServerLanguage(request.cookies[LANGUAGE_COOKIE], request.headers["accept-language"]);
      await resets.request(request.body.email, { lang, baseUrl });
      const wait = FORGOT_PASSWORD_FLOOR_MS - (performance.now() - started);
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      // Send now rather than at the worker's next tick (tests run the worker themselves).
      const worker = app.mailWorker;
      if (worker && app.config.env !== "test")
        setImmediate(() => void worker.runOnce().catch(() => {}));
      return reply.status(202).send({ message: PASSWORD_RESET_MESSAGES.SENT });
    },
  );

  app.post(
    "/auth/reset-password",
    {
      // Each valid try costs a password hash; a token cannot be guessed (256 bits).
      config: { rateLimit: publicFormRateLimit },
      schema: {
        summary: "Set a new password from a reset link",
        body: resetPasswordSchema,
        response: { 200: z.object({ data: z.object({ ok: z.literal(true) }) }) },
      },
    },
    async (request) => {
      await resets.reset(request.body);
      return { data: { ok: true as const } };
    },
  );
};
