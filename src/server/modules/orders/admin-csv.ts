import { Readable } from "node:stream";
import { BUSINESS_TIME_ZONE } from "../../../shared/domain/coupons.ts";
import { csvCell } from "../../../shared/domain/csv.ts";
import type { AdminOrderFilters, AdminOrderListItem } from "../../../shared/schemas/admin-order.ts";
import type { AdminOrderService } from "./admin-service.ts";

/** Spreadsheet programs read UTF-8 (and so Arabic) only when the file starts with a BOM. */
export const BOM = "\uFEFF";

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
];

/**
 * One CSV field: the shop's one CSV rule (src/shared/domain/csv.ts). Text a customer typed
 * that could start a formula, at its start or after any separator, is neutralised; a plain
 * phone number such as "+963 944 000 111" is left as it is.
 */
export const csvField: (value: string | number | boolean | null) => string = csvCell;

const damascusTime = new Intl.DateTimeFormat("en-CA", {
  timeZone: BUSINESS_TIME_ZONE,
  hourCycle: "h23",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
});

/** "2026-11-23 14:05" in Asia/Damascus: the business's own clock. */
function localTime(iso: string): string {
  return damascusTime.format(new Date(iso)).replace(",", "");
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
  ]
    .map(csvField)
    .join(",")}\r\n`;
}

/** The filtered list as CSV text chunks, one per database batch. */
export async function* ordersCsv(
  service: AdminOrderService,
  filters: AdminOrderFilters,
  batchSize?: number,
): AsyncGenerator<string> {
  yield `${BOM}${HEADER.join(",")}\r\n`;
  for await (const batch of service.listAll(filters, batchSize)) {
    yield batch.map(csvRow).join("");
  }
}

export function ordersCsvStream(service: AdminOrderService, filters: AdminOrderFilters): Readable {
  // Back-pressure: the next batch is read only when the client has taken the last one.
  return Readable.from(ordersCsv(service, filters), { objectMode: false });
}
