import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { MESSAGES } from "../../../shared/domain/validation-messages.ts";
import { accountUpdateSchema, passwordChangeSchema } from "../../../shared/schemas/account.ts";
import {
  AUTH_MESSAGES,
  type LoginResponse,
  loginResponse,
  loginSchema,
  registerSchema,
  userDto,
} from "../../../shared/schemas/auth.ts";
import { forbidden, HttpError, unauthorized } from "../../http-errors.ts";
import { publicFormRateLimit } from "../../plugins/security.ts";
import { googleRoutes } from "./google.ts";
import { toUserDto } from "./service.ts";
import type { TokenKind } from "./tokens.ts";

/** SPEC/issue: login and admin login, 5 a minute per address (here) and per e-mail (below). */
export const SIGN_IN_LIMIT = { max: 5, timeWindow: 60_000 } as const;

const tooManyAttempts = (ttlMs: number) =>
  new HttpError(429, AUTH_MESSAGES.TOO_MANY_ATTEMPTS, undefined, {
    "retry-after": String(Math.max(1, Math.ceil(ttlMs / 1000))),
  });

const signInRateLimit = {
  ...SIGN_IN_LIMIT,
  errorResponseBuilder: (_request: FastifyRequest, context: { ttl: number }) =>
    tooManyAttempts(context.ttl),
};

const userBody = z.object({ data: userDto });

export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  const { accounts, tokens } = app.services;

  // Per e-mail, so guessing one account's password from many addresses is capped as well.
  // Shared by both sign-in routes: alternating between them buys no extra attempts.
  const perEmail = app.createRateLimit({
    ...SIGN_IN_LIMIT,
    keyGenerator: (request) =>
      `sign-in:${String((request.body as { email?: string } | undefined)?.email ?? "").toLowerCase()}`,
  });
  // Per address, one budget for both sign-in routes (issue 14.6): the address is request.ip,
  // which only TRUST_PROXY's hop count or proxy list lets X-Forwarded-For decide (14.4).
  const perAddress = app.createRateLimit({
    ...SIGN_IN_LIMIT,
    keyGenerator: (request) => `sign-in-ip:${request.ip}`,
  });
  const limitSignIn = async (request: FastifyRequest) => {
    for (const limiter of [perAddress, perEmail]) {
      const result = await limiter(request);
      if (!result.isAllowed && result.isExceeded) throw tooManyAttempts(result.ttl);
    }
  };
  // Issue 14.10: "already registered" on an account update tells whether an e-mail has an
  // account, so updates are capped per address like register.
  const perAddressUpdate = app.createRateLimit({
    ...publicFormRateLimit,
    keyGenerator: (request) => `account-update-ip:${request.ip}`,
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

  app.post(
    "/auth/register",
    {
      config: { rateLimit: publicFormRateLimit },
      schema: { body: registerSchema, response: { 201: loginResponse } },
    },
    async (request, reply) => {
      const user = await accounts.register(request.body);
      return reply.status(201).send(await signedIn(user.id, "customer", user));
    },
  );

  app.post(
    "/auth/login",
    {
      preHandler: limitSignIn,
      schema: { body: loginSchema, response: { 200: loginResponse } },
    },
    async (request) => {
      const user = await accounts.authenticate(request.body.email, request.body.password);
      if (!user) throw unauthorized(AUTH_MESSAGES.INVALID_CREDENTIALS);
      return signedIn(user.id, "customer", user);
    },
  );

  app.post(
    "/auth/admin-login",
    {
      preHandler: limitSignIn,
      schema: { body: loginSchema, response: { 200: loginResponse } },
    },
    async (request) => {
      const user = await accounts.authenticate(request.body.email, request.body.password);
      if (!user) throw unauthorized(AUTH_MESSAGES.INVALID_CREDENTIALS);
      // Right password, wrong role: SPEC's refusal, and no token is created.
      if (!user.isAdmin) throw forbidden(MESSAGES.ADMIN_NOT_AUTHORIZED);
      return signedIn(user.id, "admin", user);
    },
  );

  app.post("/auth/logout", { preHandler: app.requireUser }, async (request, reply) => {
    const session = (await request.session())!;
    await tokens.revoke(session.tokenId);
    return reply.status(204).send();
  });

  app.get(
    "/account",
    { preHandler: app.requireUser, schema: { response: { 200: userBody } } },
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
      preHandler: [app.requireUser, limitAccountUpdate],
      schema: { body: accountUpdateSchema, response: { 200: userBody } },
    },
    async (request) => {
      const session = (await request.session())!;
      return { data: toUserDto(await accounts.update(session.user.id, request.body)) };
    },
  );

  app.put(
    "/account/password",
    {
      preHandler: app.requireUser,
      // It checks a password, so it is rate-limited like a sign-in.
      config: { rateLimit: signInRateLimit },
      schema: { body: passwordChangeSchema },
    },
    async (request, reply) => {
      const session = (await request.session())!;
      await accounts.changePassword(session.user.id, session.tokenId, request.body);
      return reply.status(204).send();
    },
  );
};
