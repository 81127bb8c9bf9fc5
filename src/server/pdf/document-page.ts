import type { Lang } from "../../shared/domain/money.ts";
import { drawCell } from "./bidi-text.ts";

// The shop's business documents (invoice, credit note, statement, commercial invoice) share
// one A4 page: its measures, its colours, cells placed left to right and mirrored on an Arabic
// page, and one heading: the title, the document's facts at the end side, then the seller
// and the buyer side by side.

export const MARGIN = 40;
export const PAGE_WIDTH = 595.28;
export const PAGE_HEIGHT = 841.89;
export const CONTENT = PAGE_WIDTH - MARGIN * 2;
export const INK = "#2b1d12";
export const MUTED = "#6b5a4a";
export const GOLD = "#8a5a12";
export const RULE = "#d8c8b0";

export type DocumentPage = {
  pdf: PDFKit.PDFDocument;
  rtl: boolean;
  /** Sets the face, size and colour of what is drawn next. */
  style: (size: number, color?: string, bold?: boolean) => PDFKit.PDFDocument;
  /** Text in a box given left to right (mirrored on a right-to-left page); the height used. */
  cell: (text: string, x: number, width: number, y: number, align?: "start" | "end") => number;
  /** A thin rule across the page at `y`. */
  rule: (y: number) => void;
};

export function documentPage(pdf: PDFKit.PDFDocument, lang: Lang): DocumentPage {
  const rtl = lang === "ar";
  const box = (x: number, width: number) => (rtl ? PAGE_WIDTH - MARGIN - x - width : MARGIN + x);
  const start = rtl ? "right" : "left";
  const end = rtl ? "left" : "right";
  return {
    pdf,
    rtl,
    style: (size, color = INK, bold = false) =>
      pdf
        .font(bold ? "bold" : "regular")
        .fontSize(size)
        .fillColor(color),
    cell: (text, x, width, y, align = "start") =>
      drawCell(pdf, text, box(x, width), y, width, { align: align === "start" ? start : end }),
    rule: (y) => {
      pdf
        .moveTo(MARGIN, y)
        .lineTo(PAGE_WIDTH - MARGIN, y)
        .strokeColor(RULE)
        .lineWidth(0.7)
        .stroke();
    },
  };
}

/** A party of the heading: its label, its name in bold, the other language's name, lines. */
export type HeaderParty = {
  label: string;
  name: string;
  /** The name in the page's other language, muted beneath (left out when the same). */
  otherName?: string;
  lines: ReadonlyArray<string | null | undefined | false>;
};

export type DocumentHeader = {
  title: string;
  /** The title in the other language, beneath it. */
  subtitle?: string;
  /** Label and value pairs at the end side of the title. */
  facts: ReadonlyArray<readonly [string, string]>;
  seller: HeaderParty;
  buyer: HeaderParty;
};

/** Draws the heading from the top margin and answers the y where the body starts. */
export function drawDocumentHeader(page: DocumentPage, header: DocumentHeader): number {
  const { style, cell } = page;
  style(22, INK, true);
  cell(header.title, 0, 260, MARGIN);
  if (header.subtitle) {
    style(11, MUTED);
    cell(header.subtitle, 0, 260, MARGIN + 32);
  }
  let y = MARGIN;
  for (const [label, value] of header.facts) {
    style(9, MUTED);
    cell(label, 290, 100, y);
    style(9, INK, true);
    y += Math.max(cell(value, 390, CONTENT - 390, y, "end"), 13);
  }
  y = Math.max(y, MARGIN + 60) + 18;
  const top = y;
  const party = (p: HeaderParty, x: number) => {
    let at = top;
    style(9, GOLD, true);
    cell(p.label, x, 240, at);
    at += 14;
    style(10, INK, true);
    at += cell(p.name, x, 240, at);
    if (p.otherName && p.otherName !== p.name) {
      style(9, MUTED);
      at += cell(p.otherName, x, 240, at);
    }
    style(9, INK);
    for (const line of p.lines) if (line) at += cell(line, x, 240, at);
    return at;
  };
  return Math.max(party(header.seller, 0), party(header.buyer, 275)) + 20;
}
