import { and, eq } from "drizzle-orm";
import type { PriceListRules } from "../../../shared/domain/price-lists.ts";
import type { Db, Tx } from "../../db/client.ts";
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
