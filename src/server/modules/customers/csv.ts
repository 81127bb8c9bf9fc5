import { Readable } from "node:stream";
import { businessDateTime } from "../../../shared/domain/business-time.ts";
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
    row.last_order_at ? businessDateTime(new Date(row.last_order_at)) : null,
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
