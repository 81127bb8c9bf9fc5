import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { type ClaimLoop, claimLoop } from "../../jobs/claim-loop.ts";
import { fallbackOrigin } from "../../public-origin.ts";

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
export const campaignPlugin = fp(
  async (app: FastifyInstance, opts: { autoStart?: boolean }) => {
    if (!app.config.smtpUrl) return;
    const baseUrl = fallbackOrigin(app.config);
    const worker = claimLoop({
      runOnce: async (now) => {
        const handed = await app.services.campaigns.runOnce(now, { baseUrl });
        if (handed > 0 && opts.autoStart !== false)
          setImmediate(() => void app.mailWorker?.runOnce().catch(() => {}));
        return handed;
      },
      onError: (error) => app.log.warn({ err: error }, "campaigns: a run failed"),
    });
    app.decorate("campaignWorker", worker);
    if (opts.autoStart !== false)
      app.addHook("onReady", async () => worker.start(CAMPAIGN_TICK_MS));
    app.addHook("onClose", async () => worker.stop());
  },
  { name: "campaigns", dependencies: ["services", "mail"] },
);
