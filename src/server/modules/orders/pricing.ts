import { and, eq, inArray } from "drizzle-orm";
import type { Cents } from "../../../shared/domain/money.ts";
import {
  minimumProblem,
  type PriceListRules,
  priceUnderList,
} from "../../../shared/domain/price-lists.ts";
import { optionLabel, optionPrices } from "../../../shared/domain/weight-options.ts";
import { ORDER_MESSAGES, type PlaceOrder } from "../../../shared/schemas/order.ts";
import type { Db } from "../../db/client.ts";
import { products, productWeightOptions } from "../../db/schema/catalog.ts";
import { HttpError } from "../../http-errors.ts";

export type PricedLine = {
  productId: number;
  nameEn: string;
  nameAr: string;
  /** The product's category now, for promotions on a category. */
  categoryId: number | null;
  grams: number;
  qty: number;
  unitPriceCents: Cents;
  lineTotalCents: Cents;
  /** Retail, or the trader's price list. */
  priceSource: "retail" | "wholesale";
  /** The product's image today, for the placer's answer (lines keep no image of their own). */
  image: string | null;
};

export type PricedCart = {
  lines: PricedLine[];
  subtotalCents: Cents;
  totalGrams: number;
  /** Grams to reserve per product, summed over its lines (one conditional update each). */
  gramsByProduct: Map<number, number>;
};

const UNAVAILABLE = "This product is no longer available.";
const MAX_ORDER_GRAMS = 500_000;
const MAX_ORDER_CENTS = 50_000_000;
export const ORDER_TOO_LARGE =
  "This order is larger than we can take online (500 kg or 500,000.00). Please contact us.";

/**
 * Prices every line from the database: the product must exist and be on sale, and the grams
 * must be one of its weight options (a product without options sells by the kilo). The
 * client's prices are never read. All line problems are reported at once, keyed `lines.N`.
 */
export async function priceLines(
  db: Db,
  lines: PlaceOrder["lines"],
  list: PriceListRules | null = null,
): Promise<PricedCart> {
  const ids = [...new Set(lines.map((line) => line.productId))];
  const [rows, optionRows] = await Promise.all([
    db
      .select({
        id: products.id,
        nameEn: products.nameEn,
        nameAr: products.nameAr,
        categoryId: products.categoryId,
        priceCents: products.priceCents,
        discountPriceCents: products.discountPriceCents,
        image: products.image,
      })
      .from(products)
      .where(and(inArray(products.id, ids), eq(products.active, true))),
    db
      .select({
        productId: productWeightOptions.productId,
        grams: productWeightOptions.grams,
        priceCents: productWeightOptions.priceCents,
      })
      .from(productWeightOptions)
      .where(inArray(productWeightOptions.productId, ids)),
  ]);
  const byId = new Map(rows.map((row) => [row.id, row]));

  const errors: Record<string, string[]> = {};
  const priced: PricedLine[] = [];
  lines.forEach((line, index) => {
    const product = byId.get(line.productId);
    if (!product) {
      errors[`lines.${index}`] = [UNAVAILABLE];
      return;
    }
    const prices = optionPrices({
      pricePerKgCents: product.priceCents,
      discountPerKgCents: product.discountPriceCents,
      options: optionRows.filter((option) => option.productId === product.id),
    });
    const option = prices.find((p) => p.grams === line.grams);
    if (!option) {
      const offered = prices.map((p) => optionLabel(p.grams, "en")).join(", ");
      errors[`lines.${index}`] = [
        `${ORDER_MESSAGES.GRAMS_INVALID} ${product.nameEn} is sold in: ${offered}.`,
      ];
      return;
    }
    // A trader's list prices the line (its tier from the line's whole weight); else retail.
    const price = priceUnderList(
      list,
      { productId: product.id, categoryId: product.categoryId, grams: line.grams, qty: line.qty },
      option.effectiveCents,
    );
    const below = minimumProblem("line", {
      grams: line.grams * line.qty,
      minGrams: price.minGrams,
    });
    if (below) {
      errors[`lines.${index}`] = [below];
      return;
    }
    priced.push({
      productId: product.id,
      nameEn: product.nameEn,
      nameAr: product.nameAr,
      categoryId: product.categoryId,
      grams: line.grams,
      qty: line.qty,
      unitPriceCents: price.unitPriceCents,
      lineTotalCents: price.unitPriceCents * line.qty,
      priceSource: price.priceSource,
      image: product.image,
    });
  });

  const problems = Object.values(errors);
  if (problems.length > 0) {
    throw new HttpError(422, problems[0]![0]!, errors);
  }

  const subtotalCents = priced.reduce((sum, line) => sum + line.lineTotalCents, 0);
  const totalGrams = priced.reduce((sum, line) => sum + line.grams * line.qty, 0);
  // Far beyond any shop order, and within the integer columns: a wholesale enquiry instead.
  if (totalGrams > MAX_ORDER_GRAMS || subtotalCents > MAX_ORDER_CENTS) {
    throw new HttpError(422, ORDER_TOO_LARGE, { lines: [ORDER_TOO_LARGE] });
  }

  const gramsByProduct = new Map<number, number>();
  for (const line of priced) {
    gramsByProduct.set(
      line.productId,
      (gramsByProduct.get(line.productId) ?? 0) + line.grams * line.qty,
    );
  }
  return {
    lines: priced,
    subtotalCents,
    totalGrams,
    gramsByProduct,
  };
}
