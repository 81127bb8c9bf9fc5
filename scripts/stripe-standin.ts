/**
 * `npm run stripe:standin`: the local Stripe stand-in (src/server/test/stripe-standin.ts) on a
 * fixed port, for trying card payments without a Stripe account. Start the shop with
 *
 *   STRIPE_SECRET_KEY=sk_test_local STRIPE_WEBHOOK_SECRET=whsec_standin \
 *   STRIPE_API_URL=http://127.0.0.1:12111 npm start
 *
 * Settings (environment): STANDIN_PORT (12111), STANDIN_HOST (127.0.0.1),
 * STRIPE_WEBHOOK_SECRET (whsec_standin: the same as the shop's), and STANDIN_WEBHOOK_URL
 * (http://127.0.0.1:3000/api/payments/stripe/webhook: where Pay delivers its event).
 * The browser tests start it as a second web server (playwright.config.ts).
 */
import { startStripeStandin } from "../src/server/test/stripe-standin.ts";

const port = Number(process.env.STANDIN_PORT ?? 12111);
const standin = await startStripeStandin({
  port,
  host: process.env.STANDIN_HOST ?? "127.0.0.1",
  webhookSecret: process.env.STRIPE_WEBHOOK_SECRET ?? "whsec_standin",
  webhookUrl:
    process.env.STANDIN_WEBHOOK_URL ?? "http://127.0.0.1:3000/api/payments/stripe/webhook",
});
console.log(
  `Stripe stand-in at ${standin.url} (STRIPE_API_URL); events go to ${standin.webhookUrl}`,
);
const stop = () => void standin.close().then(() => process.exit(0));
process.once("SIGINT", stop);
process.once("SIGTERM", stop);
