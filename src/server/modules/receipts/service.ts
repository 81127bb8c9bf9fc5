import { randomBytes } from "node:crypto";
import { and, asc, count, eq, sum } from "drizzle-orm";
import sharp from "sharp";
import { centsToDollars } from "../../../shared/domain/money.ts";
import { RECEIPT_MESSAGES, receiptRefusal } from "../../../shared/domain/receipts.ts";
import type { ReceiptDto } from "../../../shared/schemas/receipt.ts";
import type { Db } from "../../db/client.ts";
import { files } from "../../db/schema/files.ts";
import { notifications } from "../../db/schema/notifications.ts";
import { type OrderReceiptRow, orderReceipts, orders } from "../../db/schema/orders.ts";
import { HttpError, notFound } from "../../http-errors.ts";
import { receiptDto } from "../orders/dto.ts";
import { type OrderViewer, viewableOrder } from "../orders/viewer.ts";

/** 10 MB: a phone photo of a paper receipt or a bank's PDF; photos are re-encoded smaller. */
export const MAX_RECEIPT_BYTES = 10 * 1024 * 1024;
/** Re-encoded no wider than this: readable, and a few hundred KB. */
const MAX_RECEIPT_WIDTH = 2000;
/**
 * Receipts live in the `files` table (on PGlite too) under this prefix, which the public
 * `/storage/` route never serves (storage.ts): only the admin API hands them out.
 */
export const PRIVATE_RECEIPTS = "private/receipts";

const refuse = (status: 413 | 422, message: string) =>
  new HttpError(status, message, { file: [message] });

type Checked = { data: Buffer; contentType: "image/webp" | "application/pdf"; ext: string };

/**
 * Whether the bytes are a PDF a reader opens: PDF.js (the browsers' own reader, its Node
 * build) reads the cross-reference table, the trailer, the catalogue and the first page. A
 * header and an end marker around anything (10 MB of noise) was a "PDF" before. A PDF locked
 * with a password has been read that far, so it counts: banks send such statements, and the
 * owner may know the password. Scripts, fonts and eval stay off: nothing is rendered.
 */
export async function isReadablePdf(buffer: Buffer): Promise<boolean> {
  const { getDocument } = await import("pdfjs-dist/legacy/build/pdf.mjs");
  const task = getDocument({
    data: new Uint8Array(buffer),
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    stopAtErrors: true,
    // Errors only: a damaged file is the uploader's problem, not a line in the server's log.
    verbosity: 0,
  });
  try {
    const document = await task.promise;
    const pages = document.numPages;
    if (pages < 1) return false;
    await document.getPage(1);
    return true;
  } catch (error) {
    return (error as { name?: string }).name === "PasswordException";
  } finally {
    await task.destroy();
  }
}

/**
 * Checked by content, never by name or the browser's type: a PDF must open in a PDF reader
 * (`isReadablePdf`); anything else must decode as a PNG, JPEG or WebP photo, which is
 * re-encoded (its metadata, such as the phone's location, is dropped).
 */
export async function checkReceipt(buffer: Buffer): Promise<Checked> {
  if (buffer.length === 0) throw refuse(422, RECEIPT_MESSAGES.REQUIRED);
  if (buffer.length > MAX_RECEIPT_BYTES) throw refuse(413, RECEIPT_MESSAGES.TOO_LARGE);
  if (buffer.subarray(0, 5).toString("latin1") === "%PDF-") {
    if (!(await isReadablePdf(buffer))) throw refuse(422, RECEIPT_MESSAGES.TYPE);
    return { data: buffer, contentType: "application/pdf", ext: "pdf" };
  }
  try {
    const meta = await sharp(buffer, { limitInputPixels: false }).metadata();
    if (!meta.format || !["jpeg", "png", "webp"].includes(meta.format))
      throw refuse(422, RECEIPT_MESSAGES.TYPE);
    if (!meta.width || !meta.height || meta.width * meta.height > 50_000_000)
      throw refuse(422, RECEIPT_MESSAGES.TYPE);
    const data = await sharp(buffer, { failOn: "error" })
      .rotate()
      .resize({ width: MAX_RECEIPT_WIDTH, withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer();
    return { data, contentType: "image/webp", ext: "webp" };
  } catch (error) {
    if (error instanceof HttpError) throw error;
    throw refuse(422, RECEIPT_MESSAGES.TYPE);
  }
}

export function createReceiptService(db: Db) {
  return {
    /**
     * A customer's upload on the private order page: checked, stored and announced on the
     * owner's bell in one transaction (a receipt the owner is not told about is no use).
     */
    async upload(
      number: string,
      viewer: OrderViewer,
      buffer: Buffer,
      now = new Date(),
    ): Promise<ReceiptDto> {
      const order = await viewableOrder(db, number, viewer);
      const early = receiptRefusal(order, 0);
      if (early) throw refuse(422, early);
      const checked = await checkReceipt(buffer);
      const path = `${PRIVATE_RECEIPTS}/${order.id}/${randomBytes(12).toString("hex")}.${checked.ext}`;
      const row = await db.transaction(async (tx) => {
        // The order row's lock makes the count and the insert one step per order.
        const [locked] = await tx
          .select()
          .from(orders)
          .where(eq(orders.id, order.id))
          .for("update");
        const [{ n, stored } = { n: 0, stored: null }] = await tx
          .select({ n: count(), stored: sum(orderReceipts.bytes).mapWith(Number) })
          .from(orderReceipts)
          .where(eq(orderReceipts.orderId, order.id));
        const refusal = receiptRefusal(locked!, n, undefined, {
          stored: stored ?? 0,
          adding: checked.data.length,
        });
        if (refusal) throw refuse(422, refusal);
        await tx.insert(files).values({ path, data: checked.data });
        const [receipt] = await tx
          .insert(orderReceipts)
          .values({
            orderId: order.id,
            path,
            contentType: checked.contentType,
            bytes: checked.data.length,
            createdAt: now,
          })
          .returning();
        await tx.insert(notifications).values({
          type: "receipt_uploaded",
          data: {
            customer: order.name,
            order_id: order.id,
            order_number: order.number,
            total: centsToDollars(order.totalCents),
            placed_at: now.toISOString(),
          },
          createdAt: now,
        });
        return receipt!;
      });
      return receiptDto(row);
    },

    /** What the customer already sent (the private page says "received"). */
    async listForViewer(number: string, viewer: OrderViewer): Promise<ReceiptDto[]> {
      const order = await viewableOrder(db, number, viewer);
      return (await this.listForOrder(order.id)).map(receiptDto);
    },

    async listForOrder(orderId: number): Promise<OrderReceiptRow[]> {
      return db
        .select()
        .from(orderReceipts)
        .where(eq(orderReceipts.orderId, orderId))
        .orderBy(asc(orderReceipts.id));
    },

    /** The file itself, for the back office only. */
    async file(
      orderId: number,
      receiptId: number,
    ): Promise<{ data: Buffer; contentType: string; name: string }> {
      const [row] = await db
        .select({ receipt: orderReceipts, number: orders.number, data: files.data })
        .from(orderReceipts)
        .innerJoin(orders, eq(orders.id, orderReceipts.orderId))
        .innerJoin(files, eq(files.path, orderReceipts.path))
        .where(and(eq(orderReceipts.id, receiptId), eq(orderReceipts.orderId, orderId)));
      if (!row) throw notFound(RECEIPT_MESSAGES.NOT_FOUND);
      const ext = row.receipt.contentType === "application/pdf" ? "pdf" : "webp";
      return {
        data: Buffer.from(row.data),
        contentType: row.receipt.contentType,
        name: `receipt-${row.number}-${row.receipt.id}.${ext}`,
      };
    },
  };
}
export type ReceiptService = ReturnType<typeof createReceiptService>;
