import type { ClaimLoop } from "../../jobs/claim-loop.ts";
import { mailJobPlugin } from "../../jobs/mail-job.ts";

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
export const giftCardsPlugin = mailJobPlugin({
  name: "gift-cards",
  label: "gift cards",
  decorate: "giftCardWorker",
  everyMs: GIFT_CARD_CHECK_MS,
  queue: (app, now, { baseUrl }) => app.services.giftCards.issueDue(now, { baseUrl }),
});
