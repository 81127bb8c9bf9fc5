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
import type { CommercialInvoice } from "./commercial-invoice.ts";

type Texts = typeof invoicesEn.commercial;
const TEXTS: Record<Lang, Texts> = { en: invoicesEn.commercial, ar: invoicesAr.commercial };

/** Grams as kilograms with three decimals ("12.000"): customs read net weight in kg. */
export const kgOf = (grams: number) => (grams / 1000).toFixed(3);

/**
 * The commercial invoice for customs as a PDF in its language (right to left for Arabic),
 * with the other language's title and product names beside: seller and buyer, one row per
 * line with HS code, origin, net kg, quantity and value, then the goods, the freight, the
 * total in the currency named, the total net weight and the exporter's declaration.
 */
export function renderCommercialInvoicePdf(doc: CommercialInvoice): Promise<Buffer> {
  const lang = doc.lang;
  const other: Lang = lang === "ar" ? "en" : "ar";
  const t = TEXTS[lang];
  const { doc: pdf, bytes } = newPdf(
    { Title: `${TEXTS.en.title} ${doc.number}`, Author: doc.seller.name.en },
    MARGIN,
  );
  const money = (cents: number) => formatMoney(cents, lang);
  const page = documentPage(pdf, lang);
  const { style, cell, rule } = page;

  let y = drawDocumentHeader(page, {
    title: t.title,
    subtitle: `${TEXTS[other].title} · ${t.subtitle}`,
    facts: [
      [t.number, doc.number],
      [t.date, doc.date],
      [t.order, doc.orderNumber],
      [t.incoterm, doc.incoterm],
      [t.reason, t.reasons[doc.reason]],
      [t.currency, doc.currency],
    ],
    seller: {
      label: t.seller,
      name: doc.seller.name[lang],
      otherName: doc.seller.name[other],
      lines: [
        doc.seller.address,
        doc.seller.taxNumber && `${t.tax_number}: ${doc.seller.taxNumber}`,
      ],
    },
    buyer: {
      label: t.buyer,
      name: doc.buyer.company ?? doc.buyer.name,
      lines: [
        doc.buyer.company && doc.buyer.name,
        doc.buyer.taxNumber && `${t.tax_number}: ${doc.buyer.taxNumber}`,
        doc.buyer.address,
        `${t.phone}: ${doc.buyer.phone}`,
      ],
    },
  });

  const columns = {
    description: [0, 170],
    hs: [170, 75],
    origin: [245, 45],
    kg: [290, 65],
    qty: [355, 40],
    value: [395, 120],
  } as const;
  const head = () => {
    style(8.5, MUTED, true);
    cell(t.description, ...columns.description, y);
    cell(t.hs_code, ...columns.hs, y);
    cell(t.origin, ...columns.origin, y);
    cell(t.net_weight, ...columns.kg, y, "end");
    cell(t.qty, ...columns.qty, y, "end");
    cell(t.value, ...columns.value, y, "end");
    y += 16;
    rule(y);
    y += 6;
  };
  head();
  let grams = 0;
  for (const line of doc.lines) {
    if (y > PAGE_HEIGHT - MARGIN - 60) {
      pdf.addPage();
      y = MARGIN;
      head();
    }
    const top = y;
    const names = lang === "ar" ? [line.nameAr, line.nameEn] : [line.nameEn, line.nameAr];
    style(9.5, INK);
    let h = cell(names[0]!, ...columns.description, top);
    style(8, MUTED);
    if (names[1] && names[1] !== names[0]) h += cell(names[1], ...columns.description, top + h);
    style(9.5, INK);
    cell(line.hsCode, ...columns.hs, top);
    cell(line.origin, ...columns.origin, top);
    cell(kgOf(line.netGrams), ...columns.kg, top, "end");
    cell(String(line.qty), ...columns.qty, top, "end");
    cell(money(line.valueCents), ...columns.value, top, "end");
    y = top + Math.max(h, 14) + 6;
    grams += line.netGrams;
  }
  rule(y);
  y += 8;

  const totals: Array<[string, string, boolean]> = [
    [t.goods, money(doc.goodsCents), false],
    [t.freight, money(doc.freightCents), false],
    [`${t.total} ${doc.currency}`, money(doc.totalCents), true],
  ];
  if (y > PAGE_HEIGHT - MARGIN - 120) {
    pdf.addPage();
    y = MARGIN;
  }
  for (const [label, value, strong] of totals) {
    style(strong ? 11 : 9.5, strong ? INK : MUTED, strong);
    cell(label, 235, 160, y);
    style(strong ? 11 : 9.5, INK, strong);
    cell(value, 395, 120, y, "end");
    y += strong ? 18 : 15;
  }
  y += 6;
  style(9.5, INK, true);
  y += cell(t.total_weight.replace("{{kg}}", kgOf(grams)), 0, CONTENT, y);
  y += 14;
  style(9, MUTED);
  cell(t.declaration, 0, CONTENT, y);
  pdf.end();
  return bytes;
}
