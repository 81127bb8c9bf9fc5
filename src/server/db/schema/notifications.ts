import { bigserial, index, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/** The notification payload for a new order. */
export type OrderPlacedData = {
  customer: string;
  order_id: number;
  order_number: string;
  /** Dollars, 2 decimals, like every money amount in API bodies. */
  total: number;
  placed_at: string;
};

/**
 * A verified gateway event the shop could not apply (an amount that differs from the
 * order's total, an order it does not know, money for an order that can no longer be paid, a
 * session the shop did not open for that order).
 * `order_id` is null when the order is unknown; amounts in dollars.
 */
export type PaymentProblemData = Omit<OrderPlacedData, "order_id"> & {
  order_id: number | null;
  problem: "amount_mismatch" | "unknown_order" | "not_payable" | "unknown_session";
  amount: number | null;
  currency: string | null;
  reference: string;
};

/**
 * An order took a tracked product to or below its low-stock threshold (grams).
 * The bell shows it in the admin's language from the two names.
 */
export type LowStockData = {
  product_id: number;
  product_name: string;
  product_name_ar: string;
  sku: string;
  stock_grams: number;
  threshold_grams: number;
  order_id: number;
  order_number: string;
};

export type NotificationData = OrderPlacedData | PaymentProblemData | LowStockData;

/** Admin notifications (the bell); unread until read_at is set. */
export const notifications = pgTable(
  "notifications",
  {
    id: bigserial({ mode: "number" }).primaryKey(),
    type: text().notNull(),
    data: jsonb().$type<NotificationData>().notNull(),
    readAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("notifications_created_idx").on(t.createdAt.desc(), t.id.desc())],
);

export type NotificationRow = typeof notifications.$inferSelect;
