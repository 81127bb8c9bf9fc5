import { Readable } from "node:stream";
import { BUSINESS_TIME_ZONE } from "../../../shared/domain/coupons.ts";
import { BOM, csvCell } from "../../../shared/domain/csv.ts";
import type { AdminCustomer } from "../../../shared/schemas/admin-customers.ts";
import type { CustomerService } from "./service.ts";

const HEADER = [
  "customer",
  "kind",
  "name",
  "email",
  "phone",
  "country",
  "orders",
  "total_spent",
  "last_order",
];

const damascusTime = new Intl.DateTimeFormat("en-CA", {
  timeZone: BUSINESS_TIME_ZONE,
  hourCycle: "h23",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
});

/** One customer as a CSV line: every cell through the shop's one CSV rule (formulas neutralised). */
export function customerCsvRow(row: AdminCustomer): string {
  return `${[
    row.key,
    row.kind,
    row.name,
    row.email,
    row.phone,
    row.country,
    row.order_count,
    row.total_spent.toFixed(2),
    // The business's own clock, as the orders export writes dates.
    row.last_order_at ? damascusTime.format(new Date(row.last_order_at)).replace(",", "") : null,
  ]
    .map(csvCell)
    .join(",")}\r\n`;
}

/** The matching customers as CSV text chunks (BOM first: spreadsheets then read Arabic). */
export async function* customersCsv(
  service: CustomerService,
  search: string | undefined,
): AsyncGenerator<string> {
  yield `${BOM}${HEADER.join(",")}\r\n`;
  for await (const batch of service.listAll(search)) yield batch.map(customerCsvRow).join("");
}

export function customersCsvStream(service: CustomerService, search: string | undefined): Readable {
  // Back-pressure: the next batch is read only when the client has taken the last one.
  return Readable.from(customersCsv(service, search), { objectMode: false });
}
