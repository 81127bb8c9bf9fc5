import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { fallbackOrigin } from "../../public-origin.ts";
import { createMailWorker, enqueueOrderMails, type MailWorker } from "./outbox.ts";

declare module "fastify" {
  interface FastifyInstance {
    /** Present only when SMTP_URL is set. */
    mailWorker?: MailWorker;
  }
}

/**
 * Order e-mails, only when SMTP_URL is set: a placed order queues its e-mails right
 * after it is saved (a failure there is logged, never the order's), and a worker in this
 * process sends the outbox with retries. Without SMTP_URL nothing is queued or sent.
 */
export const mailPlugin = fp(
  async (app: FastifyInstance, opts: { autoStart?: boolean }) => {
    const { smtpUrl, mailFrom } = app.config;
    if (!smtpUrl) return;
    const baseUrl = fallbackOrigin(app.config);
    const worker = createMailWorker({
      db: app.database.db,
      smtpUrl,
      from: mailFrom,
      origin: baseUrl,
      openings: async () => (await app.services.settings.get()).mailOpenings,
      onError: (error) => app.log.warn({ err: error }, "mail outbox: a run failed"),
    });
    app.decorate("mailWorker", worker);
    app.services.orders.onPlaced(async (placed) => {
      try {
        await enqueueOrderMails(app.database.db, placed, {
          baseUrl,
          settings: await app.services.settings.get(),
        });
        // Send soon rather than at the next tick.
        if (opts.autoStart !== false) setImmediate(() => void worker.runOnce().catch(() => {}));
      } catch (error) {
        app.log.warn({ err: error }, "mail outbox: could not queue an order's e-mails");
      }
    });
    if (opts.autoStart !== false) app.addHook("onReady", async () => worker.start());
    app.addHook("onClose", async () => worker.stop());
  },
  { name: "mail", dependencies: ["services"] },
);
