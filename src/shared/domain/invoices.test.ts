import { describe, expect, it } from "vitest";
import {
  type CreditLine,
  creditLeftCents,
  documentDue,
  type InvoiceSnapshot,
  includedTax,
  invoiceNumber,
  parseInvoiceNumber,
  partialCreditNote,
} from "./invoices.ts";

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

describe("credit notes for part of an invoice", () => {
  it.each([
    [3100, [], 3100],
    [3100, [800], 2300],
    [3100, [800, 500], 1800],
    [3100, [800, 500, 1800], 0],
    [3100, [3100, 100], 0],
  ])("an invoice of %i credited %o still stands for %i", (total, notes, left) => {
    expect(creditLeftCents(total, notes)).toBe(left);
  });

  const invoice = {
    kind: "invoice",
    number: "INV-2026-000007",
    issued_at: "2026-01-01T00:00:00.000Z",
    lang: "en",
    refers_to: null,
    reason: null,
    order: { number: "SW-10001", placed_at: "2026-01-01T00:00:00.000Z" },
    seller: { name: { en: "S", ar: "S" }, address: { en: "", ar: "" }, tax_number: "" },
    buyer: {
      name: "B",
      company: null,
      tax_number: null,
      phone: "",
      email: null,
      country: "SY",
      city: "",
      address: "",
    },
    lines: [],
    subtotal_cents: 2000,
    discount_cents: 400,
    discount_percent: 20,
    delivery_fee_cents: 1500,
    gift_wrap_cents: 0,
    total_cents: 3100,
    tax: { rate_percent: 10, tax_cents: 282, net_cents: 2818 },
    payment: { method: "cod", status: "paid", paid_cents: 3100, due_date: null },
  } as const satisfies InvoiceSnapshot;
  const note = (lines: CreditLine[], cents: number) =>
    partialCreditNote(invoice, {
      number: "CN-2026-000003",
      issuedAt: new Date("2026-02-01T00:00:00Z"),
      reason: "partial_refund",
      lines,
      cents,
      payment: { status: "partially_refunded", paid_cents: 3100 },
    });

  it("lists the lines given back and totals them, with the tax at the invoice's rate", () => {
    const doc = note(
      [{ name_en: "Baklava", name_ar: "بقلاوة", grams: 1000, qty: 1, cents: 800 }],
      800,
    );
    expect(doc).toMatchObject({
      kind: "credit_note",
      refers_to: "INV-2026-000007",
      reason: "partial_refund",
      subtotal_cents: 800,
      discount_cents: 0,
      delivery_fee_cents: 0,
      total_cents: 800,
      tax: { rate_percent: 10, tax_cents: 73, net_cents: 727 },
      payment: { status: "partially_refunded", method: "cod" },
    });
    expect(doc.lines).toEqual([
      expect.objectContaining({ name_en: "Baklava", line_total_cents: 800 }),
    ]);
  });

  it("an amount is one refund line; lines beyond the total are capped so they add up to it", () => {
    expect(note([], 500).lines).toEqual([
      expect.objectContaining({ name_en: "Refund", grams: 0, line_total_cents: 500 }),
    ]);
    const capped = note(
      [
        { name_en: "A", name_ar: "A", grams: 500, qty: 1, cents: 400 },
        { name_en: "B", name_ar: "B", grams: 500, qty: 1, cents: 400 },
      ],
      600,
    );
    expect(capped.lines.map((l) => l.line_total_cents)).toEqual([400, 200]);
  });
});
