import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { type ClaimLoop, claimLoop } from "../../jobs/claim-loop.ts";
import { fallbackOrigin } from "../../public-origin.ts";

declare module "fastify" {
  interface FastifyInstance {
    /** Present only when SMTP_URL is set; tests call `runOnce(now)`. */
    checkoutReminderWorker?: ClaimLoop;
  }
}

/** Reminders are due hours after the fact: a look every minute is soon enough. */
const REMINDER_TICK_MS = 60_000;

/**
 * Abandoned-checkout reminders, only when SMTP_URL is set: a job looks every minute for
 * addresses whose wait is over and queues their one reminder (or closes them when an order
 * followed). It reads the settings each pass, so turning reminders on or off needs no restart.
 */
export const checkoutRemindersPlugin = fp(
  async (app: FastifyInstance, opts: { autoStart?: boolean }) => {
    if (!app.config.smtpUrl) return;
    const baseUrl = fallbackOrigin(app.config);
    const worker = claimLoop({
      runOnce: async (now) => {
        const settings = await app.services.settings.get();
        const sent = await app.services.checkoutReminders.runOnce(now, {
          baseUrl,
          enabled: settings.abandonedCheckoutReminders,
          hours: settings.abandonedCheckoutHours,
        });
        if (sent > 0 && opts.autoStart !== false)
          setImmediate(() => void app.mailWorker?.runOnce().catch(() => {}));
        return sent;
      },
      onError: (error) => app.log.warn({ err: error }, "checkout reminders: a run failed"),
    });
    app.decorate("checkoutReminderWorker", worker);
    if (opts.autoStart !== false)
      app.addHook("onReady", async () => worker.start(REMINDER_TICK_MS));
    app.addHook("onClose", async () => worker.stop());
  },
  { name: "checkout-reminders", dependencies: ["services", "mail"] },
);
