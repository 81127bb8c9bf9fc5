import { type SQL, sql } from "drizzle-orm";
import { crossesLowStock, lowStockThreshold } from "../../../shared/domain/low-stock.ts";
import type { Db, Tx } from "../../db/client.ts";
import { products } from "../../db/schema/catalog.ts";
import { type LowStockData, notifications } from "../../db/schema/notifications.ts";
import { mailOutbox } from "../../db/schema/orders-desk.ts";
import { lowStockNotice } from "../mail/templates.ts";
import { enqueueWebhookEvent } from "../webhooks/events.ts";

/**
 * Which products are low, as SQL: tracked, and at or below their own threshold or,
 * without one, the shop's default. One condition for the products filter and the dashboard.
 */
export const lowStockWhere = (shopDefaultGrams: number): SQL =>
  sql`(${products.stockGrams} is not null and ${products.stockGrams} <= coalesce(${products.lowStockGrams}, ${shopDefaultGrams}))`;

/** One product's stock before and after an order took some (what reserveStock wrote). */
export type StockChange = {
  productId: number;
  nameEn: string;
  nameAr: string;
  sku: string;
  beforeGrams: number | null;
  afterGrams: number | null;
  /** The product's own threshold; null = the shop's default. */
  lowStockGrams: number | null;
};

/** Where the shop's notice links to; null when the shop sends no e-mail (no SMTP_URL). */
export type LowStockMail = { baseUrl: string } | null;

/**
 * In the order's transaction: for each tracked product the order took from above its threshold
 * to at or below it, one bell item, the shop's e-mail (with SMTP, to the settings' first
 * address, like the new-order notice) and the `product.low_stock` webhook event. So each holds
 * exactly when the order does, and a product already low says nothing again until restocked.
 * Answers the products that crossed.
 */
export async function announceLowStock(
  tx: Db | Tx,
  changes: readonly StockChange[],
  opts: {
    shopDefaultGrams: number;
    shopEmail: string | undefined;
    order: { id: number; number: string };
    mail: LowStockMail;
    now: Date;
  },
): Promise<LowStockData[]> {
  const crossed: LowStockData[] = [];
  for (const change of changes) {
    const threshold = lowStockThreshold(change.lowStockGrams, opts.shopDefaultGrams);
    if (!crossesLowStock(change.beforeGrams, change.afterGrams, threshold)) continue;
    crossed.push({
      product_id: change.productId,
      product_name: change.nameEn,
      product_name_ar: change.nameAr,
      sku: change.sku,
      stock_grams: change.afterGrams!,
      threshold_grams: threshold,
      order_id: opts.order.id,
      order_number: opts.order.number,
    });
  }
  if (crossed.length === 0) return crossed;

  await tx
    .insert(notifications)
    .values(crossed.map((data) => ({ type: "low_stock", data, createdAt: opts.now })));
  if (opts.mail && opts.shopEmail) {
    const link = `${opts.mail.baseUrl}/admin-products?stock=low`;
    await tx.insert(mailOutbox).values(
      crossed.map((data) => ({
        kind: "low_stock_shop",
        to: opts.shopEmail!,
        ...lowStockNotice(
          {
            nameEn: data.product_name,
            nameAr: data.product_name_ar,
            sku: data.sku,
            stockGrams: data.stock_grams,
            thresholdGrams: data.threshold_grams,
          },
          opts.order,
          link,
        ),
      })),
    );
  }
  for (const data of crossed) {
    await enqueueWebhookEvent(tx, "product.low_stock", () => lowStockEventData(data), opts.now);
  }
  return crossed;
}

/** `product.low_stock`'s data: the product (stock and threshold in grams and kg), the order. */
export function lowStockEventData(data: LowStockData) {
  return {
    product: {
      id: data.product_id,
      sku: data.sku,
      name_en: data.product_name,
      name_ar: data.product_name_ar,
      stock_grams: data.stock_grams,
      stock_kg: data.stock_grams / 1000,
      low_stock_grams: data.threshold_grams,
      low_stock_kg: data.threshold_grams / 1000,
    },
    order: { id: data.order_id, number: data.order_number },
  };
}
