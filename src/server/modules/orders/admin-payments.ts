import { eq } from "drizzle-orm";
import { toCents } from "../../../shared/domain/money.ts";
import { paymentState } from "../../../shared/domain/order-changes.ts";
import { markPaidRefusal, type PaymentRefusal } from "../../../shared/domain/payments.ts";
import type { AdminOrderPayment } from "../../../shared/schemas/admin-order.ts";
import type { Db } from "../../db/client.ts";
import { orderPayments, orders } from "../../db/schema/orders.ts";
import { HttpError, notFound } from "../../http-errors.ts";
import { enqueueOrderEvent } from "../webhooks/events.ts";
import { orderMoney } from "./dto.ts";
import { issueOrderDocument } from "./invoices.ts";
import { enqueueOrderStatusMail, type OrderMail } from "./order-status-mail.ts";

// The owner's side of payment state (docs/decisions/0024). Payment state moves beside
// the order status, never with it: cancelling a paid order leaves it paid until the owner
// refunds it here.

export const ORDER_NOT_FOUND = "Order not found.";

function refused(refusal: PaymentRefusal): HttpError {
  return new HttpError(422, refusal.message, { [refusal.field]: [refusal.message] });
}

/**
 * Cash collected or a transfer received: one transaction that locks the order row first, so
 * two admins (or an admin and a gateway event) cannot both record the payment.
 */
export async function markOrderPaid(
  db: Db,
  id: number,
  payment: AdminOrderPayment,
  adminId: number,
  now = new Date(),
  opts: { mail?: OrderMail } = {},
): Promise<void> {
  const amountCents = toCents(payment.amount);
  const paidAt = payment.paid_at ?? now;
  await db.transaction(async (tx) => {
    const [row] = await tx.select().from(orders).where(eq(orders.id, id)).for("update");
    if (!row) throw notFound(ORDER_NOT_FOUND);
    const refusal = markPaidRefusal(row.status, row.paymentStatus);
    if (refusal) throw refused(refusal);
    await tx.insert(orderPayments).values({
      orderId: id,
      kind: "payment",
      amountCents,
      paidAt,
      method: payment.method,
      note: payment.note,
      actor: `admin:${adminId}`,
      createdAt: now,
    });
    // Writing `orders` bumps the orders desk's version (migration 0016): the list, its counts
    // and the dashboard's figures are recomputed on the next read.
    const [paid] = await tx
      .update(orders)
      .set({
        // A balance paid after the order grew adds to what came before.
        paymentStatus: paymentState({
          ...orderMoney(row),
          receivedCents: (row.paidCents ?? 0) + amountCents,
        }),
        paidCents: (row.paidCents ?? 0) + amountCents,
        paidAt,
        version: row.version + 1,
        updatedAt: now,
      })
      .where(eq(orders.id, id))
      .returning();
    // The customer's "payment received", queued with the payment itself.
    await enqueueOrderStatusMail(tx, paid!, "paid", { mail: opts.mail ?? null, now });
    // Paid before it was confirmed: the payment issues the invoice.
    await issueOrderDocument(tx, paid!, "paid", { now });
    await enqueueOrderEvent(tx, "order.paid", paid!, { now });
  });
}
