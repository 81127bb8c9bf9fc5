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

/** Admin notifications (the bell); unread until read_at is set. */
export const notifications = pgTable(
  "notifications",
  {
    id: bigserial({ mode: "number" }).primaryKey(),
    type: text().notNull(),
    data: jsonb().$type<OrderPlacedData>().notNull(),
    readAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("notifications_created_idx").on(t.createdAt.desc(), t.id.desc())],
);

export type NotificationRow = typeof notifications.$inferSelect;
