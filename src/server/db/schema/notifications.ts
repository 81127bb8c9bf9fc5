import { bigserial, index, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/** SPEC 3's notification payload for a new order. */
export type OrderPlacedData = {
  customer: string;
  order_id: number;
  order_number: string;
  /** Dollars, 2 decimals, like every money amount in API bodies. */
  total: number;
  placed_at: string;
};

/**
 * Issue 24: a verified gateway event the shop could not apply (an amount that differs from the
 * order's total, an order it does not know, money for an order that can no longer be paid).
 * `order_id` is null when the order is unknown; amounts in dollars.
 */
export type PaymentProblemData = Omit<OrderPlacedData, "order_id"> & {
  order_id: number | null;
  problem: "amount_mismatch" | "unknown_order" | "not_payable";
  amount: number | null;
  currency: string | null;
  reference: string;
};

export type NotificationData = OrderPlacedData | PaymentProblemData;

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
