import { asc, eq, inArray } from "drizzle-orm";
import { centsToDollars, formatMoney, type Lang } from "../../../shared/domain/money.ts";
import { HOME_DELIVERY, trackingUrl } from "../../../shared/domain/shipping.ts";
import { optionLabel } from "../../../shared/domain/weight-options.ts";
import { storageUrl } from "../../../shared/schemas/catalog.ts";
import type { OrderDto, OrderShipping } from "../../../shared/schemas/order.ts";
import type { ReceiptDto } from "../../../shared/schemas/receipt.ts";
import type { ShopSettings } from "../../../shared/schemas/settings.ts";
import type { Db, Tx } from "../../db/client.ts";
import { products } from "../../db/schema/catalog.ts";
import type { InvoiceRow } from "../../db/schema/invoices.ts";
import {
  type OrderEventRow,
  type OrderReceiptRow,
  type OrderRow,
  orderEvents,
  orderLines,
} from "../../db/schema/orders.ts";
import { documentsOfOrders } from "./invoices.ts";

export type LineWithImage = typeof orderLines.$inferSelect & { image: string | null };

/**
 * The text the messaging app opens with: the order number, every line and the total, in
 * the language the order was placed in.
 */
export function messagingText(order: OrderRow, lines: ReadonlyArray<LineWithImage>): string {
  const lang: Lang = order.lang;
  const money = (cents: number) => formatMoney(cents, lang);
  const header =
    lang === "ar"
      ? `مرحباً، هذا طلبي رقم ${order.number}:`
      : `Hello, this is my order ${order.number}:`;
  const body = lines.map((line) => {
    const name = lang === "ar" && line.nameAr ? line.nameAr : line.nameEn;
    return `- ${name} (${optionLabel(line.grams, lang)}) × ${line.qty} = ${money(line.lineTotalCents)}`;
  });
  const total =
    lang === "ar" ? `المجموع: ${money(order.totalCents)}` : `Total: ${money(order.totalCents)}`;
  return [header, ...body, total].join("\n");
}

export function messagingLink(
  order: OrderRow,
  lines: ReadonlyArray<LineWithImage>,
  settings: ShopSettings,
): string {
  return `https://wa.me/${settings.messagingNumber}?text=${encodeURIComponent(messagingText(order, lines))}`;
}

/**
 * What the order was charged for shipping, from its own snapshot columns (never today's
 * zones). Orders older than shipping zones were backfilled by migration 0021; the fallbacks
 * only cover a row that missed it.
 */
export function orderShipping(order: OrderRow): OrderShipping {
  return {
    method: order.shippingMethod ?? "delivery",
    kind: order.shippingKind ?? "delivery",
    zone: order.shippingZoneName,
    zone_ar: order.shippingZoneNameAr,
    name: order.shippingMethodName ?? HOME_DELIVERY.name,
    name_ar: order.shippingMethodNameAr ?? HOME_DELIVERY.nameAr,
    fee: centsToDollars(order.deliveryFeeCents),
    delivery_date: order.deliveryDate,
    pickup: order.pickupPoint
      ? {
          address: order.pickupPoint.address.en,
          address_ar: order.pickupPoint.address.ar,
          hours: order.pickupPoint.hours.en,
          hours_ar: order.pickupPoint.hours.ar,
          phone: order.pickupPoint.phone,
        }
      : null,
    carrier: order.carrierName,
    carrier_ar: order.carrierNameAr,
    tracking_number: order.trackingNumber,
    tracking_url:
      order.trackingUrlTemplate && order.trackingNumber
        ? trackingUrl(order.trackingUrlTemplate, order.trackingNumber)
        : null,
  };
}

/** A card order's payment page, only while it is unpaid, pending and its session is open. */
export function openPaymentUrl(order: OrderRow, now = new Date()): string | null {
  if (order.paymentStatus !== "unpaid" || order.status !== "pending" || !order.paymentUrl)
    return null;
  if (order.paymentExpiresAt && order.paymentExpiresAt <= now) return null;
  return order.paymentUrl;
}

/**
 * Where an order's documents are downloaded: the customer's path (with the private link's key
 * or the account's token) or the back office's.
 */
export function documentLinks(
  order: Pick<OrderRow, "id" | "number">,
  docs: ReadonlyArray<InvoiceRow>,
  scope: "customer" | "admin" = "customer",
): Pick<OrderDto, "invoice" | "credit_notes"> {
  const base =
    scope === "admin"
      ? `/api/admin/orders/${order.id}`
      : `/api/orders/${encodeURIComponent(order.number)}`;
  const invoice = docs.find((doc) => doc.kind === "invoice");
  return {
    invoice: invoice
      ? {
          number: invoice.number,
          issued_at: invoice.issuedAt.toISOString(),
          url: `${base}/invoice.pdf`,
        }
      : null,
    credit_notes: docs
      .filter((doc) => doc.kind === "credit_note")
      .map((doc) => ({
        number: doc.number,
        issued_at: doc.issuedAt.toISOString(),
        refers_to: doc.data.refers_to ?? "",
        reason: doc.data.reason ?? "refund",
        url: `${base}/credit-notes/${doc.number}.pdf`,
      })),
  };
}

export function toOrderDto(
  order: OrderRow,
  lines: ReadonlyArray<LineWithImage>,
  events: ReadonlyArray<OrderEventRow>,
  settings: ShopSettings,
  docs: ReadonlyArray<InvoiceRow> = [],
  scope: "customer" | "admin" = "customer",
): OrderDto {
  return {
    number: order.number,
    status: order.status,
    created_at: order.createdAt.toISOString(),
    name: order.name,
    phone: order.phone,
    email: order.email,
    country: order.country,
    city: order.city,
    address: order.address,
    notes: order.notes,
    payment_method: order.paymentMethod,
    due_date: order.dueDate ?? null,
    payment_status: order.paymentStatus,
    paid_amount: order.paidCents === null ? null : centsToDollars(order.paidCents),
    paid_at: order.paidAt ? order.paidAt.toISOString() : null,
    payment_url: openPaymentUrl(order),
    coupon: order.couponCode,
    subtotal: centsToDollars(order.subtotalCents),
    discount: centsToDollars(order.discountCents),
    discount_percent: order.discountPercent,
    discount_source: order.discountSource,
    delivery_fee: centsToDollars(order.deliveryFeeCents),
    shipping: orderShipping(order),
    gift: order.gift
      ? {
          recipient_name: order.gift.recipientName,
          recipient_phone: order.gift.recipientPhone,
          message: order.gift.message,
          wrap: order.gift.wrap,
        }
      : null,
    gift_wrap_fee: centsToDollars(order.giftWrapCents),
    ready_date: order.readyDate,
    slot: null,
    season: null,
    total: centsToDollars(order.totalCents),
    total_grams: order.totalGrams,
    lines: lines.map((line) => ({
      product_id: line.productId,
      name: line.nameEn,
      name_ar: line.nameAr,
      grams: line.grams,
      qty: line.qty,
      unit_price: centsToDollars(line.unitPriceCents),
      line_total: centsToDollars(line.lineTotalCents),
      image_url: line.image ? storageUrl(line.image) : null,
    })),
    events: events.map((event) => ({
      status: event.status,
      at: event.createdAt.toISOString(),
      actor: event.actor,
      note: event.note,
    })),
    payment_instructions:
      order.paymentMethod === "bank_transfer" ? settings.bankTransferInstructions : null,
    messaging_link:
      order.paymentMethod === "messaging_app" ? messagingLink(order, lines, settings) : null,
    ...documentLinks(order, docs, scope),
  };
}

/** Lines (with today's product image) and events of several orders in two queries. */
export async function loadOrderParts(
  db: Db | Tx,
  orderIds: number[],
): Promise<{
  linesOf: (orderId: number) => LineWithImage[];
  eventsOf: (orderId: number) => OrderEventRow[];
  documentsOf: (orderId: number) => InvoiceRow[];
}> {
  if (orderIds.length === 0)
    return { linesOf: () => [], eventsOf: () => [], documentsOf: () => [] };
  const [lineRows, eventRows, documentRows] = await Promise.all([
    db
      .select({ line: orderLines, image: products.image })
      .from(orderLines)
      .leftJoin(products, eq(products.id, orderLines.productId))
      .where(inArray(orderLines.orderId, orderIds))
      .orderBy(asc(orderLines.id)),
    db
      .select()
      .from(orderEvents)
      .where(inArray(orderEvents.orderId, orderIds))
      .orderBy(asc(orderEvents.id)),
    documentsOfOrders(db, orderIds),
  ]);
  return {
    linesOf: (orderId) =>
      lineRows
        .filter((row) => row.line.orderId === orderId)
        .map((row) => ({ ...row.line, image: row.image })),
    eventsOf: (orderId) => eventRows.filter((row) => row.orderId === orderId),
    documentsOf: (orderId) => documentRows.filter((row) => row.orderId === orderId),
  };
}

/** A receipt as the customer's page and the back office show it (the file stays private). */
export const receiptDto = (row: OrderReceiptRow): ReceiptDto => ({
  id: row.id,
  content_type: row.contentType,
  bytes: row.bytes,
  created_at: row.createdAt.toISOString(),
});

/** The admin detail's list: API paths the back office fetches with its token. */
export function receiptLinks(orderId: number, rows: ReadonlyArray<OrderReceiptRow>) {
  return rows.map((row) => ({
    ...receiptDto(row),
    url: `/api/admin/orders/${orderId}/receipts/${row.id}`,
  }));
}
