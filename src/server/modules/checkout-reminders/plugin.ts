import type { ClaimLoop } from "../../jobs/claim-loop.ts";
import { mailJobPlugin } from "../../jobs/mail-job.ts";

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
export const checkoutRemindersPlugin = mailJobPlugin({
  name: "checkout-reminders",
  label: "checkout reminders",
  decorate: "checkoutReminderWorker",
  everyMs: REMINDER_TICK_MS,
  queue: async (app, now, { baseUrl }) => {
    const settings = await app.services.settings.get();
    return app.services.checkoutReminders.runOnce(now, {
      baseUrl,
      enabled: settings.abandonedCheckoutReminders,
      hours: settings.abandonedCheckoutHours,
    });
  },
});
