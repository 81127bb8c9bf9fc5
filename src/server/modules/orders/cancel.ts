import { and, eq, isNotNull, sql } from "drizzle-orm";
import { type OrderLineContent, stockTaken } from "../../../shared/domain/boxes.ts";
import type { Tx } from "../../db/client.ts";
import { products } from "../../db/schema/catalog.ts";
import { orderDishLines } from "../../db/schema/kitchen-orders.ts";
import { type OrderRow, orderEvents, orderLines, orders } from "../../db/schema/orders.ts";
import { refundGiftCard } from "../gift-cards/service.ts";
import { givePortionsBack } from "../kitchen/cart.ts";
import { enqueueOrderEvent } from "../webhooks/events.ts";

/**
 * Puts an order's reserved stock back on the shelf, lowest product id first like
 * reservations, so two cancellations never wait on each other in a circle. Products whose
 * stock is untracked (NULL) stay untracked; deleted products are skipped.
 */
export async function returnReservedStock(tx: Tx, orderId: number): Promise<void> {
  const lines = await tx
    .select({
      productId: orderLines.productId,
      grams: orderLines.grams,
      qty: orderLines.qty,
      contents: orderLines.contents,
    })
    .from(orderLines)
    .where(eq(orderLines.orderId, orderId));
  // A box gives back each of its sweets' grams, as placing the order took them.
  const back = stockTaken(
    lines.map((line) => ({
      ...line,
      contents:
        typeof line.contents === "string"
          ? (JSON.parse(line.contents) as OrderLineContent[])
          : line.contents,
    })),
  );
  for (const productId of [...back.keys()].sort((a, b) => a - b)) {
    await tx
      .update(products)
      .set({ stockGrams: sql`${products.stockGrams} + ${back.get(productId)!}` })
      .where(and(eq(products.id, productId), isNotNull(products.stockGrams)));
  }
  // Its dishes' portions go back to their day too: the kitchen may sell them again.
  const dishes = await tx
    .select({
      dishId: orderDishLines.dishId,
      day: orderDishLines.day,
      portions: orderDishLines.portions,
    })
    .from(orderDishLines)
    .where(eq(orderDishLines.orderId, orderId));
  if (dishes.length > 0) await givePortionsBack(tx, dishes);
}

/**
 * The system's cancellation of an order nobody paid for in time (reservations end,
 * an expired card session). Locks the row and acts only while the order is still pending and
 * unpaid, so a payment or an admin's move that won the race is never undone. Returns the
 * cancelled row, or null when there was nothing to do.
 */
export async function cancelUnpaidOrder(
  tx: Tx,
  orderId: number,
  reason: { actor: string; note: string; now: Date },
): Promise<OrderRow | null> {
  const [row] = await tx.select().from(orders).where(eq(orders.id, orderId)).for("update");
  if (row?.status !== "pending" || row.paymentStatus !== "unpaid") return null;
  await returnReservedStock(tx, orderId);
  // What a gift card paid of the order goes back onto the card.
  await refundGiftCard(tx, row, reason.actor, reason.now);
  const [cancelled] = await tx
    .update(orders)
    .set({ status: "canceled", updatedAt: reason.now })
    .where(eq(orders.id, orderId))
    .returning();
  await tx.insert(orderEvents).values({
    orderId,
    status: "canceled",
    actor: reason.actor,
    note: reason.note,
    createdAt: reason.now,
  });
  await enqueueOrderEvent(tx, "order.status_changed", cancelled!, {
    previousStatus: row.status,
    now: reason.now,
  });
  return cancelled!;
}
