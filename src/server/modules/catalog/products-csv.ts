import { Readable } from "node:stream";
import { and, asc, eq, gt, inArray, isNull } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { businessDate } from "../../../shared/domain/coupons.ts";
import { csvCell } from "../../../shared/domain/csv.ts";
import { centsToDollars } from "../../../shared/domain/money.ts";
import type { Db } from "../../db/client.ts";
import { categories, products, productWeightOptions } from "../../db/schema/catalog.ts";
import { archivedProducts, productImages } from "../../db/schema/catalog-admin.ts";
import { BOM } from "../orders/admin-csv.ts";

/**
 * Issue 28: the catalogue as one CSV, in the format the import reads back (matched by SKU).
 * Money in dollars with 2 decimals; stock in grams (empty = not tracked); weight options as
 * `grams` or `grams:price` (an admin's override), `|` between them, in their order; images as
 * the upload paths (or URLs) in their order, `|` between them; status `active` or `hidden`.
 * The shop has no low-stock threshold yet, so there is no threshold column.
 */
export const PRODUCTS_CSV_HEADER = [
  "sku",
  "name_en",
  "name_ar",
  "description_en",
  "description_ar",
  "category",
  "price",
  "discount_price",
  "weight_options",
  "stock_grams",
  "status",
  "images",
] as const;

const BATCH = 500;
const money = (cents: number | null) => (cents === null ? "" : centsToDollars(cents).toFixed(2));

/** Every product an admin lists (archived ones left out), by id, a batch per chunk. */
export async function* productsCsv(db: Db, batchSize = BATCH): AsyncGenerator<string> {
  yield `${BOM}${PRODUCTS_CSV_HEADER.join(",")}\r\n`;
  let after = 0;
  for (;;) {
    const rows = await db
      .select({
        id: products.id,
        sku: products.sku,
        nameEn: products.nameEn,
        nameAr: products.nameAr,
        descriptionEn: products.descriptionEn,
        descriptionAr: products.descriptionAr,
        category: categories.slug,
        priceCents: products.priceCents,
        discountPriceCents: products.discountPriceCents,
        stockGrams: products.stockGrams,
        active: products.active,
      })
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
        const pictures = images
          .filter((image) => image.productId === row.id)
          .map((image) => image.path)
          .join("|");
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
          row.active ? "active" : "hidden",
          pictures,
        ]
          .map(csvCell)
          .join(",")}\r\n`;
      })
      .join("");
    if (rows.length < batchSize) return;
    after = rows[rows.length - 1]!.id;
  }
}

/** `GET /api/admin/products/export.csv` (the catalogue role's, app.ts): streamed, UTF-8 BOM. */
export const adminProductsCsvRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get("/products/export.csv", async (_request, reply) =>
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
