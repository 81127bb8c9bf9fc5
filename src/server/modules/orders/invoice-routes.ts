import { PassThrough, Readable } from "node:stream";
import { and, eq } from "drizzle-orm";
import type { FastifyReply } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { Zip, ZipPassThrough } from "fflate";
import { z } from "zod";
import { businessDayStart, nextDay } from "../../../shared/domain/business-days.ts";
import { businessDate } from "../../../shared/domain/business-time.ts";
import { BOM, csvCell } from "../../../shared/domain/csv.ts";
import { centsToDollars } from "../../../shared/domain/money.ts";
import { idParam } from "../../../shared/schemas/fields.ts";
import {
  commercialInvoiceQuerySchema,
  creditNoteParam,
  INVOICE_MESSAGES,
  type InvoiceExportQuery,
  invoiceExportQuerySchema,
} from "../../../shared/schemas/invoice.ts";
import { orderAccessQuerySchema, orderNumberParams } from "../../../shared/schemas/order.ts";
import type { Db } from "../../db/client.ts";
import { type InvoiceRow, invoices } from "../../db/schema/invoices.ts";
import { notFound } from "../../http-errors.ts";
import { commercialInvoiceOf } from "./commercial-invoice.ts";
import { renderCommercialInvoicePdf } from "./commercial-invoice-pdf.ts";
import { documentFileName, renderInvoicePdf } from "./invoice-pdf.ts";
import { documentsIssuedBetween } from "./invoices.ts";
import { viewableOrder, viewerOf } from "./viewer.ts";

/** One document of an order: its invoice, or the credit note with this number. */
async function documentOf(db: Db, orderId: number, credit: string | null): Promise<InvoiceRow> {
  const [row] = await db
    .select()
    .from(invoices)
    .where(
      and(
        eq(invoices.orderId, orderId),
        credit === null ? eq(invoices.kind, "invoice") : eq(invoices.number, credit),
        credit === null ? undefined : eq(invoices.kind, "credit_note"),
      ),
    );
  if (!row)
    throw notFound(
      credit === null ? INVOICE_MESSAGES.NOT_FOUND : INVOICE_MESSAGES.CREDIT_NOTE_NOT_FOUND,
    );
  return row;
}

async function sendPdf(reply: FastifyReply, row: InvoiceRow) {
  const pdf = await renderInvoicePdf(row.data);
  return reply
    .type("application/pdf")
    .header("content-disposition", `attachment; filename="${documentFileName(row.number)}"`)
    .header("cache-control", "no-store")
    .header("x-content-type-options", "nosniff")
    .send(pdf);
}

/**
 * The customer's downloads: the order's own viewers (its signed-in owner or the private
 * link's key) and no one else; a stranger gets the same 404 as for an unknown order.
 */
export const invoiceRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.database.db;
  app.get(
    "/orders/:number/invoice.pdf",
    {
      schema: {
        summary: "Download an order's invoice (its key or its signed-in owner)",
        params: orderNumberParams,
        querystring: orderAccessQuerySchema,
      },
    },
    async (request, reply) => {
      const order = await viewableOrder(
        db(),
        request.params.number,
        await viewerOf(request, request.query.key),
      );
      return sendPdf(reply, await documentOf(db(), order.id, null));
    },
  );
  app.get(
    "/orders/:number/credit-notes/:credit",
    {
      schema: {
        summary: "Download a credit note of an order (its key or its signed-in owner)",
        params: orderNumberParams.extend(creditNoteParam.shape),
        querystring: orderAccessQuerySchema,
      },
    },
    async (request, reply) => {
      const order = await viewableOrder(
        db(),
        request.params.number,
        await viewerOf(request, request.query.key),
      );
      return sendPdf(reply, await documentOf(db(), order.id, request.params.credit));
    },
  );
};

const CSV_HEADER = [
  "number",
  "kind",
  "issued",
  "order",
  "refers_to",
  "buyer",
  "company",
  "buyer_tax_number",
  "country",
  "payment_method",
  "payment_state_at_issue",
  "subtotal",
  "discount",
  "delivery",
  "gift_wrap",
  "total",
  "tax_rate",
  "tax",
  "net",
];

/** A credit note's amounts are negative: the export's totals add up to what was invoiced net. */
function csvLine(row: InvoiceRow): string {
  const d = row.data;
  const sign = row.kind === "credit_note" ? -1 : 1;
  const amount = (cents: number) => (sign * centsToDollars(cents)).toFixed(2);
  return [
    d.number,
    d.kind,
    businessDate(row.issuedAt),
    d.order.number,
    d.refers_to ?? "",
    d.buyer.name,
    d.buyer.company ?? "",
    d.buyer.tax_number ?? "",
    d.buyer.country,
    d.payment.method,
    d.payment.status,
    amount(d.subtotal_cents),
    amount(d.discount_cents),
    amount(d.delivery_fee_cents),
    amount(d.gift_wrap_cents),
    amount(d.total_cents),
    d.tax ? String(d.tax.rate_percent) : "",
    d.tax ? amount(d.tax.tax_cents) : "",
    d.tax ? amount(d.tax.net_cents) : "",
  ]
    .map(csvCell)
    .join(",");
}

/** Every document issued in the range, in batches of 200 (memory stays at one batch). */
async function* issuedIn(db: Db, query: InvoiceExportQuery): AsyncGenerator<InvoiceRow> {
  const from = businessDayStart(query.from);
  const to = businessDayStart(nextDay(query.to));
  let after = 0;
  for (;;) {
    const rows = await documentsIssuedBetween(db, from, to, after, 200);
    for (const row of rows) yield row;
    if (rows.length < 200) return;
    after = rows[rows.length - 1]!.id;
  }
}

async function* csvChunks(db: Db, query: InvoiceExportQuery): AsyncGenerator<string> {
  yield `${BOM}${CSV_HEADER.join(",")}\r\n`;
  for await (const row of issuedIn(db, query)) yield `${csvLine(row)}\r\n`;
}

/**
 * A ZIP of the documents' PDFs, written as it goes (fflate, entries stored: a PDF is already
 * compressed), with the CSV inside as "invoices.csv".
 */
function zipStream(db: Db, query: InvoiceExportQuery): Readable {
  const out = new PassThrough();
  const zip = new Zip((error, chunk, final) => {
    if (error) {
      out.destroy(error);
      return;
    }
    out.write(Buffer.from(chunk));
    if (final) out.end();
  });
  (async () => {
    let csv = `${BOM}${CSV_HEADER.join(",")}\r\n`;
    for await (const row of issuedIn(db, query)) {
      const entry = new ZipPassThrough(documentFileName(row.number));
      zip.add(entry);
      entry.push(new Uint8Array(await renderInvoicePdf(row.data)), true);
      csv += `${csvLine(row)}\r\n`;
    }
    const list = new ZipPassThrough("invoices.csv");
    zip.add(list);
    list.push(new TextEncoder().encode(csv), true);
    zip.end();
  })().catch((error: unknown) => out.destroy(error as Error));
  return out;
}

/** Registered inside /api/admin (orders role): the back office's downloads and export. */
export const adminInvoiceRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.database.db;
  app.get(
    "/orders/:id/invoice.pdf",
    { schema: { summary: "Download an order's invoice", params: idParam } },
    async (request, reply) => sendPdf(reply, await documentOf(db(), request.params.id, null)),
  );
  app.get(
    "/orders/:id/commercial-invoice.pdf",
    {
      schema: {
        summary: "Download the commercial invoice for customs of an order shipped abroad",
        params: idParam,
        querystring: commercialInvoiceQuerySchema,
        response: {
          // A domestic order has none.
          422: z.object({
            message: z.string(),
            errors: z.record(z.string(), z.array(z.string())).optional(),
          }),
        },
      },
    },
    async (request, reply) => {
      const doc = await commercialInvoiceOf(db(), request.params.id, request.query);
      const pdf = await renderCommercialInvoicePdf(doc);
      return (
        reply
          .type("application/pdf")
          .header(
            "content-disposition",
            `attachment; filename="commercial-invoice-${doc.orderNumber}.pdf"`,
          )
          .header("cache-control", "no-store")
          .header("x-content-type-options", "nosniff")
          // The schema types the 422 body only; a Buffer is sent as it is, never serialised.
          .send(pdf as never)
      );
    },
  );
  app.get(
    "/orders/:id/credit-notes/:credit",
    {
      schema: {
        summary: "Download an order's credit note",
        params: idParam.extend(creditNoteParam.shape),
      },
    },
    async (request, reply) =>
      sendPdf(reply, await documentOf(db(), request.params.id, request.params.credit)),
  );
  app.get(
    "/invoices",
    {
      schema: {
        summary: "Export the invoices and credit notes of a period (CSV, or a ZIP of PDFs)",
        querystring: invoiceExportQuerySchema,
      },
    },
    async (request, reply) => {
      const query = request.query;
      const name = `invoices-${query.from}-${query.to}`;
      reply.header("cache-control", "no-store");
      if (query.format === "zip")
        return reply
          .type("application/zip")
          .header("content-disposition", `attachment; filename="${name}.zip"`)
          .send(zipStream(db(), query));
      return reply
        .type("text/csv; charset=utf-8")
        .header("content-disposition", `attachment; filename="${name}.csv"`)
        .send(Readable.from(csvChunks(db(), query)));
    },
  );
};
