import type { ClaimLoop } from "../../jobs/claim-loop.ts";
import { mailJobPlugin } from "../../jobs/mail-job.ts";

declare module "fastify" {
  interface FastifyInstance {
    /** Present only when SMTP_URL is set; tests call `runOnce(now)`. */
    campaignWorker?: ClaimLoop;
  }
}

/** How often the sender looks for due work; the pace itself is each campaign's rate. */
const CAMPAIGN_TICK_MS = 5_000;

/**
 * The campaign sender, only when SMTP_URL is set: every few seconds it starts the scheduled
 * campaigns that are due and hands each sending campaign's next allowance to the mail outbox.
 * Everything it knows is in the database, so a restart carries on where it stopped, and several
 * instances may run it at once.
 */
export const campaignPlugin = mailJobPlugin({
  name: "campaigns",
  label: "campaigns",
  decorate: "campaignWorker",
  everyMs: CAMPAIGN_TICK_MS,
  queue: (app, now, { baseUrl }) => app.services.campaigns.runOnce(now, { baseUrl }),
});
