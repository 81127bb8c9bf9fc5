import type { ClaimLoop } from "../../jobs/claim-loop.ts";
import { mailJobPlugin } from "../../jobs/mail-job.ts";

declare module "fastify" {
  interface FastifyInstance {
    /** Present only when SMTP_URL is set; tests call `runOnce(now)`. */
    restockWorker?: ClaimLoop;
  }
}

/**
 * How often the job looks for stock that came back: a cheap query (the few waiting alerts
 * joined to their products), and a shopper hears within seconds of a restock.
 */
const RESTOCK_CHECK_MS = 10_000;

/**
 * Back-in-stock e-mails, only when SMTP_URL is set (without it the addresses wait, and the
 * product page does not offer the alert): a job in this process looks every few seconds for
 * alerts whose product has stock again, queues their e-mails in the mail outbox and deletes
 * them; it also deletes alerts older than 90 days. Several instances may run it at once.
 */
export const restockAlertsPlugin = mailJobPlugin({
  name: "restock-alerts",
  label: "restock alerts",
  decorate: "restockWorker",
  everyMs: RESTOCK_CHECK_MS,
  queue: (app, now, { baseUrl }) => app.services.restockAlerts.runOnce(now, { baseUrl }),
});
