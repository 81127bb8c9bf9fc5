import { Readable } from "node:stream";
import { asc, inArray } from "drizzle-orm";
import { businessDateTime } from "../../../shared/domain/business-time.ts";
import { BOM, csvCell } from "../../../shared/domain/csv.ts";
import { centsToDollars } from "../../../shared/domain/money.ts";
import type { AdminOrderFilters, AdminOrderListItem } from "../../../shared/schemas/admin-order.ts";
import type { Db } from "../../db/client.ts";
import { orderLines } from "../../db/schema/orders.ts";
import type { AdminOrderService } from "./admin-service.ts";

// Its tests read the mark from here.
export { BOM };

const HEADER = [
  "order",
  "date",
  "customer",
  "phone",
  "email",
  "country",
  "total",
  "status",
  "payment_method",
  "payment_status",
  "new",
  "shipping_method",
  "shipping_zone",
  "delivery_date",
  // Gift orders, last so earlier columns keep their places in saved spreadsheets.
  "gift",
  // Then the ready day, for the same reason.
  "ready_date",
];

/**
 * One CSV field: the shop's one CSV rule (src/shared/domain/csv.ts). Text a customer typed
 * that could start a formula, at its start or after any separator, is neutralised; a plain
 * phone number such as "+963 944 000 111" is left as it is.
 */
export const csvField: (value: string | number | boolean | null) => string = csvCell;

/** "2026-11-23 14:05" in Asia/Damascus: the business's own clock. */
function localTime(iso: string): string {
  return businessDateTime(new Date(iso));
}

export function csvRow(row: AdminOrderListItem): string {
  return `${[
    row.number,
    localTime(row.created_at),
    row.customer,
    row.phone,
    row.email,
    row.country,
    row.total.toFixed(2),
    row.status,
    row.payment_method,
    row.payment_status,
    row.is_new ? "yes" : "no",
    row.shipping_name,
    row.shipping_zone,
    row.delivery_date,
    row.gift ? "yes" : "no",
    row.ready_date,
  ]
    .map(csvField)
    .join(",")}\r\n`;
}

/** `?lines=1`: the order's columns an accountant needs, then one line's. */
const LINES_HEADER = [
  "order",
  "date",
  "customer",
  "country",
  "status",
  "payment_status",
  "order_total",
  "product_id",
  "product",
  "product_ar",
  "weight_grams",
  "quantity",
  "unit_price",
  "line_total",
];

type CsvLine = {
  orderId: number;
  productId: number | null;
  nameEn: string;
  nameAr: string;
  grams: number;
  qty: number;
  unitPriceCents: number;
  lineTotalCents: number;
};

/** One batch's lines, in the order they were placed; one query per batch of orders. */
export async function linesOfOrders(db: Db, ids: number[]): Promise<Map<number, CsvLine[]>> {
  const byOrder = new Map<number, CsvLine[]>();
  if (ids.length === 0) return byOrder;
  const rows = await db
    .select({
      orderId: orderLines.orderId,
      productId: orderLines.productId,
      nameEn: orderLines.nameEn,
      nameAr: orderLines.nameAr,
      grams: orderLines.grams,
      qty: orderLines.qty,
      unitPriceCents: orderLines.unitPriceCents,
      lineTotalCents: orderLines.lineTotalCents,
    })
    .from(orderLines)
    .where(inArray(orderLines.orderId, ids))
    .orderBy(asc(orderLines.orderId), asc(orderLines.id));
  for (const row of rows) {
    const list = byOrder.get(row.orderId) ?? [];
    list.push(row);
    byOrder.set(row.orderId, list);
  }
  return byOrder;
}

export function csvLineRow(order: AdminOrderListItem, line: CsvLine): string {
  return `${[
    order.number,
    localTime(order.created_at),
    order.customer,
    order.country,
    order.status,
    order.payment_status,
    order.total.toFixed(2),
    line.productId,
    line.nameEn,
    line.nameAr,
    line.grams,
    line.qty,
    centsToDollars(line.unitPriceCents).toFixed(2),
    centsToDollars(line.lineTotalCents).toFixed(2),
  ]
    .map(csvField)
    .join(",")}\r\n`;
}

/**
 * The filtered list as CSV text chunks, one per database batch. With `lines` (a loader of a
 * batch's order lines), one row per order line instead of one per order, still streamed.
 */
export async function* ordersCsv(
  service: AdminOrderService,
  filters: AdminOrderFilters,
  batchSize?: number,
  lines?: (ids: number[]) => Promise<Map<number, CsvLine[]>>,
): AsyncGenerator<string> {
  yield `${BOM}${(lines ? LINES_HEADER : HEADER).join(",")}\r\n`;
  for await (const batch of service.listAll(filters, batchSize)) {
    if (!lines) {
      yield batch.map(csvRow).join("");
      continue;
    }
    const byOrder = await lines(batch.map((order) => order.id));
    yield batch
      .flatMap((order) => (byOrder.get(order.id) ?? []).map((line) => csvLineRow(order, line)))
      .join("");
  }
}

export function ordersCsvStream(
  service: AdminOrderService,
  filters: AdminOrderFilters,
  opts: { lines?: (ids: number[]) => Promise<Map<number, CsvLine[]>> } = {},
): Readable {
  // Back-pressure: the next batch is read only when the client has taken the last one.
  return Readable.from(ordersCsv(service, filters, undefined, opts.lines), { objectMode: false });
}
