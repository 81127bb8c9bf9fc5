import { and, asc, eq, gte, inArray, lte, sql } from "drizzle-orm";
import type { OrderLineContent } from "../../../shared/domain/boxes.ts";
import { csvCell } from "../../../shared/domain/csv.ts";
import { slotLabel } from "../../../shared/domain/delivery-slots.ts";
import { centsToDollars } from "../../../shared/domain/money.ts";
import { balanceDueCents } from "../../../shared/domain/order-changes.ts";
import { type ProductionLine, productionSheet } from "../../../shared/domain/production.ts";
import { optionLabel } from "../../../shared/domain/weight-options.ts";
import type { PackListEntry, ProductionSheet } from "../../../shared/schemas/production.ts";
import type { Db } from "../../db/client.ts";
import { orderLines, orders } from "../../db/schema/orders.ts";
import { holdsCapacity } from "./capacity.ts";

/**
 * The production sheet for ready days `from`..`to`: every line of the orders that count
 * (cancelled and refunded never do) summed per product and weight option, and the gift wraps.
 * The database sums the lines per product, weight and box contents (a day of 500 orders is a
 * few rows, not a thousand: every sum is linear in qty), naming each group after its first
 * line; the groups are then read in the order of their first lines, so names and ties come
 * out exactly as line by line. Two queries on the ready-day index.
 */
export async function loadProductionSheet(
  db: Db,
  from: string,
  to: string,
): Promise<ProductionSheet> {
  const inRange = and(gte(orders.readyDate, from), lte(orders.readyDate, to), holdsCapacity);
  // The group's first line, in (order, line) order: its names and its place.
  const first = <T>(column: unknown) =>
    sql<T>`(array_agg(${column} order by ${orders.id}, ${orderLines.id}))[1]`;
  const [groups, [wraps]] = await Promise.all([
    db
      .select({
        productId: orderLines.productId,
        grams: orderLines.grams,
        contents: orderLines.contents,
        qty: sql<string>`sum(${orderLines.qty})`,
        name: first<string>(orderLines.nameEn),
        nameAr: first<string>(orderLines.nameAr),
        orderId: first<string>(orders.id),
        lineId: first<string>(orderLines.id),
        numbers: sql<string[]>`array_agg(distinct ${orders.number})`,
      })
      .from(orderLines)
      .innerJoin(orders, sql`${orders.id} = ${orderLines.orderId}`)
      .where(inRange)
      // A deleted product's lines are summed by their English name, as the pure sum keys them.
      .groupBy(
        orderLines.productId,
        sql`case when ${orderLines.productId} is null then ${orderLines.nameEn} end`,
        orderLines.grams,
        orderLines.contents,
      ),
    db
      .select({
        orders: sql<string>`count(*)`,
        wraps: sql<string>`count(*) filter (where (${orders.gift}->>'wrap')::boolean)`,
      })
      .from(orders)
      .where(inRange),
  ]);
  const place = (group: (typeof groups)[number]) => [Number(group.orderId), Number(group.lineId)];
  const lines: ProductionLine[] = groups
    .map((group) => ({ group, at: place(group) }))
    .sort((a, b) => a.at[0]! - b.at[0]! || a.at[1]! - b.at[1]!)
    .map(({ group }) => ({
      orderId: Number(group.orderId),
      orderNumber: group.numbers[0]!,
      orderNumbers: group.numbers,
      productId: group.productId === null ? null : Number(group.productId),
      name: group.name,
      nameAr: group.nameAr,
      grams: group.grams,
      qty: Number(group.qty),
      contents:
        typeof group.contents === "string"
          ? (JSON.parse(group.contents) as OrderLineContent[])
          : group.contents,
    }));
  return {
    from,
    to,
    products: productionSheet(lines).map((row) => ({
      product_id: row.productId,
      name: row.name,
      name_ar: row.nameAr,
      grams: row.grams,
      options: row.options,
      orders: row.orders,
    })),
    gift_wraps: Number(wraps?.wraps ?? 0),
    orders: Number(wraps?.orders ?? 0),
  };
}

export const PRODUCTION_CSV_HEADER = ["product", "product_ar", "kg", "packs", "orders"];

/** The sheet as CSV: one row per product, packs as "12 x 1 kg; 30 x 500 g", then the gift wraps. */
export function productionCsv(sheet: ProductionSheet): string {
  const rows = [
    PRODUCTION_CSV_HEADER,
    ...sheet.products.map((p) => [
      p.name,
      p.name_ar,
      String(p.grams / 1000),
      p.options.map((o) => `${o.count} x ${optionLabel(o.grams, "en")}`).join("; "),
      p.orders.join(" "),
    ]),
    ["gift wraps", "تغليف هدايا", "", String(sheet.gift_wraps), ""],
  ];
  // A BOM so spreadsheet programs read the Arabic names as UTF-8, as the orders CSV does.
  return `\uFEFF${rows.map((r) => r.map(csvCell).join(",")).join("\r\n")}\r\n`;
}

/**
 * The pack list of one ready day: every order that counts, in slot order (orders without a
 * slot last), then by number, with where it goes, the phone, what to collect and what to pack.
 */
export async function loadPackList(db: Db, day: string): Promise<PackListEntry[]> {
  const rows = await db
    .select()
    .from(orders)
    .where(and(eq(orders.readyDate, day), holdsCapacity))
    // Slot order: ids sort by their start ("10:00-13:00" before "13:00-17:00"); none last.
    .orderBy(sql`${orders.slot} asc nulls last`, asc(orders.id));
  if (rows.length === 0) return [];
  const lines = await db
    .select()
    .from(orderLines)
    .where(
      inArray(
        orderLines.orderId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(orderLines.id));
  return rows.map((order) => ({
    number: order.number,
    name: order.gift?.recipientName ?? order.name,
    phone: order.gift?.recipientPhone ?? order.phone,
    kind: order.shippingKind ?? "delivery",
    method: order.shippingMethodName ?? "Home delivery",
    method_ar: order.shippingMethodNameAr ?? "توصيل إلى العنوان",
    country: order.country,
    city: order.city,
    address: order.address,
    notes: order.notes,
    slot: slotLabel(order.slot),
    payment_method: order.paymentMethod,
    // Cash on delivery: the driver collects what is still owed after edits, weighed amounts and
    // part payments (a payment link paid for part of it); any other method is settled off the
    // doorstep, so there is nothing to collect.
    to_collect:
      order.paymentMethod === "cod"
        ? centsToDollars(
            balanceDueCents({
              totalCents: order.totalCents,
              creditedCents: order.creditedCents,
              receivedCents: order.paidCents ?? 0,
              refundedCents: order.refundedCents,
            }),
          )
        : 0,
    gift_wrap: Boolean(order.gift?.wrap),
    lines: lines
      .filter((l) => l.orderId === order.id)
      .map((l) => ({ name: l.nameEn, name_ar: l.nameAr, grams: l.grams, qty: l.qty })),
  }));
}
