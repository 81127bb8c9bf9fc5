import { and, eq, ne, sql } from "drizzle-orm";
import type { PriceListRules } from "../../../shared/domain/price-lists.ts";
import type { Db, Tx } from "../../db/client.ts";
import { orders } from "../../db/schema/orders.ts";
import { priceLists, traders } from "../../db/schema/traders.ts";

/**
 * The price list an account buys under: an active trader's list, read fresh for each request
 * (never from a shared cache, so no other visitor can be answered with it); null for anyone
 * else, a suspended trader and a trader without a list.
 */
export async function traderPriceList(db: Db | Tx, userId: number): Promise<PriceListRules | null> {
  const [row] = await db
    .select({
      minOrderTotalCents: priceLists.minOrderTotalCents,
      products: priceLists.products,
      categories: priceLists.categories,
    })
    .from(traders)
    .innerJoin(priceLists, eq(priceLists.id, traders.priceListId))
    .where(and(eq(traders.userId, userId), eq(traders.status, "active")));
  return row ?? null;
}

/** An active trader's payment terms, or null (not a trader, suspended, or no terms). */
export async function traderTerms(
  db: Db | Tx,
  userId: number,
): Promise<{ termsDays: number; creditLimitCents: number } | null> {
  const [row] = await db
    .select({ termsDays: traders.termsDays, creditLimitCents: traders.creditLimitCents })
    .from(traders)
    .where(and(eq(traders.userId, userId), eq(traders.status, "active")));
  return row && row.termsDays > 0 ? row : null;
}

/**
 * Inside an order's transaction: locks the trader's row (so two orders of one trader, on any
 * instance, are checked one after the other against the limit) and sums what it owes: its
 * orders on invoice that are neither paid nor cancelled, the order being placed left out.
 */
export async function lockOutstanding(tx: Tx, userId: number, orderId: number): Promise<number> {
  await tx.execute(sql`SELECT 1 FROM traders WHERE user_id = ${userId} FOR UPDATE`);
  const [row] = await tx
    .select({ total: sql<string>`coalesce(sum(${orders.totalCents}), 0)` })
    .from(orders)
    .where(
      and(
        eq(orders.userId, userId),
        eq(orders.paymentMethod, "invoice"),
        eq(orders.paymentStatus, "unpaid"),
        ne(orders.status, "canceled"),
        ne(orders.id, orderId),
      ),
    );
  return Number(row?.total ?? 0);
}
