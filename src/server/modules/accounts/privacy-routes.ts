import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  accountDeletionCheck,
  accountExport,
  deleteAccountSchema,
} from "../../../shared/schemas/account-privacy.ts";
import { publicFormRateLimit } from "../../plugins/security.ts";
import { createPrivacyService } from "./privacy.ts";
import { signInLimits } from "./sign-in-limits.ts";

/**
 * Privacy (ADR 0026): `GET /api/account/export` downloads everything the shop holds
 * about the signed-in customer; `DELETE /api/account { password }` erases the account and
 * anonymises its orders, refused (409) while one of them is open; `GET /api/account/deletion`
 * names those orders before the customer confirms.
 */
export const privacyRoutes: FastifyPluginAsyncZod = async (app) => {
  const privacy = createPrivacyService(app.database.db);
  // Deleting checks a password, so it counts like a sign-in on the account.
  const limits = signInLimits(app);

  app.get(
    "/account/export",
    {
      preHandler: app.requireUser,
      config: { rateLimit: publicFormRateLimit },
      schema: {
        summary: "Download everything the shop holds about me",
        response: { 200: accountExport },
      },
    },
    async (request, reply) => {
      const session = (await request.session())!;
      const now = new Date();
      const day = now.toISOString().slice(0, 10);
      return reply
        .header("cache-control", "no-store")
        .header("content-disposition", `attachment; filename="my-data-${day}.json"`)
        .send(await privacy.exportFor(session.user.id, now));
    },
  );

  app.get(
    "/account/deletion",
    {
      preHandler: app.requireUser,
      schema: {
        summary: "Whether my account can be deleted now, and the open orders that stop it",
        response: { 200: accountDeletionCheck },
      },
    },
    async (request) => {
      const session = (await request.session())!;
      return { data: await privacy.deletionCheck(session.user.id) };
    },
  );

  app.delete(
    "/account",
    {
      preHandler: [
        app.requireUser,
        async (request) => {
          const session = await request.session();
          if (session) await limits.check(request, session.user.email);
        },
      ],
      schema: {
        summary: "Delete my account",
        body: deleteAccountSchema,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      const session = (await request.session())!;
      await limits.counting(request, () =>
        privacy.deleteAccount(session.user.id, request.body.password),
      );
      return reply.status(204).send(null);
    },
  );
};
