import type { ClaimLoop } from "../../jobs/claim-loop.ts";
import { mailJobPlugin } from "../../jobs/mail-job.ts";
import { sendDueReminders } from "./due-reminders.ts";

declare module "fastify" {
  interface FastifyInstance {
    /** Present only when SMTP_URL is set; tests call `runOnce(now)`. */
    dueReminderWorker?: ClaimLoop;
  }
}

/**
 * How often the job looks for invoices falling due: the reminder is about a day, so a quarter
 * of an hour late is nothing, and the query stays rare.
 */
const DUE_REMINDER_CHECK_MS = 15 * 60_000;

/**
 * The automatic payment reminders to traders, only when SMTP_URL is set: one e-mail on the
 * day an invoice on terms falls due and one a week later if still unpaid, in the trader's
 * language. Several instances may run it at once: each reminder is claimed by a unique row in
 * the same transaction as its e-mail.
 */
export const dueRemindersPlugin = mailJobPlugin({
  name: "invoice-due-reminders",
  label: "invoice due reminders",
  decorate: "dueReminderWorker",
  everyMs: DUE_REMINDER_CHECK_MS,
  queue: (app, now, { baseUrl }) => sendDueReminders(app.database.db, now, { baseUrl }),
});
