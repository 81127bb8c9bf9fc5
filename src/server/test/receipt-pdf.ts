import PDFDocument from "pdfkit";

/** A one-page PDF as a bank's statement is: written by a PDF library, not by hand. */
export const makeReceiptPdf = (): Promise<Buffer> =>
  new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: "A5", info: { CreationDate: new Date(0) } });
    const chunks: Buffer[] = [];
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
    doc.text("Transfer receipt: 30.00 USD");
    doc.end();
  });
