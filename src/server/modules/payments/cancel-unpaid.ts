import {
  SYSTEM_CANCEL_NOTES,
  type SystemCancelReason,
} from "../../../shared/domain/reservations.ts";
import type { Tx } from "../../db/client.ts";
import type { OrderRow } from "../../db/schema/orders.ts";
import { enqueueCancellationMail } from "../mail/outbox.ts";
import { cancelUnpaidOrder } from "../orders/cancel.ts";
import { readShopSettings } from "../settings/service.ts";

/** Where the customer's notice links to; null when the shop sends no e-mail (no SMTP_URL). */
export type CancelMail = { baseUrl: string } | null;

/**
 * The system ends an order's reservation (pending and unpaid too long, or its card session
 * expired): cancelled with its stock returned and the reason in its timeline (cancel.ts), and
 * the customer's e-mail queued in the same transaction unless the owner switched cancellation
 * e-mails off. Null when there was nothing to do
 * (paid, moved on, or already cancelled by someone else).
 */
export async function endReservation(
  tx: Tx,
  orderId: number,
  reason: SystemCancelReason,
  opts: { now: Date; mail: CancelMail },
): Promise<OrderRow | null> {
  const cancelled = await cancelUnpaidOrder(tx, orderId, {
    actor: "system",
    note: SYSTEM_CANCEL_NOTES[reason],
    now: opts.now,
  });
  // The owner's "order cancelled" switch covers the system's cancellations too.
  if (cancelled && opts.mail && (await readShopSettings(tx)).orderMessages.canceled)
    await enqueueCancellationMail(tx, cancelled, reason, opts.mail);
  return cancelled;
}
