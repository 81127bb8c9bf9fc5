import { slotLabel } from "../../../shared/domain/delivery-slots.ts";
import type { OrderMessageKind } from "../../../shared/domain/order-messages.ts";
import type { Db, Tx } from "../../db/client.ts";
import type { OrderRow } from "../../db/schema/orders.ts";
import { mailOutbox } from "../../db/schema/orders-desk.ts";
import { orderStatusMail } from "../mail/order-status-templates.ts";
import { readShopSettings } from "../settings/service.ts";
import { orderShipping } from "./dto.ts";
import { orderPathWithNewKey } from "./lookup.ts";

/** Where the e-mails link to; null when the shop sends no e-mail (no SMTP_URL). */
export type OrderMail = { baseUrl: string } | null;

/**
 * Queues the customer's e-mail for one moment of their order (confirmed, shipped, completed,
 * cancelled, paid) in the transaction that made the change: the change and its message are
 * committed together or not at all. Nothing when the shop sends no e-mail, the order has no
 * e-mail address (a phone-only guest) or the owner switched that kind off. The switches are
 * read in the same transaction, so a message switched off a moment ago is not sent.
 * `order`: the row as it is after the change. The link is the order's private page with a
 * newly issued key (the placer's own key is never stored), so it opens without signing in.
 */
export async function enqueueOrderStatusMail(
  tx: Db | Tx,
  order: OrderRow,
  kind: OrderMessageKind,
  opts: {
    mail: OrderMail;
    reason?: string | null;
    now?: Date;
    /** The kitchen step that completed the order, worded as such (see orderStatusMail). */
    kitchen?: "delivered" | "picked_up" | null;
  },
): Promise<boolean> {
  if (!opts.mail || !order.email) return false;
  const settings = await readShopSettings(tx);
  if (!settings.orderMessages[kind]) return false;
  const link = `${opts.mail.baseUrl}${await orderPathWithNewKey(tx, order, opts.now, order.lang)}`;
  const mail = orderStatusMail(
    {
      number: order.number,
      name: order.name,
      totalCents: order.totalCents,
      paymentStatus: order.paymentStatus,
      paidCents: order.paidCents,
      address: order.address,
      city: order.city,
      country: order.country,
      shipping: orderShipping(order),
      ready_date: order.readyDate,
      slot: slotLabel(order.slot),
      giftRecipient: order.gift?.recipientName ?? null,
    },
    order.lang,
    kind,
    { link, reason: opts.reason, kitchen: opts.kitchen },
  );
  await tx.insert(mailOutbox).values({ kind: `order_${kind}`, to: order.email, ...mail });
  return true;
}
