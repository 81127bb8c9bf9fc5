import path from "node:path";
import { z } from "zod";

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
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  TRUST_PROXY: z
    .enum(["true", "false", "1", "0"])
    .default("false")
    .transform((v) => v === "true" || v === "1"),
  RATE_LIMITS: z
    .enum(["true", "false", "1", "0"])
    .default("true")
    .transform((v) => v === "true" || v === "1"),
  SEED_DEMO: z
    .enum(["true", "false", "1", "0"])
    .default("true")
    .transform((v) => v === "true" || v === "1"),
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
  googleClientId?: string;
  trustProxy: boolean;
  seedDemo: boolean;
  /** Off only for automated browser tests, which sign in more often than any person. */
  rateLimits: boolean;
};

export class ConfigError extends Error {}

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
    googleClientId: e.GOOGLE_CLIENT_ID,
    trustProxy: e.TRUST_PROXY,
    seedDemo: e.SEED_DEMO,
    rateLimits: e.RATE_LIMITS,
  };
}
