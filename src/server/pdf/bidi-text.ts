import { createRequire } from "node:module";
import PDFDocument from "pdfkit";

const require = createRequire(import.meta.url);
/** One TTF with Arabic and Latin (digits, punctuation): the web font's subsets split them. */
export const FONT_REGULAR = require.resolve(
  "@expo-google-fonts/vazirmatn/400Regular/Vazirmatn_400Regular.ttf",
);
export const FONT_BOLD = require.resolve(
  "@expo-google-fonts/vazirmatn/700Bold/Vazirmatn_700Bold.ttf",
);

const ARABIC = /[\u0600-\u06FF]/;
/** Direction marks steer a browser's layout; the font has no glyph for them. */
const MARKS = /[\u200e\u200f\u061c]/g;

export const hasArabic = (text: string) => ARABIC.test(text);

/** A new A4 document with the two faces registered ("regular", "bold"), and its bytes. */
export function newPdf(
  info: { Title: string; Author: string },
  margin: number,
): { doc: PDFKit.PDFDocument; bytes: Promise<Buffer> } {
  const doc = new PDFDocument({ size: "A4", margin, info });
  const chunks: Buffer[] = [];
  const bytes = new Promise<Buffer>((resolve, reject) => {
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  doc.registerFont("regular", FONT_REGULAR);
  doc.registerFont("bold", FONT_BOLD);
  return { doc, bytes };
}

/**
 * Arabic is laid out word by word from the right edge: pdfkit shapes each word (fontkit joins
 * the letters and orders a pure Arabic run right to left) but loses spaces and reverses digits
 * when it reorders a whole line. A single word, number or Latin token is drawn as one run, so
 * 1951 stays 1951 and "SW-10001" reads left to right. Texts avoid brackets (no mirroring).
 * Words that do not fit in `width` wrap to further lines; answers the height used.
 */
export function drawRtl(
  doc: PDFKit.PDFDocument,
  text: string,
  right: number,
  y: number,
  width: number,
  lineHeight: number,
): number {
  const space = doc.widthOfString(" ");
  const words = text.replace(MARKS, "").split(/\s+/).filter(Boolean);
  let line: string[] = [];
  let lineWidth = 0;
  let top = y;
  const flush = () => {
    let x = right;
    for (const word of line) {
      x -= doc.widthOfString(word);
      doc.text(word, x, top, { lineBreak: false });
      x -= space;
    }
    top += lineHeight;
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
  return Math.max(top - y, words.length ? 0 : lineHeight);
}

/**
 * One cell of text in a box [x, x + width]: Arabic from the right edge word by word (above),
 * anything else as pdfkit lays it out, aligned to the start of the reading direction or to
 * `align`. Answers the height used.
 */
export function drawCell(
  doc: PDFKit.PDFDocument,
  text: string,
  x: number,
  y: number,
  width: number,
  opts: { align?: "left" | "right"; lineHeight?: number } = {},
): number {
  const lineHeight = opts.lineHeight ?? doc.currentLineHeight(true) * 1.2;
  const clean = text.replace(MARKS, "");
  if (clean.trim() === "") return lineHeight;
  if (hasArabic(clean)) return drawRtl(doc, clean, x + width, y, width, lineHeight);
  doc.text(clean, x, y, { width, align: opts.align ?? "left", lineGap: 1 });
  return Math.max(doc.y - y, lineHeight);
}
