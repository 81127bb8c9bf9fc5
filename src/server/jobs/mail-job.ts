import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { fallbackOrigin } from "../public-origin.ts";
import { claimLoop } from "./claim-loop.ts";

type MailJob = {
  /** The plugin's name, for fastify's dependency checks. */
  name: string;
  /** What the log calls it when a run fails ("gift cards"). */
  label: string;
  /** The app property the loop is decorated as; tests call its `runOnce(now)`. */
  decorate: string;
  /** How often it looks for due work. */
  everyMs: number;
  /** One pass: claims its rows in the database, queues their e-mails and says how many. */
  queue: (app: FastifyInstance, now: Date, context: { baseUrl: string }) => Promise<number>;
};

/**
 * A job that queues e-mails, run only when SMTP_URL is set (without it nobody could receive
 * them, so the rows wait). A claim loop in this process runs one pass every `everyMs`; when a
 * pass queued anything, the mail worker is woken at once rather than at its next tick. Several
 * instances may run the same job: each pass claims its rows in the database, so nothing is
 * sent twice.
 */
export function mailJobPlugin(job: MailJob) {
  return fp(
    async (app: FastifyInstance, opts: { autoStart?: boolean }) => {
      if (!app.config.smtpUrl) return;
      const baseUrl = fallbackOrigin(app.config);
      const worker = claimLoop({
        runOnce: async (now) => {
          const queued = await job.queue(app, now, { baseUrl });
          if (queued > 0 && opts.autoStart !== false)
            setImmediate(() => void app.mailWorker?.runOnce().catch(() => {}));
          return queued;
        },
        onError: (error) => app.log.warn({ err: error }, `${job.label}: a run failed`),
      });
      app.decorate(job.decorate, worker);
      if (opts.autoStart !== false) app.addHook("onReady", async () => worker.start(job.everyMs));
      app.addHook("onClose", async () => worker.stop());
    },
    { name: job.name, dependencies: ["services", "mail"] },
  );
}
