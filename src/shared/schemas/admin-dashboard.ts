import { z } from "zod";
import { orderStatusSchema } from "./order.ts";

/**
 * The dashboard's five totals, then the charts' figures. `total_payments` is the money
 * received: paid orders' recorded amounts, refunded ones left out.
 */
export const dashboardSchema = z.object({
  total_users: z.number().int(),
  total_orders: z.number().int(),
  total_products: z.number().int(),
  total_payments: z.number(),
  total_trader_applications: z.number().int(),
  /** `revenue`: orders placed that day; `paid_revenue`: money received that day. */
  per_day: z.array(
    z.object({
      date: z.string(),
      orders: z.number().int(),
      revenue: z.number(),
      paid_revenue: z.number(),
    }),
  ),
  by_status: z.array(z.object({ status: orderStatusSchema, count: z.number().int() })),
  top_products: z.array(
    z.object({
      product_id: z.number().int().nullable(),
      name: z.string(),
      name_ar: z.string(),
      grams: z.number().int(),
    }),
  ),
  recent_orders: z.array(
    z.object({
      id: z.number().int(),
      number: z.string(),
      customer: z.string(),
      total: z.number(),
      status: orderStatusSchema,
      created_at: z.string(),
    }),
  ),
  /**
   * Tracked products at or below their low-stock threshold (own or the shop's),
   * lowest stock first, at most 10; `low_stock_total` counts them all.
   */
  low_stock: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      name_ar: z.string(),
      sku: z.string(),
      stock_kg: z.number(),
      threshold_kg: z.number(),
    }),
  ),
  low_stock_total: z.number().int(),
});

export type Dashboard = z.infer<typeof dashboardSchema>;
