import net from "node:net";
import path from "node:path";
import { z } from "zod";
import { isValidHost } from "./host-name.ts";

const port = z.coerce
  .number({ message: "must be a whole number between 1 and 65535" })
  .int("must be a whole number between 1 and 65535")
  .min(0)
  .max(65535, "must be a whole number between 1 and 65535");

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  PORT: port.default(3000),
  HOST: z.string().min(1).default("0.0.0.0"),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must start with postgres:// or postgresql://")
    .optional(),
  ADMIN_EMAIL: z.email("must be an e-mail address").optional(),
  ADMIN_PASSWORD: z.string().min(6, "must be at least 6 characters").optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  PUBLIC_URL: z.url("must be a URL such as https://shop.example.com").optional(),
  ALLOWED_HOSTS: z
    .string()
    .transform((value) => value.split(",").map((host) => host.trim().toLowerCase()))
    .refine((hosts) => hosts.every(isValidHost), {
      message: "must be host names, comma separated, e.g. shop.example.com,www.shop.example.com",
    })
    .optional(),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  TRUST_PROXY: z
    .string()
    .default("false")
    .transform((value, ctx) => {
      const trust = parseTrustProxy(value);
      if (trust === null) {
        ctx.addIssue({
          code: "custom",
          message:
            "must be false, a hop count (1, 2...) or the proxies' addresses/CIDRs, e.g. 10.0.0.0/8,127.0.0.1",
        });
        return z.NEVER;
      }
      return trust;
    }),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, "must start with redis:// or rediss://")
    .optional(),
  METRICS_TOKEN: z.string().min(16, "must be at least 16 characters").optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/[^\s]+$/, "must start with smtp:// or smtps://")
    .optional(),
  MAIL_FROM: z.string().min(3).optional(),
  RATE_LIMITS: z
    .enum(["true", "false", "1", "0"])
    .default("true")
    .transform((v) => v === "true" || v === "1"),
  SHUTDOWN_DRAIN_MS: z.coerce
    .number({ message: "must be a whole number of milliseconds, 0 to 120000" })
    .int("must be a whole number of milliseconds, 0 to 120000")
    .min(0, "must be a whole number of milliseconds, 0 to 120000")
    .max(120_000, "must be a whole number of milliseconds, 0 to 120000")
    .default(5_000),
  SEED_DEMO: z
    .enum(["true", "false", "1", "0"])
    .default("true")
    .transform((v) => v === "true" || v === "1"),
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_[A-Za-z0-9_]+$/, "must be a Stripe secret key (sk_live_..., sk_test_...)")
    .optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_[A-Za-z0-9_]+$/, "must be a Stripe webhook signing secret (whsec_...)")
    .optional(),
  WEBHOOKS_ALLOW_PRIVATE: z
    .enum(["true", "false", "1", "0"])
    .default("false")
    .transform((v) => v === "true" || v === "1"),
  STRIPE_API_URL: z
    .url("must be a URL such as https://api.stripe.com")
    .regex(/^https?:\/\//, "must start with http:// or https://")
    .optional(),
});

export type Config = {
  env: "development" | "production" | "test";
  port: number;
  host: string;
  dataDir: string;
  uploadsDir: string;
  databaseUrl?: string;
  adminEmail?: string;
  adminPassword?: string;
  logLevel: z.infer<typeof envSchema>["LOG_LEVEL"];
  publicUrl?: string;
  /**
   * Without PUBLIC_URL: the hosts (name[:port]) the shop answers to and builds links from,
   * X-Forwarded-Host included (docs/decisions/0027). Unset: in production the machine's own
   * names on the listen port; elsewhere any well-formed host.
   */
  allowedHosts?: string[];
  googleClientId?: string;
  /**
   * Which proxies may name the client (X-Forwarded-For/-Proto): none, the nearest N hops, or
   * these addresses/CIDRs. Never "every hop": a client could pick its own address.
   */
  trustProxy: false | number | string[];
  /** Rate-limit counters shared by every instance (Redis); unset = in this process. */
  redisUrl?: string;
  /** Bearer token for GET /metrics; unset = no /metrics. */
  metricsToken?: string;
  /** Order e-mails go out through this server; unset = nothing is queued or sent. */
  smtpUrl?: string;
  /** The From of those e-mails. */
  mailFrom: string;
  seedDemo: boolean;
  /**
   * After SIGTERM: how long the instance keeps serving while it reports not ready (so a load
   * balancer stops sending it new requests) before it stops listening and finishes in-flight
   * requests. SIGINT (Ctrl-C) does not wait.
   */
  shutdownDrainMs: number;
  /** Off only for automated browser tests, which sign in more often than any person. */
  rateLimits: boolean;
  /**
   * Card payments through Stripe Checkout: only with both keys; without them the
   * card option is offered nowhere. `apiUrl` points the official client elsewhere (the local
   * stand-in of tests and `npm run stripe:standin`); unset = Stripe's own API.
   */
  stripe?: { secretKey: string; webhookSecret: string; apiUrl?: string };
  /**
   * Webhook endpoints on loopback, private or link-local addresses are refused
   * (server-side request forgery) unless this is set (a receiver on the shop's own network).
   */
  webhooksAllowPrivate: boolean;
};

export class ConfigError extends Error {}

const PROXY_NAMES = new Set(["loopback", "linklocal", "uniquelocal"]);

/**
 * TRUST_PROXY: "false"/"0" none; "true" the nearest proxy only (1 hop: `true` used to trust
 * every hop, which let any client choose its address); "2" two hops; otherwise a comma list of
 * addresses, CIDRs or proxy-addr's names (loopback, linklocal, uniquelocal). null = invalid.
 */
/** Fastify's option: it honours a hop count at run time, but its types know only a function. */
export function fastifyTrustProxy(
  trust: Config["trustProxy"],
): boolean | string[] | ((address: string, hop: number) => boolean) {
  return typeof trust === "number" ? (_address, hop) => hop < trust : trust;
}

export function parseTrustProxy(value: string): false | number | string[] | null {
  const v = value.trim().toLowerCase();
  if (v === "false" || v === "0") return false;
  if (v === "true") return 1;
  if (/^\d{1,2}$/.test(v)) return Number(v);
  const parts = v.split(",").map((part) => part.trim());
  const valid = parts.every((part) => {
    if (PROXY_NAMES.has(part)) return true;
    const [address = "", prefix, extra] = part.split("/");
    const family = net.isIP(address);
    if (!family || extra !== undefined) return false;
    if (prefix === undefined) return true;
    return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
  });
  return valid && parts.length ? parts : null;
}

/** Parses the environment; a bad value throws a one-line message that names the setting. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const blankless = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== ""));
  const parsed = envSchema.safeParse(blankless);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const name = String(issue.path[0]);
    throw new ConfigError(`Invalid setting ${name}=${JSON.stringify(env[name])}: ${issue.message}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    uploadsDir: path.join(dataDir, "uploads"),
    databaseUrl: e.DATABASE_URL,
    adminEmail: e.ADMIN_EMAIL,
    adminPassword: e.ADMIN_PASSWORD,
    logLevel: e.LOG_LEVEL,
    publicUrl: e.PUBLIC_URL?.replace(/\/$/, ""),
    allowedHosts: e.ALLOWED_HOSTS,
    googleClientId: e.GOOGLE_CLIENT_ID,
    trustProxy: e.TRUST_PROXY,
    redisUrl: e.REDIS_URL,
    metricsToken: e.METRICS_TOKEN,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM ?? "Sweets shop <no-reply@example.com>",
    seedDemo: e.SEED_DEMO,
    shutdownDrainMs: e.SHUTDOWN_DRAIN_MS,
    rateLimits: e.RATE_LIMITS,
    webhooksAllowPrivate: e.WEBHOOKS_ALLOW_PRIVATE,
    stripe:
      e.STRIPE_SECRET_KEY && e.STRIPE_WEBHOOK_SECRET
        ? {
            secretKey: e.STRIPE_SECRET_KEY,
            webhookSecret: e.STRIPE_WEBHOOK_SECRET,
            apiUrl: e.STRIPE_API_URL?.replace(/\/$/, ""),
          }
        : undefined,
  };
}
