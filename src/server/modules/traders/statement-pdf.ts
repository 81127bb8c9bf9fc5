import { formatMoney, type Lang } from "../../../shared/domain/money.ts";
import invoicesAr from "../../../web/i18n/locales/ar/invoices.json" with { type: "json" };
import invoicesEn from "../../../web/i18n/locales/en/invoices.json" with { type: "json" };
import { drawCell, newPdf } from "../../pdf/bidi-text.ts";
import type { StatementRow } from "./statement.ts";

type Texts = typeof invoicesEn.statement;
const TEXTS: Record<Lang, Texts> = { en: invoicesEn.statement, ar: invoicesAr.statement };

const MARGIN = 40;
const PAGE_WIDTH = 595.28;
const PAGE_HEIGHT = 841.89;
const CONTENT = PAGE_WIDTH - MARGIN * 2;
const INK = "#2b1d12";
const MUTED = "#6b5a4a";
const GOLD = "#8a5a12";
const RULE = "#d8c8b0";

const fill = (text: string, values: Record<string, string>) =>
  text.replace(/\{\{(\w+)\}\}/g, (_, key: string) => values[key] ?? "");

export type StatementDocument = {
  lang: Lang;
  from: string;
  to: string;
  today: string;
  seller: { name: string; address: string; taxNumber: string };
  customer: { company: string; name: string; taxNumber: string | null };
  rows: StatementRow[];
  /** What the account owes on invoice today, whatever the period. */
  owedNowCents: number;
};

/**
 * A trader's statement for a period as a PDF in the asked language (right to left for
 * Arabic), drawn with the shop's PDF kit: each order of the period with its invoice, due date,
 * amount and state, then the period's sums by state and what is owed today.
 */
export function renderStatementPdf(doc: StatementDocument): Promise<Buffer> {
  const t = TEXTS[doc.lang];
  const rtl = doc.lang === "ar";
  const { doc: pdf, bytes } = newPdf(
    { Title: `${TEXTS.en.title} ${doc.from} ${doc.to}`, Author: doc.seller.name },
    MARGIN,
  );
  const money = (cents: number) => formatMoney(cents, doc.lang);
  const box = (x: number, width: number) => (rtl ? PAGE_WIDTH - MARGIN - x - width : MARGIN + x);
  const start = rtl ? "right" : "left";
  const end = rtl ? "left" : "right";
  const style = (size: number, color = INK, bold = false) =>
    pdf
      .font(bold ? "bold" : "regular")
      .fontSize(size)
      .fillColor(color);
  const cell = (
    text: string,
    x: number,
    width: number,
    y: number,
    align: "start" | "end" = "start",
  ) => drawCell(pdf, text, box(x, width), y, width, { align: align === "start" ? start : end });
  const rule = (y: number) =>
    pdf
      .moveTo(MARGIN, y)
      .lineTo(PAGE_WIDTH - MARGIN, y)
      .strokeColor(RULE)
      .lineWidth(0.7)
      .stroke();

  style(20, INK, true);
  cell(t.title, 0, 260, MARGIN);
  let y = MARGIN;
  for (const [label, value] of [
    [t.period, fill(t.from_to, { from: doc.from, to: doc.to })],
    [t.issued, doc.today],
  ] as const) {
    style(9, MUTED);
    cell(label, 270, 80, y);
    style(9, INK, true);
    y += Math.max(cell(value, 350, CONTENT - 350, y, "end"), 13);
  }

  y = Math.max(y, MARGIN + 40) + 16;
  const top = y;
  style(9, GOLD, true);
  cell(t.seller, 0, 240, y);
  y += 14;
  style(10, INK, true);
  y += cell(doc.seller.name, 0, 240, y);
  style(9, INK);
  if (doc.seller.address) y += cell(doc.seller.address, 0, 240, y);
  if (doc.seller.taxNumber) y += cell(`${t.tax_number}: ${doc.seller.taxNumber}`, 0, 240, y);
  const sellerEnd = y;
  y = top;
  style(9, GOLD, true);
  cell(t.customer, 275, 240, y);
  y += 14;
  style(10, INK, true);
  y += cell(doc.customer.company, 275, 240, y);
  style(9, INK);
  y += cell(doc.customer.name, 275, 240, y);
  if (doc.customer.taxNumber) y += cell(`${t.tax_number}: ${doc.customer.taxNumber}`, 275, 240, y);
  y = Math.max(y, sellerEnd) + 20;

  const columns = {
    date: [0, 70],
    order: [70, 85],
    invoice: [155, 105],
    due: [260, 75],
    amount: [335, 85],
    state: [420, 95],
  } as const;
  const head = () => {
    style(9, MUTED, true);
    cell(t.date, ...columns.date, y);
    cell(t.order, ...columns.order, y);
    cell(t.invoice, ...columns.invoice, y);
    cell(t.due, ...columns.due, y);
    cell(t.amount, ...columns.amount, y, "end");
    cell(t.state, ...columns.state, y, "end");
    y += 16;
    rule(y);
    y += 6;
  };
  head();
  const sums = { invoiced: 0, paid: 0, open: 0, overdue: 0 };
  for (const row of doc.rows) {
    if (y > PAGE_HEIGHT - MARGIN - 40) {
      pdf.addPage();
      y = MARGIN;
      head();
    }
    style(9.5, INK);
    cell(row.day, ...columns.date, y);
    cell(row.number, ...columns.order, y);
    cell(row.invoiceNumber ?? "", ...columns.invoice, y);
    cell(row.dueDate ?? "", ...columns.due, y);
    cell(money(row.totalCents), ...columns.amount, y, "end");
    style(9.5, row.state === "overdue" ? "#b42318" : INK, row.state === "overdue");
    cell(t.states[row.state], ...columns.state, y, "end");
    y += 18;
    if (row.state === "cancelled") continue;
    sums.invoiced += row.totalCents;
    if (row.state === "paid") sums.paid += row.totalCents;
    if (row.state === "open") sums.open += row.totalCents;
    if (row.state === "overdue") sums.overdue += row.totalCents;
  }
  if (doc.rows.length === 0) {
    style(9.5, MUTED);
    y += cell(t.none, 0, CONTENT, y);
  }
  rule(y);
  y += 8;
  const totals: Array<[string, number, boolean]> = [
    [t.invoiced, sums.invoiced, false],
    [t.paid, sums.paid, false],
    [t.open, sums.open, false],
    [t.overdue, sums.overdue, false],
    [t.owed_now, doc.owedNowCents, true],
  ];
  if (y > PAGE_HEIGHT - MARGIN - totals.length * 16 - 30) {
    pdf.addPage();
    y = MARGIN;
  }
  for (const [label, cents, strong] of totals) {
    style(strong ? 11 : 9.5, strong ? INK : MUTED, strong);
    cell(label, 235, 185, y);
    style(strong ? 11 : 9.5, INK, strong);
    cell(money(cents), 420, 95, y, "end");
    y += strong ? 18 : 15;
  }
  y += 16;
  style(9, MUTED);
  cell(t.footer, 0, CONTENT, y);
  pdf.end();
  return bytes;
}
