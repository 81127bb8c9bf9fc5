import { randomBytes } from "node:crypto";
import { asc, eq, sql } from "drizzle-orm";
import { centsToDollars } from "../../../shared/domain/money.ts";
import type { WebhookEventType } from "../../../shared/domain/webhooks.ts";
import type { Db, Tx } from "../../db/client.ts";
import { type OrderRow, orderLines } from "../../db/schema/orders.ts";
import { webhookDeliveries, webhookEndpoints } from "../../db/schema/webhooks.ts";

/** Any connection or transaction: the event is queued in the caller's transaction. */
type Conn = Db | Tx;

/** `evt_` and 24 hex digits: the same id for every endpoint that hears the event. */
export const newEventId = () => `evt_${randomBytes(12).toString("hex")}`;

/**
 * Queues one event for every endpoint subscribed to its type, in the caller's transaction:
 * the delivery exists exactly when the change that caused it holds, and the request never
 * waits for a receiver (the worker sends it). `data` is built only when someone listens, so
 * a shop without webhooks pays one indexed read. Answers how many deliveries were queued.
 */
export async function enqueueWebhookEvent(
  conn: Conn,
  type: WebhookEventType,
  data: () => Promise<unknown> | unknown,
  now = new Date(),
): Promise<number> {
  const endpoints = await conn
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(sql`${type} = any(${webhookEndpoints.events})`)
    .orderBy(asc(webhookEndpoints.id));
  if (endpoints.length === 0) return 0;
  const id = newEventId();
  const body = JSON.stringify({ id, type, created_at: now.toISOString(), data: await data() });
  await conn.insert(webhookDeliveries).values(
    endpoints.map((endpoint) => ({
      endpointId: endpoint.id,
      eventId: id,
      type,
      body,
      nextAttemptAt: now,
      createdAt: now,
    })),
  );
  return endpoints.length;
}

/** The order as a receiver gets it: money in dollars (2 decimals), like the API. */
export async function orderEventData(conn: Conn, order: OrderRow) {
  const lines = await conn
    .select()
    .from(orderLines)
    .where(eq(orderLines.orderId, order.id))
    .orderBy(asc(orderLines.id));
  return {
    id: order.id,
    number: order.number,
    status: order.status,
    payment_status: order.paymentStatus,
    payment_method: order.paymentMethod,
    currency: "USD",
    subtotal: centsToDollars(order.subtotalCents),
    discount: centsToDollars(order.discountCents),
    delivery_fee: centsToDollars(order.deliveryFeeCents),
    total: centsToDollars(order.totalCents),
    customer: { name: order.name, email: order.email, phone: order.phone },
    shipping: { country: order.country, city: order.city, address: order.address },
    notes: order.notes,
    lang: order.lang,
    lines: lines.map((line) => ({
      product_id: line.productId,
      name_en: line.nameEn,
      name_ar: line.nameAr,
      grams: line.grams,
      quantity: line.qty,
      unit_price: centsToDollars(line.unitPriceCents),
      total: centsToDollars(line.lineTotalCents),
    })),
    created_at: order.createdAt.toISOString(),
    updated_at: order.updatedAt.toISOString(),
  };
}

/**
 * An order event, in the transaction that made it: `order.created`, `order.paid`, or
 * `order.status_changed` with the status it left (`previous_status`).
 */
export function enqueueOrderEvent(
  conn: Conn,
  type: "order.created" | "order.paid" | "order.status_changed",
  order: OrderRow,
  opts: { previousStatus?: string; now?: Date } = {},
): Promise<number> {
  return enqueueWebhookEvent(
    conn,
    type,
    async () => ({
      order: await orderEventData(conn, order),
      ...(type === "order.status_changed" ? { previous_status: opts.previousStatus ?? null } : {}),
    }),
    opts.now,
  );
}
