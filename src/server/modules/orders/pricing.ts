import { and, eq, inArray } from "drizzle-orm";
import {
  BOX_MESSAGES,
  boxFromStored,
  boxPriceCents,
  boxProblems,
  type OrderLineContent,
  type StoredBox,
  stockTaken,
} from "../../../shared/domain/boxes.ts";
import type { Cents } from "../../../shared/domain/money.ts";
import {
  minimumProblem,
  type PriceListRules,
  priceUnderList,
} from "../../../shared/domain/price-lists.ts";
import {
  effectivePerKg,
  optionLabel,
  optionPrices,
} from "../../../shared/domain/weight-options.ts";
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
  /** A box's sweets (one box's worth) with their names; null for an ordinary line. */
  contents: OrderLineContent[] | null;
};

export type PricedCart = {
  lines: PricedLine[];
  subtotalCents: Cents;
  totalGrams: number;
  /** Grams to reserve per product, summed over its lines (one conditional update each). */
  gramsByProduct: Map<number, number>;
  /** Every product the order takes stock of, by id, with the first request line naming it. */
  names: Map<number, { nameEn: string; nameAr: string; index: number }>;
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
  const ids = [
    ...new Set(
      lines.flatMap((line) => [line.productId, ...(line.contents ?? []).map((c) => c.productId)]),
    ),
  ];
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
        box: products.box,
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
    if (product.box || line.contents) {
      const box = priceBox(product, line, byId, index, errors);
      if (box) priced.push(box);
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
      contents: null,
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

  const names = new Map<number, { nameEn: string; nameAr: string; index: number }>();
  lines.forEach((line, index) => {
    for (const id of [line.productId, ...(line.contents ?? []).map((c) => c.productId)]) {
      const row = byId.get(id);
      if (row && !names.has(id)) names.set(id, { nameEn: row.nameEn, nameAr: row.nameAr, index });
    }
  });
  return {
    lines: priced,
    subtotalCents,
    totalGrams,
    gramsByProduct: stockTaken(priced),
    names,
  };
}

type ProductForPrice = {
  id: number;
  nameEn: string;
  nameAr: string;
  categoryId: number | null;
  priceCents: number;
  discountPriceCents: number | null;
  image: string | null;
  box: StoredBox | string | null;
};

/**
 * A box line: the product must be a box, and its contents fill one of its sizes exactly with
 * allowed sweets on sale, in the box's steps. Priced at the size's price or by its contents.
 * Problems go into `errors`, all at once, keyed `lines.N.grams`, `lines.N.contents(.M)`.
 */
function priceBox(
  product: ProductForPrice,
  line: PlaceOrder["lines"][number],
  byId: Map<number, ProductForPrice>,
  index: number,
  errors: Record<string, string[]>,
): PricedLine | null {
  const stored =
    typeof product.box === "string" ? (JSON.parse(product.box) as StoredBox) : product.box;
  if (!stored) {
    errors[`lines.${index}.contents`] = [BOX_MESSAGES.NOT_A_BOX];
    return null;
  }
  const box = boxFromStored(stored);
  const contents = line.contents ?? [];
  const problems = boxProblems(box, line.grams, contents);
  // An allowed sweet that is no longer on sale cannot be packed either.
  contents.forEach((c, i) => {
    if (box.productIds.includes(c.productId) && !byId.get(c.productId)) {
      const key = `contents.${i}`;
      problems[key] = [...(problems[key] ?? []), "NOT_ALLOWED"];
    }
  });
  const keys = Object.keys(problems);
  if (keys.length > 0) {
    for (const key of keys)
      errors[`lines.${index}.${key}`] = problems[key]!.map((p) => BOX_MESSAGES[p]);
    return null;
  }
  const perKg = new Map(
    contents.map((c) => {
      const sweet = byId.get(c.productId)!;
      return [c.productId, effectivePerKg(sweet.priceCents, sweet.discountPriceCents)] as const;
    }),
  );
  const unit = boxPriceCents(box, line.grams, contents, perKg);
  return {
    productId: product.id,
    nameEn: product.nameEn,
    nameAr: product.nameAr,
    categoryId: product.categoryId,
    grams: line.grams,
    qty: line.qty,
    unitPriceCents: unit,
    // A box is priced at retail for everyone: a price list names sweets, not boxes.
    priceSource: "retail",
    lineTotalCents: unit * line.qty,
    image: product.image,
    contents: contents.map((c) => {
      const sweet = byId.get(c.productId)!;
      return { productId: c.productId, nameEn: sweet.nameEn, nameAr: sweet.nameAr, grams: c.grams };
    }),
  };
}
