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
 * Back-in-stock e-mails, only when SMTP_URL is set (without it the addresses wait, and the
 * product page does not offer the alert): a job in this process looks every minute for
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
    if (opts.autoStart !== false) app.addHook("onReady", async () => worker.start(60_000));
    app.addHook("onClose", async () => worker.stop());
  },
  { name: "restock-alerts", dependencies: ["services", "mail"] },
);
