import { eq, sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { orderCounters, orders } from "../../db/schema/orders.ts";

/**
 * What an order is written with until its number is given: unique (the idempotency key's hash
 * is) and never seen outside its transaction.
 */
export const provisionalOrderNumber = (idempotencyKeyHash: string) =>
  `~${idempotencyKeyHash.slice(0, 32)}`;

/**
 * Gives the order the next number ("SW-10043") from the counter row, inside the order's own
 * transaction: if the order then fails, the counter goes back with it, so placed orders are
 * numbered without gaps. The counter's row lock is held until the order commits, so take it
 * after the steps that may refuse the order (capacity, stock, coupon), which also keeps two
 * orders from waiting on each other in a circle (each takes its products' rows, then this one).
 */
export async function assignOrderNumber(tx: Tx, orderId: number): Promise<string> {
  const [counter] = await tx
    .insert(orderCounters)
    .values({ name: "order", last: 10001 })
    .onConflictDoUpdate({
      target: orderCounters.name,
      set: { last: sql`${orderCounters.last} + 1` },
    })
    .returning({ last: orderCounters.last });
  const number = `SW-${counter!.last}`;
  await tx.update(orders).set({ number }).where(eq(orders.id, orderId));
  return number;
}
