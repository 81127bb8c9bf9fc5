import { randomBytes } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import rateLimit, { type RateLimitOptions } from "@fastify/rate-limit";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import helmet from "helmet";
import { isValidHost } from "../host-name.ts";
import { HttpError } from "../http-errors.ts";
import { allowedHosts, hostAllowed, listenPort, requestHost } from "../public-origin.ts";
import { addressKey } from "./address-key.ts";
import { createRateLimitStore } from "./rate-limit-store.ts";

export { isValidHost };

declare module "fastify" {
  interface FastifyRequest {
    /** Per-request nonce for the inline scripts server rendering emits. */
    cspNonce: string;
  }
}

/** Map tiles (a public tile service, {s}/{z}/{x}/{y}) must be allowed as images. */
export const MAP_TILE_HOSTS = ["https://*.tile.openstreetmap.org"];

/** Public forms (newsletter, contact, traders, register...): generous for people, not for bots. */
export const publicFormRateLimit: RateLimitOptions = { max: 10, timeWindow: "1 minute" };

/** 180 days, subdomains included: sent on HTTPS responses only. */
export const HSTS = "max-age=15552000; includeSubDomains";

type RawWithNonce = IncomingMessage & { cspNonce?: string };

/**
 * 128 random bits per response, cut from 4 KB drawn at once from the CSPRNG: one
 * `randomBytes` call per request was a twentieth of a cached answer's CPU. Each nonce is
 * still unpredictable and used once.
 */
let noncePool = Buffer.alloc(0);
let nonceOffset = 0;
function nextNonce(): string {
  if (nonceOffset + 16 > noncePool.length) {
    noncePool = randomBytes(4096);
    nonceOffset = 0;
  }
  nonceOffset += 16;
  return noncePool.toString("base64", nonceOffset - 16, nonceOffset);
}

/** Answers that belong to one person: never stored by a browser or a shared cache. */
const PRIVATE_API = /^\/api\/(?:account|admin|auth|orders)(?:\/|$)/;

/**
 * A path as a router might read it: percent-decoded (repeatedly: "%2561" too),
 * backslashes as slashes, runs of slashes as one, "." and ".." segments resolved, lower case.
 * "/api/%61dmin/../admin//x" is "/api/admin/x".
 */
export function normalisedPath(url: string): string {
  let path = url.split(/[?#]/, 1)[0] ?? "";
  for (let i = 0; i < 4 && path.includes("%"); i++) {
    try {
      const decoded = decodeURIComponent(path);
      if (decoded === path) break;
      path = decoded;
    } catch {
      break;
    }
  }
  const segments: string[] = [];
  for (const segment of path.replace(/\\/g, "/").split("/")) {
    if (segment === "" || segment === ".") continue;
    if (segment === "..") segments.pop();
    else segments.push(segment);
  }
  return `/${segments.join("/")}`.toLowerCase();
}

/**
 * Private whatever the spelling: the route that answered is a private one, or the path, read
 * the way any router or cache in front might read it, names one.
 */
export function isPrivateApi(url: string, route: string | undefined): boolean {
  return (
    (route !== undefined && PRIVATE_API.test(route.toLowerCase())) ||
    PRIVATE_API.test(normalisedPath(url))
  );
}

const CSP = "content-security-policy";
/** Stands for the nonce while helmet builds the policy once; never sent. */
const NONCE_MARK = "NONCEMARK0000000000000000";

/**
 * The headers helmet's middleware sets, computed once by running it on a recording response
 * (its options stay the single source of truth): every header but the CSP is the same on
 * each response, and the CSP is split where the nonce goes. Running helmet per request
 * re-validated each directive and set each header through Node's checks, twice.
 */
export function securityHeaders(dev: boolean): {
  fixed: [string, string][];
  cspBeforeNonce: string;
  cspAfterNonce: string;
} {
  const middleware = helmet({
    // HSTS is added per request, only on HTTPS responses.
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
        connectSrc: dev ? ["'self'", "ws:", "wss:"] : ["'self'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        objectSrc: ["'none'"],
      },
    },
  });
  const set = new Map<string, string>();
  const response = {
    setHeader: (name: string, value: string) => set.set(name.toLowerCase(), String(value)),
    removeHeader: (name: string) => set.delete(name.toLowerCase()),
    getHeader: (name: string) => set.get(name.toLowerCase()),
  };
  let failed: unknown;
  middleware(
    { cspNonce: NONCE_MARK } as unknown as IncomingMessage,
    response as unknown as ServerResponse,
    (error?: unknown) => {
      failed = error;
    },
  );
  if (failed) throw failed;
  const csp = set.get(CSP);
  if (!csp?.includes(NONCE_MARK)) throw new Error("helmet did not write the CSP nonce");
  set.delete(CSP);
  const [cspBeforeNonce = "", cspAfterNonce = ""] = csp.split(NONCE_MARK);
  return { fixed: [...set], cspBeforeNonce, cspAfterNonce };
}

export const securityPlugin = fp(
  async (app: FastifyInstance, opts: { dev: boolean; rateLimit: boolean }) => {
    const headers = securityHeaders(opts.dev);
    // Without PUBLIC_URL, links come from the host a request names (docs/decisions/0027): in
    // production (or with ALLOWED_HOSTS) only listed hosts are answered at all.
    const checkHosts = !app.config.publicUrl && allowedHosts(app.config) !== null;
    if (app.config.env === "production" && !app.config.publicUrl) {
      app.log.warn(
        "PUBLIC_URL is unset: links, the sitemap and QR codes use the request's host, and only %s are answered. Set PUBLIC_URL to the address people use (docs/decisions/0027).",
        app.config.allowedHosts?.join(", ") ??
          "this machine's own names (localhost, 127.0.0.1, [::1]) on its port, or ALLOWED_HOSTS,",
      );
    }
    app.decorateRequest("cspNonce", "");

    // One synchronous hook for everything security adds to a request (four async hooks and
    // helmet's middleware chain were a fifth of a cached API answer's CPU).
    app.addHook("onRequest", (request, reply, done) => {
      // A malformed Host would otherwise break URL building in pages (a 500).
      if (!isValidHost(request.headers.host)) {
        return done(new HttpError(400, "The Host header is not valid."));
      }
      // The host links are built from: X-Forwarded-Host when TRUST_PROXY trusts the peer, so
      // it gets the same checks as Host.
      const host = requestHost(request);
      if (host !== request.headers.host?.toLowerCase() && !isValidHost(host)) {
        return done(new HttpError(400, "The X-Forwarded-Host header is not valid."));
      }
      // Links, og:url, robots.txt, the sitemap and the QR code are built from
      // the host when PUBLIC_URL is unset; in production only the listed hosts may decide them.
      if (
        checkHosts &&
        !hostAllowed(host, app.config, listenPort(request)) &&
        request.url !== "/healthz"
      ) {
        return done(
          new HttpError(
            421,
            "This shop answers only at its configured address: set PUBLIC_URL to the address people use.",
          ),
        );
      }
      const nonce = nextNonce();
      request.cspNonce = nonce;
      (request.raw as RawWithNonce).cspNonce = nonce;
      for (const [name, value] of headers.fixed) reply.header(name, value);
      reply.header(CSP, headers.cspBeforeNonce + nonce + headers.cspAfterNonce);
      // HSTS only over HTTPS (RFC 6797 8.1: browsers ignore it on plain HTTP, and a plain-HTTP
      // install must not advertise HTTPS). Behind a proxy, TRUST_PROXY lets X-Forwarded-Proto
      // decide.
      if (request.protocol === "https") reply.header("strict-transport-security", HSTS);
      done();
    });

    app.addHook("onSend", (request, reply, payload, done) => {
      if (isPrivateApi(request.url, request.routeOptions.url)) {
        reply.header("cache-control", "no-store");
      }
      done(null, payload);
    });

    // With REDIS_URL every instance counts in one place; without it each process
    // keeps its own counters, so N instances allow N times the limits (docs/decisions/0015).
    // Redis is a helper, not a dependency: while it does not answer, every limiter
    // counts in this process at once, and goes back to Redis when it answers again.
    const redisLimits = app.config.redisUrl
      ? createRateLimitStore({
          url: app.config.redisUrl,
          nameSpace: "shop-rate-limit:",
          log: app.log,
        })
      : undefined;
    if (redisLimits) {
      app.addHook("onClose", () => redisLimits.close());
      // A healthy Redis counts from the first request; a broken one delays the start by at
      // most about a second, never stops it.
      await redisLimits.started();
    }

    await app.register(rateLimit, {
      global: false,
      store: redisLimits?.Store,
      // Per address, an IPv6 one by its /64 (one machine's allocation): every limiter that
      // names no key of its own.
      keyGenerator: (request) => addressKey(request.ip),
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
