import type { FastifyInstance, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { ANY_ADMIN } from "../../../shared/domain/admins.ts";
import { TWO_FACTOR_MESSAGES } from "../../../shared/domain/two-factor-messages.ts";
import { type LoginResponse, loginResponse } from "../../../shared/schemas/auth.ts";
import {
  twoFactorDisableSchema,
  twoFactorEnableResponse,
  twoFactorEnableSchema,
  twoFactorPolicySchema,
  twoFactorSetupResponse,
  twoFactorSignInSchema,
  twoFactorStatusSchema,
} from "../../../shared/schemas/two-factor.ts";
import { forbidden, unauthorized, unprocessable } from "../../http-errors.ts";
import { toUserDto } from "../accounts/service.ts";
import { signInLimits } from "../accounts/sign-in-limits.ts";

const errorBody = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});
const errors = { 400: errorBody, 409: errorBody, 422: errorBody, 429: errorBody };

async function sessionOf(request: FastifyRequest) {
  const session = await request.session();
  if (!session) throw unauthorized();
  return session;
}

/**
 * The code step of a sign-in whose account has two-factor on, `{ challenge, code }` (a TOTP
 * code or a recovery code), answered with `{ token, token_type, user }`:
 * `POST /api/auth/admin-login/2fa` after `POST /api/auth/admin-login` (an admin token), and
 * `POST /api/auth/login/2fa` after `POST /api/auth/login` (a customer token: the account's
 * own pages change its e-mail and password, so they need the code as much as the back office).
 *
 * Limits: the address's (wrong codes and forged challenges count as its failures),
 * and the challenge's and the account's wrong codes, whatever the address (the service). The
 * password step's per-account counters do not apply here: the owner who passed the password
 * from a fresh address must not be refused at the code because others guessed the password.
 */
export const twoFactorSignInRoutes: FastifyPluginAsyncZod = async (app) => {
  const limits = signInLimits(app);
  const codeStep = (path: string, kind: "admin" | "customer", summary: string) =>
    app.post(
      path,
      {
        schema: {
          summary,
          body: twoFactorSignInSchema,
          response: { 200: loginResponse, 403: errorBody, 422: errorBody, 429: errorBody },
        },
      },
      async (request): Promise<LoginResponse> => {
        const { twoFactor, tokens, accounts } = app.services;
        await limits.checkAddress(request);
        const owner = await limits.counting(request, async () => {
          const found = await twoFactor.challengeOwner(request.body.challenge);
          // No longer an admin since the password: no back-office sign-in to finish.
          if (kind === "admin" && !found.isAdmin)
            throw unprocessable("challenge", TWO_FACTOR_MESSAGES.CHALLENGE_INVALID);
          return found;
        });
        const userId = await limits.counting(request, () =>
          twoFactor.completeChallenge(owner.challengeId, request.body.code),
        );
        const user = await accounts.get(userId);
        if (!user) throw unauthorized();
        if (kind === "admin" && !user.isAdmin) throw forbidden("This action is for admins only.");
        const { token, expiresAt } = await tokens.issue(userId, kind);
        return {
          token,
          token_type: "Bearer",
          expires_at: expiresAt.toISOString(),
          user: toUserDto(user),
        };
      },
    );
  codeStep("/auth/admin-login/2fa", "admin", "Finish a back-office sign-in with a two-factor code");
  codeStep("/auth/login/2fa", "customer", "Finish a shop sign-in with a two-factor code");
};

/** Addresses an admin still reaches while the shop requires a set-up they have not done. */
export const OPEN_DURING_SETUP: ReadonlySet<string> = new Set([
  "/api/admin/me",
  "/api/admin/2fa",
  "/api/admin/2fa/setup",
  "/api/admin/2fa/enable",
]);

/**
 * onRequest, after `requireAdmin`: when the owner requires two-factor sign-in, an admin
 * without it may only read who they are and set it up (403 with why for anything else), so a
 * session from before the rule, or from the password alone, cannot use the back office.
 */
export function twoFactorGate(app: FastifyInstance) {
  return async (request: FastifyRequest) => {
    if (request.is404 || OPEN_DURING_SETUP.has(request.routeOptions.url ?? "")) return;
    if (!(await app.services.twoFactor.requiredCached())) return;
    const session = await request.session();
    if (session && !(await app.services.twoFactor.isEnabled(session.user.id)))
      throw forbidden(TWO_FACTOR_MESSAGES.REQUIRED_SETUP);
  };
}

/**
 * `/api/admin/2fa`: every admin's own (status, set-up, enable, disable); the policy switch is
 * the owner's. Enable and disable check a code (and disable a password): the sign-in limits
 * apply on the admin's account.
 */
export const adminTwoFactorRoutes: FastifyPluginAsyncZod = async (app) => {
  const limits = signInLimits(app);
  const limitOwnAccount = async (request: FastifyRequest) =>
    limits.check(request, (await sessionOf(request)).user.email);

  app.get(
    "/2fa",
    {
      config: { roles: ANY_ADMIN },
      schema: {
        summary: "My two-factor sign-in and the shop's policy",
        response: { 200: z.object({ data: twoFactorStatusSchema }) },
      },
    },
    async (request) => ({
      data: await app.services.twoFactor.status((await sessionOf(request)).user.id),
    }),
  );

  app.post(
    "/2fa/setup",
    {
      config: { roles: ANY_ADMIN },
      schema: {
        summary: "Start setting up two-factor sign-in",
        response: { 200: twoFactorSetupResponse, 409: errorBody },
      },
    },
    async (request) => ({
      data: await app.services.twoFactor.setup((await sessionOf(request)).user),
    }),
  );

  app.post(
    "/2fa/enable",
    {
      config: { roles: ANY_ADMIN },
      preHandler: limitOwnAccount,
      schema: {
        summary: "Turn two-factor sign-in on with a first code",
        body: twoFactorEnableSchema,
        response: { 200: twoFactorEnableResponse, ...errors },
      },
    },
    async (request) => {
      const { user } = await sessionOf(request);
      const codes = await limits.counting(request, () =>
        app.services.twoFactor.enable(user.id, request.body.code),
      );
      return { data: { recovery_codes: codes } };
    },
  );

  app.post(
    "/2fa/disable",
    {
      config: { roles: ANY_ADMIN },
      preHandler: limitOwnAccount,
      schema: {
        summary: "Turn two-factor sign-in off",
        body: twoFactorDisableSchema,
        response: { 200: z.object({ data: twoFactorStatusSchema }), ...errors },
      },
    },
    async (request) => {
      const { user } = await sessionOf(request);
      await limits.counting(request, () => app.services.twoFactor.disable(user.id, request.body));
      return { data: await app.services.twoFactor.status(user.id) };
    },
  );

  app.put(
    "/2fa/policy",
    {
      config: { roles: ["owner"] },
      schema: {
        summary: "Require two-factor sign-in of every admin (owner)",
        body: twoFactorPolicySchema,
        response: { 200: z.object({ data: twoFactorStatusSchema }), 422: errorBody },
      },
    },
    async (request) => {
      const { user } = await sessionOf(request);
      await app.services.twoFactor.setRequired(user.id, request.body.required);
      return { data: await app.services.twoFactor.status(user.id) };
    },
  );
};
