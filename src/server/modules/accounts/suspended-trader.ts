import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { traders } from "../../db/schema/traders.ts";

/** Whether the account is a trader the owner has suspended (it may not sign in). */
export async function isSuspendedTrader(db: Db, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: traders.id })
    .from(traders)
    .where(and(eq(traders.userId, userId), eq(traders.status, "suspended")));
  return row !== undefined;
}
