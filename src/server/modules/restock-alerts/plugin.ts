import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { type ClaimLoop, claimLoop } from "../../jobs/claim-loop.ts";

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
export const restockAlertsPlugin = fp(
  async (app: FastifyInstance, opts: { autoStart?: boolean }) => {
    const { smtpUrl, publicUrl, port } = app.config;
    if (!smtpUrl) return;
    const baseUrl = publicUrl ?? `http://localhost:${port}`;
    const worker = claimLoop({
      runOnce: async (now) => {
        const queued = await app.services.restockAlerts.runOnce(now, { baseUrl });
        // Send soon rather than at the mail worker's next tick.
        if (queued > 0 && opts.autoStart !== false)
          setImmediate(() => void app.mailWorker?.runOnce().catch(() => {}));
        return queued;
      },
      onError: (error) => app.log.warn({ err: error }, "restock alerts: a run failed"),
    });
    app.decorate("restockWorker", worker);
    if (opts.autoStart !== false)
      app.addHook("onReady", async () => worker.start(RESTOCK_CHECK_MS));
    app.addHook("onClose", async () => worker.stop());
  },
  { name: "restock-alerts", dependencies: ["services", "mail"] },
);
