import { and, eq, gte, lte, or, sql } from "drizzle-orm";
import { addDays, businessDate } from "../../../shared/domain/business-time.ts";
import { localizePath } from "../../../shared/domain/language-path.ts";
import { formatMoney } from "../../../shared/domain/money.ts";
import type { Db } from "../../db/client.ts";
import { users } from "../../db/schema/accounts.ts";
import { invoiceReminders, invoices } from "../../db/schema/invoices.ts";
import { orders } from "../../db/schema/orders.ts";
import { mailOutbox } from "../../db/schema/orders-desk.ts";
import { traders } from "../../db/schema/traders.ts";
import { readShopSettings } from "../settings/service.ts";
import { type DueReminderKind, dueReminderMail } from "./due-reminder-mail.ts";
import { owedOnInvoice } from "./receivables.ts";

/** The second reminder goes this many days after the due date. */
export const OVERDUE_REMINDER_DAYS = 7;
/**
 * How many days after its day a reminder may still go (the job was down, or the owner just
 * turned reminders on): within the week it goes late; older, it is left to the owner's own
 * reminder rather than sent weeks late with the wrong words.
 */
const LATE_WINDOW_DAYS = 6;
/** Reminders one pass queues at most (the next pass takes the rest). */
const BATCH = 50;

/**
 * One pass of the due-day reminders. Off when the owner turned them off. An order is reminded
 * when it is on invoice, unpaid, not cancelled and belongs to a trader: "due" from its due
 * date (business clock) for a week, "overdue" from a week after it for a week; an order both
 * could take (never reminded, now overdue) gets only "overdue". Each reminder's
 * `invoice_reminders` row and its e-mail are written in one transaction; the row's unique
 * (order, kind) makes a second instance's insert do nothing (it waits for the first to
 * commit, then skips), so each reminder goes once. Returns how many e-mails were queued.
 */
export async function sendDueReminders(
  db: Db,
  now: Date,
  opts: { baseUrl: string },
): Promise<number> {
  const settings = await readShopSettings(db);
  if (!settings.invoiceDueReminders) return 0;
  const today = businessDate(now);
  const dueFrom = addDays(today, -LATE_WINDOW_DAYS);
  const overdueTo = addDays(today, -OVERDUE_REMINDER_DAYS);
  const overdueFrom = addDays(overdueTo, -LATE_WINDOW_DAYS);
  const sent = (kind: DueReminderKind) =>
    sql`exists (select 1 from ${invoiceReminders} where ${invoiceReminders.orderId} = ${orders.id} and ${invoiceReminders.kind} = ${kind})`;

  return db.transaction(async (tx) => {
    const candidates = await tx
      .select({
        id: orders.id,
        number: orders.number,
        totalCents: orders.totalCents,
        dueDate: orders.dueDate,
        invoiceNumber: invoices.number,
        company: traders.companyName,
        lang: traders.lang,
        email: users.email,
        dueSent: sql<boolean>`${sent("due")}`,
        overdueSent: sql<boolean>`${sent("overdue")}`,
      })
      .from(orders)
      .innerJoin(traders, eq(traders.userId, orders.userId))
      .innerJoin(users, eq(users.id, traders.userId))
      .leftJoin(invoices, and(eq(invoices.orderId, orders.id), eq(invoices.kind, "invoice")))
      .where(
        and(
          owedOnInvoice(),
          or(
            and(gte(orders.dueDate, dueFrom), lte(orders.dueDate, today)),
            and(gte(orders.dueDate, overdueFrom), lte(orders.dueDate, overdueTo)),
          ),
        ),
      )
      .orderBy(orders.id)
      .limit(BATCH * 2);
    const due = candidates
      .map((row) => ({
        ...row,
        kind: (row.dueDate! <= overdueTo ? "overdue" : "due") as DueReminderKind,
      }))
      .filter((row) => !(row.kind === "due" ? row.dueSent : row.overdueSent))
      .slice(0, BATCH);
    if (due.length === 0) return 0;

    const claimed = await tx
      .insert(invoiceReminders)
      .values(due.map((row) => ({ orderId: row.id, kind: row.kind, createdAt: now })))
      .onConflictDoNothing()
      .returning({ orderId: invoiceReminders.orderId, kind: invoiceReminders.kind });
    const mine = new Set(claimed.map((row) => `${row.orderId}:${row.kind}`));
    const mails = due
      .filter((row) => mine.has(`${row.id}:${row.kind}`))
      .map((row) => ({
        kind: "payment_reminder",
        to: row.email,
        ...dueReminderMail(
          row.lang,
          row.kind,
          {
            company: row.company,
            number: row.invoiceNumber ?? row.number,
            amount: formatMoney(row.totalCents, row.lang),
            due: row.dueDate!,
          },
          `${opts.baseUrl}${localizePath(row.lang, "/account")}`,
        ),
      }));
    if (mails.length === 0) return 0;
    await tx.insert(mailOutbox).values(mails);
    return mails.length;
  });
}
