import { randomBytes } from "node:crypto";
import type { IncomingMessage } from "node:http";
import helmet from "@fastify/helmet";
import rateLimit, { type RateLimitOptions } from "@fastify/rate-limit";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { HttpError } from "../http-errors.ts";

declare module "fastify" {
  interface FastifyRequest {
    /** Per-request nonce for the inline scripts server rendering emits. */
    cspNonce: string;
  }
}

/** Map tiles (SPEC: public tile service, {s}/{z}/{x}/{y}) must be allowed as images. */
export const MAP_TILE_HOSTS = ["https://*.tile.openstreetmap.org"];

/** Public forms (newsletter, contact, traders, register...): generous for people, not for bots. */
export const publicFormRateLimit: RateLimitOptions = { max: 10, timeWindow: "1 minute" };

/** 180 days, subdomains included: sent on HTTPS responses only. */
export const HSTS = "max-age=15552000; includeSubDomains";

type RawWithNonce = IncomingMessage & { cspNonce?: string };

export const securityPlugin = fp(
  async (app: FastifyInstance, opts: { dev: boolean; rateLimit: boolean }) => {
    app.decorateRequest("cspNonce", "");
    app.addHook("onRequest", async (request) => {
      request.cspNonce = randomBytes(16).toString("base64");
      (request.raw as RawWithNonce).cspNonce = request.cspNonce;
    });

    await app.register(helmet, {
      // HSTS is added below, only on HTTPS responses.
      hsts: false,
      referrerPolicy: { policy: "strict-origin-when-cross-origin" },
      crossOriginEmbedderPolicy: false,
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'", (req) => `'nonce-${(req as RawWithNonce).cspNonce}'`],
          // Inline style attributes (React `style`) need 'unsafe-inline'; scripts never do.
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", "data:", "blob:", ...MAP_TILE_HOSTS],
          fontSrc: ["'self'", "data:"],
          connectSrc: opts.dev ? ["'self'", "ws:", "wss:"] : ["'self'"],
          frameAncestors: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          objectSrc: ["'none'"],
        },
      },
    });

    // HSTS only over HTTPS (RFC 6797 8.1: browsers ignore it on plain HTTP, and a plain-HTTP
    // install must not advertise HTTPS). Behind a proxy, TRUST_PROXY lets X-Forwarded-Proto decide.
    app.addHook("onRequest", async (request, reply) => {
      if (request.protocol === "https") reply.header("strict-transport-security", HSTS);
    });

    await app.register(rateLimit, {
      global: false,
      // Tests switch limits off except where a test is about the limit itself.
      allowList: opts.rateLimit ? undefined : () => true,
      errorResponseBuilder: (_request, context) =>
        new HttpError(429, "Too many requests. Please wait a minute and try again.", undefined, {
          "retry-after": String(Math.ceil(context.ttl / 1000)),
        }),
    });
  },
  { name: "security" },
);
