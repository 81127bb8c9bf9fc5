import { asc, eq, inArray } from "drizzle-orm";
import { contentsText, type OrderLineContent } from "../../../shared/domain/boxes.ts";
import { slotLabel } from "../../../shared/domain/delivery-slots.ts";
import {
  type AllergenRollup,
  type FoodInfo,
  rollupAllergens,
} from "../../../shared/domain/food.ts";
import { kitchenSlotOfOrder, stepsFor } from "../../../shared/domain/kitchen-slots.ts";
import { centsToDollars, formatMoney, type Lang } from "../../../shared/domain/money.ts";
import { balanceDueCents, type OrderMoney } from "../../../shared/domain/order-changes.ts";
import { displayPhone, messagingDigits } from "../../../shared/domain/phone.ts";
import { HOME_DELIVERY, trackingUrl } from "../../../shared/domain/shipping.ts";
import { optionLabel } from "../../../shared/domain/weight-options.ts";
import { storageUrl } from "../../../shared/schemas/catalog.ts";
import type { GiftCardPurchaseDto } from "../../../shared/schemas/gift-cards.ts";
import type { OrderDto, OrderShipping } from "../../../shared/schemas/order.ts";
import type { ReceiptDto } from "../../../shared/schemas/receipt.ts";
import type { ShopSettings } from "../../../shared/schemas/settings.ts";
import type { Db, Tx } from "../../db/client.ts";
import { products } from "../../db/schema/catalog.ts";
import type { InvoiceRow } from "../../db/schema/invoices.ts";
import { type OrderDishLineRow, orderDishLines } from "../../db/schema/kitchen-orders.ts";
import {
  type OrderEventRow,
  type OrderReceiptRow,
  type OrderRow,
  orderEvents,
  orderLines,
} from "../../db/schema/orders.ts";
import { giftCardPurchasesOf } from "../gift-cards/service.ts";
import { documentsOfOrders } from "./invoices.ts";

/** A stored box's contents as the order DTO gives them. */
export function lineContents(raw: OrderLineContent[] | string | null) {
  const list = typeof raw === "string" ? (JSON.parse(raw) as OrderLineContent[]) : raw;
  return list
    ? list.map((c) => ({
        product_id: c.productId,
        name: c.nameEn,
        name_ar: c.nameAr,
        grams: c.grams,
      }))
    : null;
}

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
    const box = line.contents?.length ? `: ${contentsText(line.contents, lang)}` : "";
    return `- ${name} (${optionLabel(line.grams, lang)}${box}) × ${line.qty} = ${money(line.lineTotalCents)}`;
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

/** The sums an order's payment state follows from (shared/domain/order-changes.ts). */
export const orderMoney = (order: OrderRow): OrderMoney => ({
  totalCents: order.totalCents,
  creditedCents: order.creditedCents,
  receivedCents: order.paidCents ?? 0,
  refundedCents: order.refundedCents,
});

/**
 * A payment page, only while its session is open and money is owed: a pending unpaid order's
 * checkout page, or a payment link for an unpaid or balance-due order.
 */
export function openPaymentUrl(order: OrderRow, now = new Date()): string | null {
  if (!order.paymentUrl || order.status === "canceled") return null;
  const owes =
    (order.paymentStatus === "unpaid" && order.status === "pending") ||
    (order.paymentStatus === "unpaid" && order.paymentMethod !== "card") ||
    order.paymentStatus === "balance_due";
  if (!owes) return null;
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

/** The order's season as it was named when placed; null outside seasons (or once deleted). */
export function orderSeason(order: Pick<OrderRow, "seasonId" | "seasonName" | "seasonNameAr">) {
  return order.seasonId === null
    ? null
    : { id: order.seasonId, name: order.seasonName ?? "", name_ar: order.seasonNameAr ?? "" };
}

/** The cook's steps as the order's pages show them; null for an order without a dish. */
export function kitchenProgress(
  order: OrderRow,
  dishLines: ReadonlyArray<OrderDishLineRow>,
): OrderDto["kitchen"] {
  if (dishLines.length === 0) return null;
  return {
    steps: [...stepsFor(order.shippingKind === "pickup" ? "pickup" : "delivery")],
    step: order.kitchenStep,
    done: order.kitchenSteps ?? [],
  };
}

export function toOrderDto(
  order: OrderRow,
  lines: ReadonlyArray<LineWithImage>,
  events: ReadonlyArray<OrderEventRow>,
  settings: ShopSettings,
  parts: {
    /** The order's invoice and credit notes. */
    docs?: ReadonlyArray<InvoiceRow>;
    /** Whose download links the documents get. */
    scope?: "customer" | "admin";
    /** The kitchen's dishes on the order. */
    dishes?: ReadonlyArray<OrderDishLineRow>;
    /** The gift cards the order bought. */
    giftCards?: GiftCardPurchaseDto[];
  } = {},
): OrderDto {
  const { docs = [], scope = "customer", dishes: dishLines = [], giftCards = [] } = parts;
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
    balance_due: centsToDollars(balanceDueCents(orderMoney(order))),
    refunded_amount: centsToDollars(order.refundedCents),
    version: order.version,
    coupon: order.couponCode,
    subtotal: centsToDollars(order.subtotalCents),
    discount: centsToDollars(order.discountCents),
    discount_percent: order.discountPercent,
    discount_source: order.discountSource,
    delivery_fee: centsToDollars(order.deliveryFeeCents),
    promotions: (order.promotions ?? []).map((p) => ({
      id: p.id,
      name: p.name,
      name_ar: p.nameAr,
      amount: centsToDollars(p.amountCents),
    })),
    gift_card_paid: centsToDollars(order.giftCardCents ?? 0),
    gift_cards: giftCards,
    shipping: orderShipping(order),
    gift: order.gift
      ? {
          recipient_name: order.gift.recipientName,
          recipient_phone: order.gift.recipientPhone,
          recipient_phone_display: displayPhone(order.gift.recipientPhone, order.country),
          recipient_phone_messaging: messagingDigits(order.gift.recipientPhone, order.country),
          message: order.gift.message,
          wrap: order.gift.wrap,
        }
      : null,
    gift_wrap_fee: centsToDollars(order.giftWrapCents),
    ready_date: order.readyDate,
    slot: kitchenSlotOfOrder(order.slot) ?? slotLabel(order.slot),
    season: orderSeason(order),
    dishes: dishLines.map((line) => ({
      dish_id: line.dishId,
      name: line.nameEn,
      name_ar: line.nameAr,
      portions: line.portions,
      unit_price: centsToDollars(line.unitPriceCents),
      line_total: centsToDollars(line.lineTotalCents),
    })),
    kitchen: kitchenProgress(order, dishLines),
    total: centsToDollars(order.totalCents),
    total_grams: order.totalGrams,
    lines: lines.map((line) => ({
      line_id: line.id,
      product_id: line.productId,
      name: line.nameEn,
      name_ar: line.nameAr,
      grams: line.grams,
      qty: line.qty,
      unit_price: centsToDollars(line.unitPriceCents),
      line_total: centsToDollars(line.lineTotalCents),
      weighed_grams: line.weighedGrams,
      refunded: centsToDollars(line.refundedCents),
      image_url: line.image ? storageUrl(line.image) : null,
      contents: lineContents(line.contents),
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

/**
 * Each line's allergens as the products' food information says today (a box: all its sweets'
 * together): what the packer prints beside the line. A deleted product, or one without food
 * information, makes the line `unknown`.
 */
export async function lineAllergens(
  db: Db | Tx,
  lines: ReadonlyArray<LineWithImage>,
): Promise<AllergenRollup[]> {
  const idsOf = (line: LineWithImage) => {
    const contents =
      typeof line.contents === "string"
        ? (JSON.parse(line.contents) as OrderLineContent[])
        : line.contents;
    return contents?.length ? contents.map((c) => c.productId) : [line.productId];
  };
  const ids = [...new Set(lines.flatMap(idsOf).filter((id): id is number => id !== null))];
  const rows =
    ids.length === 0
      ? []
      : await db
          .select({ id: products.id, food: products.food })
          .from(products)
          .where(inArray(products.id, ids));
  const foods = new Map(
    rows.map((r) => [
      Number(r.id),
      typeof r.food === "string" ? (JSON.parse(r.food) as FoodInfo) : r.food,
    ]),
  );
  return lines.map((line) =>
    rollupAllergens(idsOf(line).map((id) => (id === null ? null : (foods.get(id) ?? null)))),
  );
}

/** Lines (with today's product image) and events of several orders in two queries. */
export async function loadOrderParts(
  db: Db | Tx,
  orderIds: number[],
): Promise<{
  linesOf: (orderId: number) => LineWithImage[];
  eventsOf: (orderId: number) => OrderEventRow[];
  documentsOf: (orderId: number) => InvoiceRow[];
  dishesOf: (orderId: number) => OrderDishLineRow[];
  giftCardsOf: (orderId: number) => GiftCardPurchaseDto[];
}> {
  if (orderIds.length === 0)
    return {
      linesOf: () => [],
      eventsOf: () => [],
      documentsOf: () => [],
      dishesOf: () => [],
      giftCardsOf: () => [],
    };
  const [lineRows, eventRows, documentRows, dishRows, cards] = await Promise.all([
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
    db
      .select()
      .from(orderDishLines)
      .where(inArray(orderDishLines.orderId, orderIds))
      .orderBy(asc(orderDishLines.id)),
    giftCardPurchasesOf(db, orderIds),
  ]);
  return {
    linesOf: (orderId) =>
      lineRows
        .filter((row) => row.line.orderId === orderId)
        .map((row) => ({ ...row.line, image: row.image })),
    eventsOf: (orderId) => eventRows.filter((row) => row.orderId === orderId),
    documentsOf: (orderId) => documentRows.filter((row) => row.orderId === orderId),
    dishesOf: (orderId) => dishRows.filter((row) => row.orderId === orderId),
    giftCardsOf: (orderId) => cards.get(orderId) ?? [],
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
