/**
 * A PDF's text as a reader extracts it (PDF.js, the browsers' own reader): one string per
 * printed line, page by page, its pieces in the order they were drawn and joined by a space.
 * An Arabic line drawn word by word from the right edge comes out in reading order.
 */
export async function pdfLines(buffer: Buffer): Promise<string[]> {
  const { getDocument } = await import("pdfjs-dist/legacy/build/pdf.mjs");
  const task = getDocument({
    data: new Uint8Array(buffer),
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    verbosity: 0,
  });
  const document = await task.promise;
  const lines: string[] = [];
  try {
    for (let p = 1; p <= document.numPages; p++) {
      const page = await document.getPage(p);
      const content = await page.getTextContent();
      const rows = new Map<number, string[]>();
      for (const item of content.items) {
        if (!("str" in item) || item.str.trim() === "") continue;
        const y = Math.round(item.transform[5] as number);
        // Pieces of one line sit within a point or two of each other (a taller face).
        const key = [...rows.keys()].find((k) => Math.abs(k - y) <= 2) ?? y;
        rows.set(key, [...(rows.get(key) ?? []), item.str.trim()]);
      }
      const ordered = [...rows.entries()].sort((a, b) => b[0] - a[0]);
      for (const [, pieces] of ordered) lines.push(pieces.join(" "));
    }
  } finally {
    await task.destroy();
  }
  return lines;
}
