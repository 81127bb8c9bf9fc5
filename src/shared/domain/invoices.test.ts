import { describe, expect, it } from "vitest";
import { documentDue, includedTax, invoiceNumber, parseInvoiceNumber } from "./invoices.ts";

describe("invoice numbers", () => {
  it.each([
    ["INV", 2026, 1, "INV-2026-000001"],
    ["INV", 2026, 123, "INV-2026-000123"],
    ["CN", 2026, 45, "CN-2026-000045"],
    ["INV", 2027, 999_999, "INV-2027-999999"],
    ["INV", 2027, 1_000_000, "INV-2027-1000000"],
  ] as const)("%s %i #%i is %s, and reads back", (series, year, seq, text) => {
    expect(invoiceNumber(series, year, seq)).toBe(text);
    expect(parseInvoiceNumber(text)).toEqual({ series, year, seq });
  });

  it.each([0, -1, 1.5, Number.NaN])("refuses sequence %s", (seq) => {
    expect(() => invoiceNumber("INV", 2026, seq)).toThrow(RangeError);
  });

  it.each(["", "INV-26-000001", "INV-2026-12", "XX-2026-000001", "SW-10001"])(
    "%j is not a document number",
    (text) => expect(parseInvoiceNumber(text)).toBeNull(),
  );
});

describe("tax included in a total", () => {
  it.each([
    [11_000, null, null],
    [11_000, 0, null],
    [11_000, 10, { ratePercent: 10, taxCents: 1000, netCents: 10_000 }],
    [3100, 5, { ratePercent: 5, taxCents: 148, netCents: 2952 }],
    [1, 20, { ratePercent: 20, taxCents: 0, netCents: 1 }],
    [0, 15, { ratePercent: 15, taxCents: 0, netCents: 0 }],
    [10_000, 100, { ratePercent: 100, taxCents: 5000, netCents: 5000 }],
  ] as const)("%i cents at %s%%", (total, rate, expected) => {
    expect(includedTax(total, rate)).toEqual(expected);
  });
});

describe("which document an order's event calls for", () => {
  const none = { invoice: false, creditNote: false };
  const invoiced = { invoice: true, creditNote: false };
  const credited = { invoice: true, creditNote: true };
  it.each([
    ["confirmed", none, "invoice"],
    ["paid", none, "invoice"],
    ["confirmed", invoiced, null],
    ["paid", invoiced, null],
    ["refunded", none, null],
    ["canceled", none, null],
    ["refunded", invoiced, "credit_note"],
    ["canceled", invoiced, "credit_note"],
    ["refunded", credited, null],
    ["canceled", credited, null],
    ["paid", credited, null],
  ] as const)("%s with %o: %s", (event, has, expected) => {
    expect(documentDue(event, has)).toBe(expected);
  });
});
