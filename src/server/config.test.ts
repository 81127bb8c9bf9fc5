import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config.ts";

describe("loadConfig", () => {
  it("has working defaults for `npm start` on a fresh machine", () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      env: "production",
      port: 3000,
      host: "0.0.0.0",
      dataDir: path.resolve("data"),
      uploadsDir: path.resolve("data", "uploads"),
      logLevel: "info",
      trustProxy: false,
      seedDemo: true,
      rateLimits: true,
      shutdownDrainMs: 5000,
    });
    expect(config.databaseUrl).toBeUndefined();
    expect(config.adminEmail).toBeUndefined();
    expect(config.googleClientId).toBeUndefined();
    // No SMTP_URL: no e-mail is queued or sent.
    expect(config.smtpUrl).toBeUndefined();
  });

  it("reads every setting", () => {
    const config = loadConfig({
      NODE_ENV: "test",
      PORT: "8080",
      HOST: "127.0.0.1",
      DATA_DIR: "/srv/shop",
      DATABASE_URL: "postgresql://shop@db:5432/shop",
      ADMIN_EMAIL: "owner@example.com",
      ADMIN_PASSWORD: "long-secret",
      LOG_LEVEL: "warn",
      PUBLIC_URL: "https://shop.example.com/",
      GOOGLE_CLIENT_ID: "abc.apps.googleusercontent.com",
      TRUST_PROXY: "1",
      REDIS_URL: "redis://127.0.0.1:6379",
      METRICS_TOKEN: "0123456789abcdef",
      RATE_LIMITS: "false",
      SEED_DEMO: "0",
      SHUTDOWN_DRAIN_MS: "15000",
      SMTP_URL: "smtps://user:pass@mail.example.com:465",
      MAIL_FROM: "Shop <shop@example.com>",
      ALLOWED_HOSTS: "Shop.Example.com, www.shop.example.com",
      WEBHOOKS_ALLOW_PRIVATE: "1",
    });
    expect(config).toEqual({
      env: "test",
      port: 8080,
      host: "127.0.0.1",
      dataDir: "/srv/shop",
      uploadsDir: "/srv/shop/uploads",
      databaseUrl: "postgresql://shop@db:5432/shop",
      adminEmail: "owner@example.com",
      adminPassword: "long-secret",
      logLevel: "warn",
      publicUrl: "https://shop.example.com",
      googleClientId: "abc.apps.googleusercontent.com",
      trustProxy: 1,
      redisUrl: "redis://127.0.0.1:6379",
      metricsToken: "0123456789abcdef",
      rateLimits: false,
      seedDemo: false,
      shutdownDrainMs: 15000,
      smtpUrl: "smtps://user:pass@mail.example.com:465",
      mailFrom: "Shop <shop@example.com>",
      allowedHosts: ["shop.example.com", "www.shop.example.com"],
      webhooksAllowPrivate: true,
    });
  });

  it("treats an empty value as unset (a blank line in an env file)", () => {
    expect(loadConfig({ PORT: "", DATABASE_URL: "" })).toMatchObject({
      port: 3000,
      databaseUrl: undefined,
    });
  });

  it.each([
    ["PORT", "abc"],
    ["PORT", "70000"],
    ["PORT", "3.5"],
    ["NODE_ENV", "staging"],
    ["DATABASE_URL", "mysql://x"],
    ["ADMIN_EMAIL", "not-an-email"],
    ["SMTP_URL", "mail.example.com:25"],
    ["ADMIN_PASSWORD", "123"],
    ["LOG_LEVEL", "loud"],
    ["PUBLIC_URL", "shop.example.com"],
    ["TRUST_PROXY", "yes"],
    ["ALLOWED_HOSTS", "shop.example.com,a b"],
    ["RATE_LIMITS", "off"],
    ["SEED_DEMO", "maybe"],
  ])("refuses %s=%s with one line naming the setting and the value", (name, value) => {
    let error: unknown;
    try {
      loadConfig({ [name]: value });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    expect(message).toContain(`${name}=${JSON.stringify(value)}`);
    expect(message).not.toContain("\n");
  });
});
