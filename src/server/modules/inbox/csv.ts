import { csvCell } from "../../../shared/domain/csv.ts";

/** Excel reads UTF-8 (Arabic included) only when the file starts with a byte-order mark. */
export const UTF8_BOM = "\uFEFF";

/** One CSV cell: the shop's one CSV rule (src/shared/domain/csv.ts). */
export { csvCell };

export function toCsv(header: string[], rows: unknown[][]): string {
  const lines = [header, ...rows].map((row) => row.map(csvCell).join(","));
  return `${UTF8_BOM}${lines.join("\r\n")}\r\n`;
}
