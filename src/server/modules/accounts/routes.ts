import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { LANGUAGE_COOKIE, pickServerLanguage } from "../../../shared/domain/language.ts";
import { MESSAGES } from "../../../shared/domain/validation-messages.ts";
import { passwordChangeSchema } from "../../../shared/schemas/account.ts";
import { accountUpdateBodySchema } from "../../../shared/schemas/account-phones.ts";
import {
  AUTH_MESSAGES,
  type LoginResponse,
  loginResponse,
  loginSchema,
  registerSchema,
  userDto,
} from "../../../shared/schemas/auth.ts";
import { TRADER_MESSAGES } from "../../../shared/schemas/traders.ts";
import {
  type AdminLoginResponse,
  adminLoginResponse,
  type TwoFactorChallengeResponse,
  twoFactorChallengeResponse,
} from "../../../shared/schemas/two-factor.ts";
import { forbidden, HttpError, unauthorized } from "../../http-errors.ts";
import { addressKey } from "../../plugins/address-key.ts";
import { publicFormRateLimit } from "../../plugins/security.ts";
import type { VerificationMailOptions } from "./email-verification.ts";
import { emailVerificationRoutes } from "./email-verification-routes.ts";
import { googleRoutes } from "./google.ts";
import { passwordResetRoutes } from "./password-reset-routes.ts";
import { privacyRoutes } from "./privacy-routes.ts";
import { toUserDto } from "./service.ts";
import { signInLimits } from "./sign-in-limits.ts";
import { isSuspendedTrader } from "./suspended-trader.ts";
import type { TokenKind } from "./tokens.ts";

const userBody = z.object({ data: userDto });

export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  const { accounts, tokens } = app.services;

  // Every password check: per address (failures), per (account, address), and per account
  // without locking the owner out (ADR 0025, sign-in-limits.ts).
  const limits = signInLimits(app);
  const limitSignIn = async (request: FastifyRequest) =>
    limits.check(request, (request.body as { email: string }).email);
  const limitPasswordChange = async (request: FastifyRequest) => {
    const session = await request.session();
    if (session) await limits.check(request, session.user.email);
  };
  // An e-mail change asks for the password: limited like a sign-in when one is given.
  const limitEmailChange = async (request: FastifyRequest) => {
    const session = await request.session();
    if (session && (request.body as { current_password?: unknown }).current_password)
      await limits.check(request, session.user.email);
  };
  /** With two-factor on, the password alone gives no token: the code step does. */
  const challengeIfTwoFactor = async (
    userId: number,
  ): Promise<TwoFactorChallengeResponse | null> =>
    (await app.services.twoFactor.isEnabled(userId))
      ? {
          two_factor_required: true,
          challenge: await app.services.twoFactor.startChallenge(userId),
        }
      : null;
  // "already registered" on an account update tells whether an e-mail has an
  // account, so updates are capped per address like register.
  const perAddressUpdate = app.createRateLimit({
    ...publicFormRateLimit,
    keyGenerator: (request) => `account-update-ip:${addressKey(request.ip)}`,
  });
  const limitAccountUpdate = async (request: FastifyRequest) => {
    const result = await perAddressUpdate(request);
    if (!result.isAllowed && result.isExceeded)
      throw new HttpError(
        429,
        "Too many requests. Please wait a minute and try again.",
        undefined,
        {
          "retry-after": String(Math.max(1, Math.ceil(result.ttl / 1000))),
        },
      );
  };

  const signedIn = async (
    userId: number,
    kind: TokenKind,
    user: Parameters<typeof toUserDto>[0],
  ): Promise<LoginResponse> => {
    const { token, expiresAt } = await tokens.issue(userId, kind);
    return {
      token,
      token_type: "Bearer",
      expires_at: expiresAt.toISOString(),
      user: toUserDto(user),
    };
  };

  // Only when configured (GOOGLE_CLIENT_ID); otherwise the button is not shown either.
  if (app.config.googleClientId)
    await app.register(googleRoutes, { clientId: app.config.googleClientId });
  await app.register(passwordResetRoutes);
  await app.register(emailVerificationRoutes);
  await app.register(privacyRoutes);

  // Registration and an e-mail change send a verification link when the shop can
  // send e-mail, in the language the customer is using; then the outbox is run soon.
  const baseUrl = app.config.publicUrl ?? `http://localhost:${app.config.port}`;
  const languageOf = (request: FastifyRequest) =>
    pickServerLanguage(request.cookies[LANGUAGE_COOKIE], request.headers["accept-language"]);
  const verificationFor = (request: FastifyRequest): VerificationMailOptions | undefined =>
    app.config.smtpUrl ? { baseUrl, lang: languageOf(request) } : undefined;
  const sendSoon = () => {
    const worker = app.mailWorker;
    if (worker && app.config.env !== "test")
      setImmediate(() => void worker.runOnce().catch(() => {}));
  };

  app.post(
    "/auth/register",
    {
      config: { rateLimit: publicFormRateLimit },
      schema: {
        summary: "Register (signs in)",
        body: registerSchema,
        response: { 201: loginResponse },
      },
    },
    async (request, reply) => {
      const user = await accounts.register(request.body, verificationFor(request));
      sendSoon();
      return reply.status(201).send(await signedIn(user.id, "customer", user));
    },
  );

  app.post(
    "/auth/login",
    {
      preHandler: limitSignIn,
      schema: {
        summary: "Sign in as a customer",
        body: loginSchema,
        response: { 200: z.union([loginResponse, twoFactorChallengeResponse]) },
      },
    },
    async (request): Promise<LoginResponse | TwoFactorChallengeResponse> => {
      const user = await accounts.authenticate(request.body.email, request.body.password);
      if (!user) {
        await limits.failed(request);
        throw unauthorized(AUTH_MESSAGES.INVALID_CREDENTIALS);
      }
      // A suspended trader's right password opens nothing (no token is made).
      if (await isSuspendedTrader(app.database.db, user.id))
        throw forbidden(TRADER_MESSAGES.SUSPENDED);
      // An account with two-factor on (an admin's) needs its code here too: the customer
      // session changes the same account's e-mail and password, and can delete it.
      return (await challengeIfTwoFactor(user.id)) ?? signedIn(user.id, "customer", user);
    },
  );

  app.post(
    "/auth/admin-login",
    {
      preHandler: limitSignIn,
      schema: {
        summary: "Sign in to the back office",
        body: loginSchema,
        response: { 200: adminLoginResponse },
      },
    },
    async (request): Promise<AdminLoginResponse> => {
      const user = await accounts.authenticate(request.body.email, request.body.password);
      if (!user) {
        await limits.failed(request);
        throw unauthorized(AUTH_MESSAGES.INVALID_CREDENTIALS);
      }
      // Right password, wrong role: refused (403), and no token is created.
      if (!user.isAdmin) throw forbidden(MESSAGES.ADMIN_NOT_AUTHORIZED);
      // With two-factor sign-in on, no token yet: the code step comes first.
      const twoFactor = await app.services.twoFactor.status(user.id);
      if (twoFactor.enabled)
        return {
          two_factor_required: true,
          challenge: await app.services.twoFactor.startChallenge(user.id),
        };
      const response = await signedIn(user.id, "admin", user);
      // Required by the owner and not set up: the back office opens only the set-up.
      return twoFactor.required ? { ...response, two_factor_setup_required: true } : response;
    },
  );

  app.post(
    "/auth/logout",
    {
      preHandler: app.requireUser,
      schema: { summary: "Sign out (revokes the token)", response: { 204: z.null() } },
    },
    async (request, reply) => {
      const session = (await request.session())!;
      await tokens.revoke(session.tokenId);
      return reply.status(204).send(null);
    },
  );

  app.get(
    "/account",
    { preHandler: app.requireUser, schema: { summary: "My account", response: { 200: userBody } } },
    async (request) => {
      const session = (await request.session())!;
      const user = await accounts.get(session.user.id);
      if (!user) throw unauthorized();
      return { data: toUserDto(user) };
    },
  );

  app.put(
    "/account",
    {
      preHandler: [app.requireUser, limitAccountUpdate, limitEmailChange],
      schema: {
        summary: "Update my account",
        body: accountUpdateBodySchema,
        response: { 200: userBody },
      },
    },
    async (request) => {
      const session = (await request.session())!;
      const user = await limits.counting(request, () =>
        accounts.update(session.user.id, request.body, { verification: verificationFor(request) }),
      );
      sendSoon();
      return { data: toUserDto(user) };
    },
  );

  app.put(
    "/account/password",
    {
      // It checks a password, so it is limited like a sign-in, on the signed-in account.
      preHandler: [app.requireUser, limitPasswordChange],
      schema: {
        summary: "Change my password",
        body: passwordChangeSchema,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      const session = (await request.session())!;
      await limits.counting(request, () =>
        accounts.changePassword(session.user.id, session.tokenId, request.body),
      );
      return reply.status(204).send(null);
    },
  );
};
