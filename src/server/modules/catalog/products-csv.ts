import { Readable } from "node:stream";
import multipart from "@fastify/multipart";
import { and, asc, eq, gt, inArray, isNull } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { businessDate } from "../../../shared/domain/business-time.ts";
import { BOM, csvCell } from "../../../shared/domain/csv.ts";
import { LANGUAGE_COOKIE, pickServerLanguage } from "../../../shared/domain/language.ts";
import { centsToDollars } from "../../../shared/domain/money.ts";
import {
  foodCells,
  importMessage,
  MAX_IMPORT_BYTES,
  PRODUCTS_CSV_EXPORT_HEADER,
  PRODUCTS_CSV_HEADER,
} from "../../../shared/domain/products-import.ts";
import {
  productsImportQuerySchema,
  productsImportResultSchema,
} from "../../../shared/schemas/products-import.ts";
import type { Db } from "../../db/client.ts";
import { categories, products, productWeightOptions } from "../../db/schema/catalog.ts";
import { archivedProducts, productImages } from "../../db/schema/catalog-admin.ts";
import { HttpError } from "../../http-errors.ts";
import { ImportRejected, importProducts, PRODUCT_CSV_COLUMNS } from "./products-import.ts";

/**
 * The catalogue as one CSV, in the format the import reads back (matched by SKU;
 * the columns and their rules: shared/domain/products-import.ts). Money in dollars with 2
 * decimals; stock and the low-stock threshold in grams (empty = not tracked / the shop's
 * default); weight options as `grams` or `grams:price` (an admin's override), `|` between
 * them, in their order; images as the upload paths (or URLs) in their order, `|` between them;
 * status `active` or `hidden`; then the food information's columns (FOOD_CSV_HEADER).
 */
export { PRODUCTS_CSV_EXPORT_HEADER, PRODUCTS_CSV_HEADER };

const BATCH = 500;
const money = (cents: number | null) => (cents === null ? "" : centsToDollars(cents).toFixed(2));

/** Every product an admin lists (archived ones left out), by id, a batch per chunk. */
export async function* productsCsv(db: Db, batchSize = BATCH): AsyncGenerator<string> {
  yield `${BOM}${PRODUCTS_CSV_EXPORT_HEADER.join(",")}\r\n`;
  let after = 0;
  for (;;) {
    const rows = await db
      .select(PRODUCT_CSV_COLUMNS)
      .from(products)
      .leftJoin(categories, eq(categories.id, products.categoryId))
      .leftJoin(archivedProducts, eq(archivedProducts.productId, products.id))
      .where(and(isNull(archivedProducts.productId), gt(products.id, after)))
      .orderBy(asc(products.id))
      .limit(batchSize);
    if (rows.length === 0) return;
    const ids = rows.map((row) => row.id);
    const [options, images] = await Promise.all([
      db
        .select()
        .from(productWeightOptions)
        .where(inArray(productWeightOptions.productId, ids))
        .orderBy(asc(productWeightOptions.position), asc(productWeightOptions.grams)),
      db
        .select()
        .from(productImages)
        .where(inArray(productImages.productId, ids))
        .orderBy(asc(productImages.position), asc(productImages.id)),
    ]);
    yield rows
      .map((row) => {
        const weights = options
          .filter((o) => o.productId === row.id)
          .map((o) => (o.priceCents === null ? `${o.grams}` : `${o.grams}:${money(o.priceCents)}`))
          .join("|");
        const rowsOf = images
          .filter((image) => image.productId === row.id)
          .map((image) => image.path);
        // Seeded products have their picture only in products.image (as the admin shows).
        const pictures = (rowsOf.length === 0 && row.image ? [row.image] : rowsOf).join("|");
        return `${[
          row.sku,
          row.nameEn,
          row.nameAr,
          row.descriptionEn,
          row.descriptionAr,
          row.category,
          money(row.priceCents),
          money(row.discountPriceCents),
          weights,
          row.stockGrams,
          row.lowStockGrams,
          row.active ? "active" : "hidden",
          pictures,
          ...foodCells(row.food),
        ]
          .map(csvCell)
          .join(",")}\r\n`;
      })
      .join("");
    if (rows.length < batchSize) return;
    after = rows[rows.length - 1]!.id;
  }
}

const errorBody = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});

/** The uploaded CSV (`file`), at most MAX_IMPORT_BYTES; a larger one is a 413. */
async function readImportFile(
  request: FastifyRequest,
  lang: "en" | "ar",
): Promise<{ bytes: Buffer; name: string }> {
  const required = importMessage("FILE_REQUIRED", lang);
  if (!request.isMultipart()) throw new HttpError(422, required, { file: [required] });
  let found: { bytes: Buffer; name: string } | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type !== "file") continue;
      const bytes = await part.toBuffer();
      if (part.fieldname === "file" && !found) found = { bytes, name: part.filename ?? "" };
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === "FST_REQ_FILE_TOO_LARGE") {
      const message = importMessage("FILE_TOO_LARGE", lang);
      throw new HttpError(413, message, { file: [message] });
    }
    // Anything else the parser throws (busboy's "Boundary not found"...) is a malformed body.
    throw new HttpError(422, required, { file: [required] });
  }
  if (!found || found.bytes.length === 0) throw new HttpError(422, required, { file: [required] });
  return found;
}

/**
 * `GET /api/admin/products/export.csv` (streamed, UTF-8 BOM) and `POST
 * /api/admin/products/import[?dry_run=1]` (multipart `file`): the catalogue role's (app.ts).
 */
export const adminProductsCsvRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, {
    limits: { fileSize: MAX_IMPORT_BYTES, files: 1, fields: 10, fieldSize: 1024 },
  });

  app.post(
    "/products/import",
    {
      schema: {
        summary: "Import products from CSV (dry run with ?dry_run=1)",
        querystring: productsImportQuerySchema,
        response: {
          200: z.object({ data: productsImportResultSchema }),
          400: errorBody,
          413: errorBody,
          422: errorBody.extend({ data: productsImportResultSchema.optional() }),
        },
      },
    },
    async (request, reply) => {
      const lang = pickServerLanguage(
        request.cookies[LANGUAGE_COOKIE],
        request.headers["accept-language"],
      );
      const dryRun = request.query.dry_run === "1" || request.query.dry_run === "true";
      const file = await readImportFile(request, lang);
      try {
        const data = await importProducts(app.database.db, {
          bytes: file.bytes,
          fileName: file.name,
          dryRun,
          lang,
          actorId: (await request.session())?.user.id ?? null,
          uploadsDir: app.config.uploadsDir,
        });
        return { data };
      } catch (error) {
        if (!(error instanceof ImportRejected)) throw error;
        const { summary } = error;
        // The shop's error shape, keyed "<row>.<column>", and the whole report beside it.
        const errors: Record<string, string[]> = {};
        for (const e of summary.errors)
          (errors[`${e.row}.${e.column || "_"}`] ??= []).push(e.message);
        return reply.status(422).send({
          message: importMessage("APPLY_FAILED", lang, { count: summary.errors.length }),
          errors,
          data: summary,
        });
      }
    },
  );

  app.get(
    "/products/export.csv",
    { schema: { summary: "Export products as CSV" } },
    async (_request, reply) =>
      reply
        .header("content-type", "text/csv; charset=utf-8")
        .header(
          "content-disposition",
          `attachment; filename="products-${businessDate(new Date())}.csv"`,
        )
        .header("cache-control", "no-store")
        // Back-pressure: the next batch is read only when the client has taken the last one.
        .send(Readable.from(productsCsv(app.database.db), { objectMode: false })),
  );
};
