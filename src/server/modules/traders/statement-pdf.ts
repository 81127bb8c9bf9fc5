import { formatMoney, type Lang } from "../../../shared/domain/money.ts";
import invoicesAr from "../../../web/i18n/locales/ar/invoices.json" with { type: "json" };
import invoicesEn from "../../../web/i18n/locales/en/invoices.json" with { type: "json" };
import { newPdf } from "../../pdf/bidi-text.ts";
import {
  CONTENT,
  documentPage,
  drawDocumentHeader,
  INK,
  MARGIN,
  MUTED,
  PAGE_HEIGHT,
} from "../../pdf/document-page.ts";
import type { StatementRow } from "./statement.ts";

type Texts = typeof invoicesEn.statement;
const TEXTS: Record<Lang, Texts> = { en: invoicesEn.statement, ar: invoicesAr.statement };

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
  const { doc: pdf, bytes } = newPdf(
    { Title: `${TEXTS.en.title} ${doc.from} ${doc.to}`, Author: doc.seller.name },
    MARGIN,
  );
  const money = (cents: number) => formatMoney(cents, doc.lang);
  const page = documentPage(pdf, doc.lang);
  const { style, cell, rule } = page;

  let y = drawDocumentHeader(page, {
    title: t.title,
    facts: [
      [t.period, fill(t.from_to, { from: doc.from, to: doc.to })],
      [t.issued, doc.today],
    ],
    seller: {
      label: t.seller,
      name: doc.seller.name,
      lines: [
        doc.seller.address,
        doc.seller.taxNumber && `${t.tax_number}: ${doc.seller.taxNumber}`,
      ],
    },
    buyer: {
      label: t.customer,
      name: doc.customer.company,
      lines: [
        doc.customer.name,
        doc.customer.taxNumber && `${t.tax_number}: ${doc.customer.taxNumber}`,
      ],
    },
  });

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
