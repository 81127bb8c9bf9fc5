import { and, asc, eq, isNull, lte, sql } from "drizzle-orm";
import nodemailer, { type Transporter } from "nodemailer";
import { localizePath } from "../../../shared/domain/language-path.ts";
import type { MailOpenings } from "../../../shared/domain/mail-openings.ts";
import { nextMailAttempt } from "../../../shared/domain/mail-retry.ts";
import { orderPath, shopPath } from "../../../shared/domain/paths.ts";
import type { SystemCancelReason } from "../../../shared/domain/reservations.ts";
import type { OrderDto } from "../../../shared/schemas/order.ts";
import type { ShopSettings } from "../../../shared/schemas/settings.ts";
import type { Db, Tx } from "../../db/client.ts";
import type { OrderRow } from "../../db/schema/orders.ts";
import { mailOutbox } from "../../db/schema/orders-desk.ts";
import { type ClaimLoop, claimDue, claimLoop } from "../../jobs/claim-loop.ts";
import { finishMail } from "./finish.ts";
import { type Mail, newOrderNotice, orderCancelledMail, orderConfirmation } from "./templates.ts";

/**
 * A new order as the orders service announces it (`onPlaced`): declared here, so the mail kit
 * needs nothing of the orders module.
 */
export type PlacedOrder = { dto: OrderDto; lang: "en" | "ar"; accessKey: string | null };

/**
 * Queues an order's e-mails: the confirmation to the customer (when they gave an e-mail) and
 * the notice to the shop's first settings address. One insert; the worker sends them.
 */
export async function enqueueOrderMails(
  db: Db,
  placed: PlacedOrder,
  opts: { baseUrl: string; settings: ShopSettings },
): Promise<number> {
  const { dto, lang, accessKey } = placed;
  const link = opts.baseUrl + localizePath(lang, orderPath(dto.number, accessKey ?? undefined));
  const rows: Array<Mail & { kind: string; to: string }> = [];
  if (dto.email) {
    rows.push({
      kind: "order_confirmation",
      to: dto.email,
      ...orderConfirmation(dto, lang, link, opts.settings),
    });
  }
  const shop = opts.settings.emails[0];
  if (shop) {
    rows.push({
      kind: "order_new_shop",
      to: shop,
      ...newOrderNotice(dto, `${opts.baseUrl}/admin-orders`),
    });
  }
  if (rows.length) await db.insert(mailOutbox).values(rows);
  return rows.length;
}

/**
 * Queues the customer's notice that the system cancelled their order (reservation ended), in
 * the cancelling transaction: the notice goes out exactly when the cancellation holds. Only
 * when they gave an e-mail. The private link's key is not stored, so the order link is the
 * account's (it opens for a signed-in owner); a guest gets the shop's address.
 */
export async function enqueueCancellationMail(
  tx: Db | Tx,
  order: OrderRow,
  reason: SystemCancelReason,
  opts: { baseUrl: string },
): Promise<boolean> {
  if (!order.email) return false;
  const links = {
    order: order.userId ? opts.baseUrl + localizePath(order.lang, orderPath(order.number)) : null,
    shop: opts.baseUrl + localizePath(order.lang, shopPath()),
  };
  await tx.insert(mailOutbox).values({
    kind: "order_cancelled_unpaid",
    to: order.email,
    ...orderCancelledMail(order, order.lang, reason, links),
  });
  return true;
}

export type MailWorker = ClaimLoop;

/** Sends the outbox through SMTP_URL with nodemailer; a refusal is retried with backoff. */
export function createMailWorker(opts: {
  db: Db;
  smtpUrl: string;
  from: string;
  /** The shop's public origin, for the layout's logo and links. */
  origin?: string | null;
  /** The owner's opening sentences, read when a run sends (a Settings save applies at once). */
  openings?: () => Promise<MailOpenings>;
  onError?: (error: unknown) => void;
}): MailWorker {
  const { db } = opts;
  const transport: Transporter = nodemailer.createTransport(opts.smtpUrl);

  const claim = (now: Date) =>
    claimDue(db, mailOutbox, now, (tx, limit) =>
      tx
        .select()
        .from(mailOutbox)
        .where(
          and(
            isNull(mailOutbox.sentAt),
            isNull(mailOutbox.failedAt),
            lte(mailOutbox.nextAttemptAt, now),
          ),
        )
        .orderBy(asc(mailOutbox.nextAttemptAt), asc(mailOutbox.id))
        .limit(limit)
        .for("update", { skipLocked: true }),
    );

  async function runOnce(now: Date): Promise<number> {
    let sent = 0;
    const rows = await claim(now);
    const openings = rows.length && opts.openings ? await opts.openings() : undefined;
    for (const row of rows) {
      try {
        // Every template's e-mail in the shop's layout, laid out as it leaves (see finish.ts).
        const mail = finishMail(row, { origin: opts.origin ?? null, openings });
        await transport.sendMail({
          from: opts.from,
          to: row.to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
          // Newsletter mail: List-Unsubscribe and List-Unsubscribe-Post (RFC 8058).
          ...(row.headers ? { headers: row.headers } : {}),
        });
        await db
          .update(mailOutbox)
          .set({ sentAt: new Date(), attempts: sql`${mailOutbox.attempts} + 1`, lastError: null })
          .where(eq(mailOutbox.id, row.id));
        sent += 1;
      } catch (error) {
        const attempts = row.attempts + 1;
        const next = nextMailAttempt(attempts, now);
        await db
          .update(mailOutbox)
          .set({
            attempts,
            lastError: String((error as Error)?.message ?? error).slice(0, 500),
            ...(next ? { nextAttemptAt: next } : { failedAt: new Date() }),
          })
          .where(eq(mailOutbox.id, row.id));
      }
    }
    return sent;
  }

  return claimLoop({ runOnce, onError: opts.onError, onStop: () => transport.close() });
}
