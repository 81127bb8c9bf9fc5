import os from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { E2E_ADMIN } from "./e2e/support.ts";

// One port and one fresh data directory per run; workers inherit them through the environment.
// Below Linux's ephemeral range (32768 and up): a port there can be the local end of a client
// connection at that moment, and the server then fails to listen (EADDRINUSE, seen in CI).
process.env.E2E_PORT ??= String(20_000 + Math.floor(Math.random() * 12_000));
process.env.E2E_DATA_DIR ??= path.join(os.tmpdir(), `shop-e2e-${process.env.E2E_PORT}`);
const port = Number(process.env.E2E_PORT);
// The local Stripe stand-in (card payments, issue 24) listens beside the shop.
process.env.E2E_STRIPE_PORT ??= String(port + 1);
const stripePort = Number(process.env.E2E_STRIPE_PORT);
// The mailbox (scripts/mailbox.ts): a real SMTP server the shop sends to, and an HTTP list of
// what arrived, which journeys that follow an e-mailed link read (e2e/support.ts `mailTo`).
process.env.E2E_SMTP_PORT ??= String(port + 2);
process.env.E2E_MAILBOX_PORT ??= String(port + 3);
const smtpPort = Number(process.env.E2E_SMTP_PORT);
const mailboxPort = Number(process.env.E2E_MAILBOX_PORT);
const STRIPE_WEBHOOK_SECRET = "whsec_e2e";

export default defineConfig({
  testDir: "e2e",
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  retries: 0,
  forbidOnly: true,
  reporter: process.env.CI ? [["list"]] : [["list"]],
  // A whole journey's budget, not a wait: on this 2-core machine the same run takes 9 min one
  // day and 22 the next (an admin sign-in 7 s), and a journey of 25 s of steps then ran out in
  // its last check. Each step still fails on its own 7 s expect timeout.
  timeout: 60_000,
  expect: { timeout: 7_000 },
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
      ],
    },
  },
  projects: [
    {
      name: "chromium",
      use: { ...devices["Desktop Chrome"] },
      testIgnore: /(admin-settings|currency|order-messages|slots-seasons)\.spec\.ts/,
    },
    // Changes shop-wide settings (the delivery fee) that other specs read: runs after them.
    {
      name: "settings",
      use: { ...devices["Desktop Chrome"] },
      testMatch: /admin-settings\.spec\.ts/,
      dependencies: ["chromium"],
    },
    // Lists a display currency shop-wide (GET then PUT of the whole settings form): after the
    // settings spec, so neither save undoes the other's.
    {
      name: "currency",
      use: { ...devices["Desktop Chrome"] },
      testMatch: /currency\.spec\.ts/,
      dependencies: ["settings"],
    },
    // Switches order e-mails off and on (a whole settings form save, like the two above): last.
    {
      name: "order-messages",
      use: { ...devices["Desktop Chrome"] },
      testMatch: /order-messages\.spec\.ts/,
      dependencies: ["currency"],
    },
    // Gives delivery time slots and opens a season shop-wide (every checkout shows the slots,
    // every storefront page the banner), then takes them back: after everything else.
    {
      name: "slots-seasons",
      use: { ...devices["Desktop Chrome"] },
      testMatch: /slots-seasons\.spec\.ts/,
      dependencies: ["order-messages"],
    },
  ],
  webServer: [
    // The Stripe stand-in the shop's card payments talk to (through the real stripe package):
    // its hosted page's Pay button signs an event to the shop's webhook, then comes back.
    {
      command: "node --import tsx scripts/stripe-standin.ts",
      url: `http://127.0.0.1:${stripePort}/healthz`,
      timeout: 60_000,
      reuseExistingServer: false,
      stdout: "ignore",
      stderr: "pipe",
      env: {
        STANDIN_PORT: String(stripePort),
        STANDIN_HOST: "127.0.0.1",
        STRIPE_WEBHOOK_SECRET,
        STANDIN_WEBHOOK_URL: `http://127.0.0.1:${port}/api/payments/stripe/webhook`,
      },
    },
    {
      command: "node --import tsx scripts/mailbox.ts",
      url: `http://127.0.0.1:${mailboxPort}/healthz`,
      timeout: 60_000,
      reuseExistingServer: false,
      stdout: "ignore",
      stderr: "pipe",
      env: { MAILBOX_SMTP_PORT: String(smtpPort), MAILBOX_HTTP_PORT: String(mailboxPort) },
    },
    {
      // The built app (npm run build first), exactly as `npm start` serves it.
      command: `rm -rf "${process.env.E2E_DATA_DIR}" && node --import tsx src/server/main.ts`,
      url: `http://127.0.0.1:${port}/healthz`,
      // A first start seeds the demo data and draws its images: ~20 s idle, minutes on a
      // machine busy with other work.
      timeout: 180_000,
      reuseExistingServer: false,
      stdout: "ignore",
      stderr: "pipe",
      env: {
        PORT: String(port),
        HOST: "127.0.0.1",
        DATA_DIR: process.env.E2E_DATA_DIR,
        // Stopped once the run ends: no load balancer to drain for.
        SHUTDOWN_DRAIN_MS: "0",
        ADMIN_EMAIL: E2E_ADMIN.email,
        ADMIN_PASSWORD: E2E_ADMIN.password,
        LOG_LEVEL: "warn",
        RATE_LIMITS: "false",
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        // Card payments on, against the stand-in above.
        STRIPE_SECRET_KEY: "sk_test_e2e",
        STRIPE_WEBHOOK_SECRET,
        STRIPE_API_URL: `http://127.0.0.1:${stripePort}`,
        // E-mail on, into the mailbox above.
        SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
        MAIL_FROM: "Golden Sweets <shop@example.com>",
        // Webhook receivers in the specs listen on loopback (e2e/admin-webhooks.spec.ts).
        WEBHOOKS_ALLOW_PRIVATE: "1",
      },
    },
  ],
});
