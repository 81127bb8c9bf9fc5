import type { ClaimLoop } from "../../jobs/claim-loop.ts";
import { mailJobPlugin } from "../../jobs/mail-job.ts";

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
export const reviewRequestsPlugin = mailJobPlugin({
  name: "review-requests",
  label: "review requests",
  decorate: "reviewRequestWorker",
  everyMs: REVIEW_REQUEST_CHECK_MS,
  queue: (app, now, { baseUrl }) => app.services.reviews.sendRequests(now, { baseUrl }),
});
