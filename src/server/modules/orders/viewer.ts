import { timingSafeEqual } from "node:crypto";
import { eq } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import type { Db, Tx } from "../../db/client.ts";
import { type OrderRow, orders } from "../../db/schema/orders.ts";
import { notFound } from "../../http-errors.ts";
import { foundByLookup } from "./lookup.ts";
import { sha256 } from "./place-order.ts";

export const ORDER_NOT_FOUND = "Order not found.";

function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** Who may see an order: its signed-in owner, or whoever holds its private-link key. */
export type OrderViewer = { userId: number | null; key: string | undefined };

/**
 * The order behind a private link or the customer's account. 404, never 403: a stranger
 * must not learn that the number exists.
 */
export async function viewableOrder(
  db: Db | Tx,
  number: string,
  viewer: OrderViewer,
): Promise<OrderRow> {
  const [row] = await db
    .select()
    .from(orders)
    .where(eq(orders.number, number.trim().toUpperCase()));
  if (!row) throw notFound(ORDER_NOT_FOUND);
  const owner = viewer.userId !== null && row.userId === viewer.userId;
  const keyed = viewer.key !== undefined && sameHash(sha256(viewer.key), row.accessKeyHash);
  if (!owner && !keyed && !(await foundByLookup(db, row.id, viewer.key)))
    throw notFound(ORDER_NOT_FOUND);
  return row;
}

/** The viewer of a public order route: the signed-in customer (if any) and the link's key. */
export async function viewerOf(
  request: FastifyRequest,
  key: string | undefined,
): Promise<OrderViewer> {
  const session = await request.session();
  return { userId: session?.user.id ?? null, key };
}
