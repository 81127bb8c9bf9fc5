import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { REVIEW_STATUSES } from "../../../shared/domain/reviews.ts";
import { products } from "./catalog.ts";
import { orders } from "./orders.ts";

/**
 * Reviews from buyers: one per product and order, from a completed order that had it. Nothing
 * shows before the owner publishes it; the owner may reply in both languages.
 */
export const productReviews = pgTable(
  "product_reviews",
  {
    id: bigserial({ mode: "number" }).primaryKey(),
    productId: bigint({ mode: "number" })
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    orderId: bigint({ mode: "number" })
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    /** The buyer's first name as the order gives it (shown with the review). */
    author: text().notNull().default(""),
    rating: integer().notNull(),
    text: text().notNull(),
    /** The language the review is written in (its letters), so a page shows its own first. */
    lang: text({ enum: ["en", "ar"] }).notNull(),
    status: text({ enum: REVIEW_STATUSES }).notNull().default("pending"),
    reply: text().notNull().default(""),
    replyAr: text().notNull().default(""),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("product_reviews_product_order_idx").on(t.productId, t.orderId),
    index("product_reviews_product_status_idx").on(t.productId, t.status),
    index("product_reviews_status_created_idx").on(t.status, t.createdAt),
    check("product_reviews_rating_check", sql`${t.rating} between 1 and 5`),
  ],
);
export type ProductReviewRow = typeof productReviews.$inferSelect;

/**
 * The review request sent for a delivered order: one row per order, written in the
 * transaction that queues the e-mail, so its unique order id keeps it to one e-mail even with
 * several instances running the job. The stop link's token is kept hashed.
 */
export const reviewRequests = pgTable("review_requests", {
  id: bigserial({ mode: "number" }).primaryKey(),
  orderId: bigint({ mode: "number" })
    .notNull()
    .unique()
    .references(() => orders.id, { onDelete: "cascade" }),
  stopTokenHash: text().notNull().unique(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/**
 * Addresses (lower case) whose owner stopped the review requests with one click: the job asks
 * them no more. Used for nothing else.
 */
export const reviewRequestStops = pgTable("review_request_stops", {
  email: text().primaryKey(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
