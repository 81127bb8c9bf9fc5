/** Excel reads UTF-8 (Arabic included) only when the file starts with a byte-order mark. */
export const UTF8_BOM = "\uFEFF";

/**
 * One CSV cell (RFC 4180). A cell a spreadsheet would run as a formula (=, @, or +/- not
 * followed by a plain number such as a phone) is prefixed with a quote so it stays text.
 */
export function csvCell(value: unknown): string {
  let text = value === null || value === undefined ? "" : String(value);
  if (/^[=@\t\r]/.test(text) || /^[+-](?![\d\s().-]*$)/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function toCsv(header: string[], rows: unknown[][]): string {
  const lines = [header, ...rows].map((row) => row.map(csvCell).join(","));
  return `${UTF8_BOM}${lines.join("\r\n")}\r\n`;
}
