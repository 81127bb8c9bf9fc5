import { businessDate } from "../../../shared/domain/business-time.ts";
import type { InvoiceSnapshot } from "../../../shared/domain/invoices.ts";
import { formatMoney, type Lang } from "../../../shared/domain/money.ts";
import { optionLabel } from "../../../shared/domain/weight-options.ts";
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

type Texts = typeof invoicesEn.pdf;
const TEXTS: Record<Lang, Texts> = { en: invoicesEn.pdf, ar: invoicesAr.pdf };

const fill = (text: string, values: Record<string, string | number>) =>
  text.replace(/\{\{(\w+)\}\}/g, (_, key: string) => String(values[key] ?? ""));

/** The file name a download suggests: the document's own number. */
export const documentFileName = (number: string) => `${number}.pdf`;

/**
 * An invoice or credit note as a PDF, drawn from its issued snapshot only: in the order's
 * language (right to left for Arabic), with the other language's names beside the product
 * names, the seller's name and the document's title.
 */
export function renderInvoicePdf(doc: InvoiceSnapshot): Promise<Buffer> {
  const lang = doc.lang;
  const other: Lang = lang === "ar" ? "en" : "ar";
  const t = TEXTS[lang];
  const o = TEXTS[other];
  const title = doc.kind === "invoice" ? t.invoice : t.credit_note;
  const { doc: pdf, bytes } = newPdf(
    {
      Title: `${TEXTS.en[doc.kind === "invoice" ? "invoice" : "credit_note"]} ${doc.number}`,
      Author: doc.seller.name.en,
    },
    MARGIN,
  );
  const money = (cents: number) => formatMoney(cents, lang);
  const day = (iso: string) => businessDate(new Date(iso));
  const page = documentPage(pdf, lang);
  const { style, cell, rule } = page;

  // What identifies the document, beside the title in both languages.
  const facts: Array<[string, string]> = [
    [t.number, doc.number],
    [t.issued, day(doc.issued_at)],
    [t.order, doc.order.number],
    [t.placed, day(doc.order.placed_at)],
  ];
  if (doc.refers_to) facts.push([t.refers_to, doc.refers_to]);
  if (doc.reason)
    facts.push([
      t.reason,
      doc.reason === "refund"
        ? t.reason_refund
        : doc.reason === "partial_refund"
          ? t.reason_partial_refund
          : t.reason_cancellation,
    ]);
  facts.push([t.payment_method, t.methods[doc.payment.method]]);
  facts.push([t.payment_status, t.statuses[doc.payment.status]]);
  if (doc.payment.due_date) facts.push([t.due, doc.payment.due_date]);
  let y = drawDocumentHeader(page, {
    title,
    subtitle: doc.kind === "invoice" ? o.invoice : o.credit_note,
    facts,
    seller: {
      label: t.seller,
      name: doc.seller.name[lang],
      otherName: doc.seller.name[other],
      lines: [
        doc.seller.address[lang],
        doc.seller.tax_number && `${t.tax_number}: ${doc.seller.tax_number}`,
      ],
    },
    buyer: {
      label: t.buyer,
      name: doc.buyer.company ?? doc.buyer.name,
      lines: [
        doc.buyer.company && doc.buyer.name,
        doc.buyer.tax_number && `${t.tax_number}: ${doc.buyer.tax_number}`,
        `${doc.buyer.address}, ${doc.buyer.city}, ${doc.buyer.country}`,
        `${t.phone}: ${doc.buyer.phone}`,
        doc.buyer.email && `${t.email}: ${doc.buyer.email}`,
      ],
    },
  });

  // The lines: name in the order's language, the other language's beneath.
  const columns = {
    name: [0, 215],
    weight: [215, 70],
    qty: [285, 40],
    unit: [325, 95],
    amount: [420, 95],
  } as const;
  const tableHead = () => {
    style(9, MUTED, true);
    cell(t.product, ...columns.name, y);
    cell(t.weight, ...columns.weight, y);
    cell(t.qty, ...columns.qty, y, "end");
    cell(t.unit_price, ...columns.unit, y, "end");
    cell(t.amount, ...columns.amount, y, "end");
    y += 16;
    rule(y);
    y += 6;
  };
  tableHead();
  for (const line of doc.lines) {
    if (y > PAGE_HEIGHT - MARGIN - 60) {
      pdf.addPage();
      y = MARGIN;
      tableHead();
    }
    const rowTop = y;
    const names = lang === "ar" ? [line.name_ar, line.name_en] : [line.name_en, line.name_ar];
    style(10, INK);
    let h = cell(names[0]!, ...columns.name, rowTop);
    style(8.5, MUTED);
    if (names[1] && names[1] !== names[0]) h += cell(names[1], ...columns.name, rowTop + h);
    style(10, INK);
    // A plain amount given back (a credit note's refund line) has no weight.
    if (line.grams > 0) cell(optionLabel(line.grams, lang), ...columns.weight, rowTop);
    cell(String(line.qty), ...columns.qty, rowTop, "end");
    cell(money(line.unit_price_cents), ...columns.unit, rowTop, "end");
    cell(money(line.line_total_cents), ...columns.amount, rowTop, "end");
    y = rowTop + Math.max(h, 14) + 6;
  }
  rule(y);
  y += 8;

  // The totals, at the end side.
  const totals: Array<[string, string, boolean]> = [[t.subtotal, money(doc.subtotal_cents), false]];
  if (doc.discount_cents > 0)
    totals.push([
      doc.discount_percent > 0
        ? fill(t.discount, { percent: doc.discount_percent })
        : t.discount_plain,
      money(-doc.discount_cents),
      false,
    ]);
  totals.push([t.delivery, money(doc.delivery_fee_cents), false]);
  if (doc.gift_wrap_cents > 0) totals.push([t.gift_wrap, money(doc.gift_wrap_cents), false]);
  totals.push([doc.kind === "invoice" ? t.total : t.credited, money(doc.total_cents), true]);
  // What each automatic promotion took off, already counted in the discount or the delivery
  // above: the buyer sees why the figures are what they are.
  for (const promotion of doc.promotions ?? [])
    totals.push([
      fill(t.promotion, { name: lang === "ar" ? promotion.name_ar : promotion.name_en }),
      money(-promotion.cents),
      false,
    ]);
  // A gift card is a means of payment: the total stands, and what is left to pay follows.
  const byCard = doc.kind === "invoice" ? (doc.payment.gift_card_cents ?? 0) : 0;
  if (byCard > 0) {
    totals.push([t.gift_card_paid, money(-byCard), false]);
    totals.push([t.left_to_pay, money(Math.max(0, doc.total_cents - byCard)), false]);
  }
  if (doc.tax) {
    totals.push([fill(t.tax, { rate: doc.tax.rate_percent }), money(doc.tax.tax_cents), false]);
    totals.push([t.net, money(doc.tax.net_cents), false]);
  }
  if (y > PAGE_HEIGHT - MARGIN - totals.length * 16 - 30) {
    pdf.addPage();
    y = MARGIN;
  }
  for (const [label, value, strong] of totals) {
    style(strong ? 11 : 9.5, strong ? INK : MUTED, strong);
    cell(label, 220, 200, y);
    style(strong ? 11 : 9.5, INK, strong);
    cell(value, 420, 95, y, "end");
    y += strong ? 18 : 15;
  }

  y += 16;
  style(9, MUTED);
  cell(t.footer, 0, CONTENT, y);
  pdf.end();
  return bytes;
}
