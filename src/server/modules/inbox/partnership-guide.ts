import PDFDocument from "pdfkit";
import type { ShopSettings } from "../../../shared/schemas/settings.ts";
import commonAr from "../../../web/i18n/locales/ar/common.json" with { type: "json" };
import tradersAr from "../../../web/i18n/locales/ar/traders.json" with { type: "json" };
import commonEn from "../../../web/i18n/locales/en/common.json" with { type: "json" };
import tradersEn from "../../../web/i18n/locales/en/traders.json" with { type: "json" };
import { FONT_BOLD, FONT_REGULAR } from "../../pdf/bidi-text.ts";

export const GUIDE_FILE_NAME = "partnership-guide.pdf";

type Texts = typeof tradersEn.pdf;
const MARGIN = 56;
const GOLD = "#8a5a12";
const INK = "#2b1d12";

/**
 * Arabic lines are laid out word by word from the right edge: pdfkit shapes each word
 * (fontkit joins the letters and orders a pure Arabic run right to left) but loses spaces and
 * reverses digits when it reorders a whole line. A single word, number or Latin token is
 * drawn as one run, so 1951 stays 1951. Texts given here avoid brackets (no mirroring).
 */
function rtlParagraph(doc: PDFKit.PDFDocument, text: string, size: number, bold = false) {
  doc.font(bold ? "bold" : "regular").fontSize(size);
  if (!/[\u0600-\u06FF]/.test(text)) {
    // A phone number or an e-mail: one left-to-right token, aligned to the right edge.
    doc.text(text, MARGIN, doc.y, { width: doc.page.width - MARGIN * 2, align: "right" });
    return;
  }
  const width = doc.page.width - MARGIN * 2;
  const right = doc.page.width - MARGIN;
  const space = doc.widthOfString(" ");
  const lineHeight = doc.currentLineHeight(true) * 1.15;
  const words = text.split(/\s+/).filter(Boolean);
  let line: string[] = [];
  let lineWidth = 0;
  const flush = () => {
    if (doc.y + lineHeight > doc.page.height - MARGIN) doc.addPage();
    let x = right;
    const y = doc.y;
    for (const word of line) {
      const w = doc.widthOfString(word);
      x -= w;
      doc.text(word, x, y, { lineBreak: false });
      x -= space;
    }
    doc.x = MARGIN;
    doc.y = y + lineHeight;
    line = [];
    lineWidth = 0;
  };
  for (const word of words) {
    const w = doc.widthOfString(word);
    if (line.length > 0 && lineWidth + space + w > width) flush();
    lineWidth += (line.length ? space : 0) + w;
    line.push(word);
  }
  if (line.length) flush();
}

function ltrParagraph(doc: PDFKit.PDFDocument, text: string, size: number, bold = false) {
  doc.font(bold ? "bold" : "regular").fontSize(size);
  doc.text(text, MARGIN, doc.y, { width: doc.page.width - MARGIN * 2, lineGap: 2 });
}

function half(
  doc: PDFKit.PDFDocument,
  dir: "ltr" | "rtl",
  brand: string,
  t: Texts,
  settings: Pick<ShopSettings, "phones" | "emails">,
) {
  const para = dir === "rtl" ? rtlParagraph : ltrParagraph;
  doc.fillColor(GOLD);
  para(doc, brand, 12, true);
  doc.moveDown(0.3);
  doc.fillColor(INK);
  para(doc, t.title, 24, true);
  doc.moveDown(0.5);
  para(doc, t.intro, 12);
  const section = (title: string, lines: string[]) => {
    doc.moveDown(0.8);
    doc.fillColor(GOLD);
    para(doc, title, 15, true);
    doc.fillColor(INK);
    doc.moveDown(0.2);
    for (const line of lines) para(doc, line, 12);
  };
  section(t.howTitle, [`1. ${t.how1}`, `2. ${t.how2}`, `3. ${t.how3}`]);
  section(t.shippingTitle, [t.shipping]);
  section(t.paymentTitle, [t.payment]);
  section(t.contactTitle, [...settings.phones, ...settings.emails]);
}

/**
 * The partnership guide as a real PDF: English page then Arabic page, built from the shop's
 * own texts (the traders namespace) and its contact settings. Built once per settings value.
 */
export function renderPartnershipGuide(
  settings: Pick<ShopSettings, "phones" | "emails">,
): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({
      size: "A4",
      margin: MARGIN,
      info: { Title: `${commonEn.brand} – ${tradersEn.pdf.title}`, Author: commonEn.brand },
    });
    const chunks: Buffer[] = [];
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
    doc.registerFont("regular", FONT_REGULAR);
    doc.registerFont("bold", FONT_BOLD);
    half(doc, "ltr", commonEn.brand, tradersEn.pdf, settings);
    doc.addPage();
    half(doc, "rtl", commonAr.brand, tradersAr.pdf, settings);
    doc.end();
  });
}
