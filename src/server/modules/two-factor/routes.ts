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
import { forbidden, unauthorized } from "../../http-errors.ts";
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
 * `POST /api/auth/admin-login/2fa { challenge, code }`: the code step of an admin sign-in
 * (after `POST /api/auth/admin-login` answered `{ two_factor_required, challenge }`), a TOTP
 * code or a recovery code, answered with SPEC's `{ token, token_type, user }`. Counted by the
 * sign-in limits on the challenge's admin (ADR 0025): wrong codes count like wrong passwords.
 */
export const twoFactorSignInRoutes: FastifyPluginAsyncZod = async (app) => {
  const limits = signInLimits(app);
  app.post(
    "/auth/admin-login/2fa",
    {
      schema: {
        body: twoFactorSignInSchema,
        response: { 200: loginResponse, 422: errorBody, 429: errorBody },
      },
    },
    async (request): Promise<LoginResponse> => {
      const { twoFactor, tokens, accounts } = app.services;
      let owner: Awaited<ReturnType<typeof twoFactor.challengeOwner>>;
      try {
        owner = await twoFactor.challengeOwner(request.body.challenge);
      } catch (error) {
        // A forged or stale challenge still counts against this address.
        await limits.check(request, "");
        throw error;
      }
      await limits.check(request, owner.email);
      const userId = await twoFactor.completeChallenge(owner.challengeId, request.body.code);
      const user = await accounts.get(userId);
      if (!user?.isAdmin) throw forbidden("This action is for admins only.");
      const { token, expiresAt } = await tokens.issue(userId, "admin");
      return {
        token,
        token_type: "Bearer",
        expires_at: expiresAt.toISOString(),
        user: toUserDto(user),
      };
    },
  );
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
      schema: { response: { 200: z.object({ data: twoFactorStatusSchema }) } },
    },
    async (request) => ({
      data: await app.services.twoFactor.status((await sessionOf(request)).user.id),
    }),
  );

  app.post(
    "/2fa/setup",
    {
      config: { roles: ANY_ADMIN },
      schema: { response: { 200: twoFactorSetupResponse, 409: errorBody } },
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
        body: twoFactorEnableSchema,
        response: { 200: twoFactorEnableResponse, ...errors },
      },
    },
    async (request) => {
      const { user } = await sessionOf(request);
      const codes = await app.services.twoFactor.enable(user.id, request.body.code);
      return { data: { recovery_codes: codes } };
    },
  );

  app.post(
    "/2fa/disable",
    {
      config: { roles: ANY_ADMIN },
      preHandler: limitOwnAccount,
      schema: {
        body: twoFactorDisableSchema,
        response: { 200: z.object({ data: twoFactorStatusSchema }), ...errors },
      },
    },
    async (request) => {
      const { user } = await sessionOf(request);
      await app.services.twoFactor.disable(user.id, request.body);
      return { data: await app.services.twoFactor.status(user.id) };
    },
  );

  app.put(
    "/2fa/policy",
    {
      config: { roles: ["owner"] },
      schema: {
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
