import { randomBytes } from "node:crypto";
import type { FastifyReply } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { text } from "../../../shared/schemas/fields.ts";
import { publicFormRateLimit } from "../../plugins/security.ts";
import { publicOrigin } from "../../public-origin.ts";

/**
 * "Continue with Google" (offered only when configured, and then it must work): OpenID
 * Connect with Google's form_post response. GET /api/auth/google sends the browser to Google
 * with a fresh state and nonce (kept in a short-lived cookie); Google posts the ID token back
 * to /api/auth/google/callback, which checks it with Google's tokeninfo endpoint (signature,
 * expiry), then audience, issuer, nonce and a verified e-mail; then the customer is signed in
 * (an account is created on first use) and the browser returns to /login with the new token
 * in the URL fragment, which never reaches a server or a log, for the page to store.
 */
export const GOOGLE_AUTH_URL = "https://accounts.google.com/o/oauth2/v2/auth";
export const GOOGLE_TOKENINFO_URL = "https://oauth2.googleapis.com/tokeninfo";
const STATE_COOKIE = "google_oidc";
const ISSUERS = ["accounts.google.com", "https://accounts.google.com"];

const claimsSchema = z.object({
  aud: z.string(),
  iss: z.string(),
  sub: z.string(),
  email: z.email(),
  email_verified: z.union([z.literal("true"), z.literal(true)]),
  name: z.string().optional(),
  nonce: z.string().optional(),
  exp: z.coerce.number(),
});
export type GoogleIdentity = { sub: string; email: string; name: string };

/** The ID token's claims, or null when Google does not vouch for it or it is not for us. */
export async function verifyGoogleIdToken(
  idToken: string,
  expected: { clientId: string; nonce: string },
  now = Date.now(),
): Promise<GoogleIdentity | null> {
  let body: unknown;
  try {
    const response = await fetch(
      `${GOOGLE_TOKENINFO_URL}?id_token=${encodeURIComponent(idToken)}`,
      { signal: AbortSignal.timeout(5000) },
    );
    if (!response.ok) return null;
    body = await response.json();
  } catch {
    return null;
  }
  const claims = claimsSchema.safeParse(body);
  if (!claims.success) return null;
  const c = claims.data;
  if (c.aud !== expected.clientId || !ISSUERS.includes(c.iss)) return null;
  if (c.nonce !== expected.nonce || c.exp * 1000 <= now) return null;
  return { sub: c.sub, email: c.email, name: c.name?.trim() || c.email.split("@")[0]! };
}

const startQuery = z.object({ redirect: text().max(500).optional() });
const callbackBody = z.object({
  id_token: text().min(1).max(8000).optional(),
  state: text().max(200).optional(),
  error: text().max(200).optional(),
});

const safePath = (path: string | undefined) =>
  path?.startsWith("/") && !path.startsWith("//") && !path.startsWith("/\\") ? path : "/";

export const googleRoutes: FastifyPluginAsyncZod<{ clientId: string }> = async (app, opts) => {
  // Google's form_post is urlencoded; only these routes accept that type.
  app.addContentTypeParser(
    "application/x-www-form-urlencoded",
    { parseAs: "string", bodyLimit: 16 * 1024 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );

  const cookiePath = "/api/auth/google";
  const back = (reply: FastifyReply, fragment: Record<string, string>) =>
    reply
      .clearCookie(STATE_COOKIE, { path: cookiePath })
      .redirect(`/login#${new URLSearchParams(fragment)}`, 303);

  app.get(
    "/auth/google",
    {
      config: { rateLimit: publicFormRateLimit },
      schema: { summary: "Start signing in with Google", querystring: startQuery },
    },
    async (request, reply) => {
      const state = randomBytes(16).toString("base64url");
      const nonce = randomBytes(16).toString("base64url");
      const redirect = safePath(request.query.redirect);
      // Google posts back cross-site, so the cookie must be SameSite=None (hence Secure).
      reply.setCookie(STATE_COOKIE, JSON.stringify({ state, nonce, redirect }), {
        path: cookiePath,
        httpOnly: true,
        secure: true,
        sameSite: "none",
        maxAge: 600,
      });
      const url = new URL(GOOGLE_AUTH_URL);
      url.search = new URLSearchParams({
        client_id: opts.clientId,
        redirect_uri: `${publicOrigin(request)}/api/auth/google/callback`,
        response_type: "id_token",
        response_mode: "form_post",
        scope: "openid email profile",
        prompt: "select_account",
        state,
        nonce,
      }).toString();
      return reply.redirect(url.toString(), 302);
    },
  );

  app.post(
    "/auth/google/callback",
    {
      config: { rateLimit: publicFormRateLimit },
      schema: { summary: "Finish signing in with Google", body: callbackBody },
    },
    async (request, reply) => {
      let saved: { state?: string; nonce?: string; redirect?: string } = {};
      try {
        saved = JSON.parse(request.cookies[STATE_COOKIE] ?? "{}");
      } catch {
        saved = {};
      }
      const { id_token: idToken, state } = request.body;
      if (!idToken || !state || !saved.state || !saved.nonce || state !== saved.state)
        return back(reply, { google_error: "1" });
      const identity = await verifyGoogleIdToken(idToken, {
        clientId: opts.clientId,
        nonce: saved.nonce,
      });
      if (!identity) return back(reply, { google_error: "1" });
      const user = await app.services.accounts.signInWithGoogle(identity);
      // An account under this address whose owner never proved it: not handed over.
      if (!user) return back(reply, { google_error: "unverified" });
      // Google stands in for the password, not for the code: an account with two-factor on
      // signs in with its password and code.
      if (await app.services.twoFactor.isEnabled(user.id))
        return back(reply, { google_error: "two_factor" });
      const { token } = await app.services.tokens.issue(user.id, "customer");
      return back(reply, { google_token: token, redirect: safePath(saved.redirect) });
    },
  );
};
