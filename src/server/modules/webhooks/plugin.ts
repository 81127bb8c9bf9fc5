import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { createWebhookService, type WebhookService } from "./service.ts";
import { createWebhookWorker, type WebhookWorker } from "./worker.ts";

declare module "fastify" {
  interface FastifyInstance {
    /** The owner's endpoints and the delivery worker (tests call `worker.runOnce`). */
    webhooks: {
      service: WebhookService;
      worker: WebhookWorker;
      /** Sends what is due soon rather than at the next tick (no-op when the timer is off). */
      kick(): void;
    };
  }
}

/**
 * Webhooks: events are queued by the code that makes them, in its own transaction (events.ts);
 * a worker in this process sends the queue with retries, started when the app is ready and
 * stopped (after its current run) when it closes, like the mail outbox's. Built here rather
 * than in createServices because both halves read WEBHOOKS_ALLOW_PRIVATE from the config.
 */
export const webhooksPlugin = fp(
  async (app: FastifyInstance, opts: { autoStart?: boolean }) => {
    const allowPrivate = app.config.webhooksAllowPrivate;
    const worker = createWebhookWorker({
      db: app.database.db,
      allowPrivate,
      onError: (error) => app.log.warn({ err: error }, "webhooks: a run failed"),
    });
    const autoStart = opts.autoStart !== false;
    app.decorate("webhooks", {
      service: createWebhookService(app.database.db, { allowPrivate }),
      worker,
      kick: () => {
        if (autoStart) setImmediate(() => void worker.runOnce().catch(() => {}));
      },
    });
    // A new order's deliveries go out at once rather than at the next tick.
    app.services.orders.onPlaced(async () => app.webhooks.kick());
    if (autoStart) app.addHook("onReady", async () => worker.start());
    app.addHook("onClose", async () => worker.stop());
  },
  { name: "webhooks", dependencies: ["services"] },
);
