import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { type ClaimLoop, claimLoop } from "../../jobs/claim-loop.ts";

declare module "fastify" {
  interface FastifyInstance {
    /** Present only when SMTP_URL is set; tests call `runOnce(now)`. */
    giftCardWorker?: ClaimLoop;
  }
}

/**
 * How often the job looks for bought cards to issue: a card whose order was just paid (or
 * whose send day just began) reaches its recipient within a minute.
 */
const GIFT_CARD_CHECK_MS = 30_000;

/**
 * Bought gift cards, only when SMTP_URL is set (a code that cannot be e-mailed is not issued:
 * the cards wait): a job in this process issues the cards whose order is paid and whose send
 * day has come, and queues their e-mails in the mail outbox. Several instances may run it at
 * once: each pass locks its rows and skips the ones another pass holds.
 */
export const giftCardsPlugin = fp(
  async (app: FastifyInstance, opts: { autoStart?: boolean }) => {
    const { smtpUrl, publicUrl, port } = app.config;
    if (!smtpUrl) return;
    const baseUrl = publicUrl ?? `http://localhost:${port}`;
    const worker = claimLoop({
      runOnce: async (now) => {
        const issued = await app.services.giftCards.issueDue(now, { baseUrl });
        if (issued > 0 && opts.autoStart !== false)
          setImmediate(() => void app.mailWorker?.runOnce().catch(() => {}));
        return issued;
      },
      onError: (error) => app.log.warn({ err: error }, "gift cards: a run failed"),
    });
    app.decorate("giftCardWorker", worker);
    if (opts.autoStart !== false)
      app.addHook("onReady", async () => worker.start(GIFT_CARD_CHECK_MS));
    app.addHook("onClose", async () => worker.stop());
  },
  { name: "gift-cards", dependencies: ["services", "mail"] },
);
