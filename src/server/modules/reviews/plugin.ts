import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { type ClaimLoop, claimLoop } from "../../jobs/claim-loop.ts";

declare module "fastify" {
  interface FastifyInstance {
    /** Present only when SMTP_URL is set; tests call `runOnce(now)`. */
    reviewRequestWorker?: ClaimLoop;
  }
}

/**
 * How often the job looks for delivered orders to ask about: the request is days away from
 * delivery, so a few minutes late is nothing, and the query stays rare.
 */
const REVIEW_REQUEST_CHECK_MS = 5 * 60_000;

/**
 * The review-request e-mails, only when SMTP_URL is set: a job in this process looks every few
 * minutes for orders delivered the owner's number of days ago (off by default) and queues one
 * e-mail per order in the mail outbox. Several instances may run it at once: each order is
 * claimed by a unique row in the same transaction as its e-mail.
 */
export const reviewRequestsPlugin = fp(
  async (app: FastifyInstance, opts: { autoStart?: boolean }) => {
    const { smtpUrl, publicUrl, port } = app.config;
    if (!smtpUrl) return;
    const baseUrl = publicUrl ?? `http://localhost:${port}`;
    const worker = claimLoop({
      runOnce: async (now) => {
        const queued = await app.services.reviews.sendRequests(now, { baseUrl });
        // Send soon rather than at the mail worker's next tick.
        if (queued > 0 && opts.autoStart !== false)
          setImmediate(() => void app.mailWorker?.runOnce().catch(() => {}));
        return queued;
      },
      onError: (error) => app.log.warn({ err: error }, "review requests: a run failed"),
    });
    app.decorate("reviewRequestWorker", worker);
    if (opts.autoStart !== false)
      app.addHook("onReady", async () => worker.start(REVIEW_REQUEST_CHECK_MS));
    app.addHook("onClose", async () => worker.stop());
  },
  { name: "review-requests", dependencies: ["services", "mail"] },
);
