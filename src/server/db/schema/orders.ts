import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import type { OrderLineContent } from "../../../shared/domain/boxes.ts";
import { KITCHEN_STEPS, type KitchenStep } from "../../../shared/domain/kitchen-slots.ts";
import { ORDER_SOURCES } from "../../../shared/domain/order-sources.ts";
import { ORDER_STATUSES } from "../../../shared/domain/order-states.ts";
import {
  PAYMENT_METHODS,
  PAYMENT_STATUSES,
  RECEIVED_PAYMENT_METHODS,
} from "../../../shared/domain/payments.ts";
import { users } from "./accounts.ts";
import { seasons } from "./calendar.ts";
import { products } from "./catalog.ts";

/** What a gift order stores beside the buyer's details. */
export type OrderGift = {
  recipientName: string;
  recipientPhone: string;
  message: string | null;
  wrap: boolean;
};

/** An automatic promotion as an order keeps it. */
export type OrderPromotion = { id: number; name: string; nameAr: string; amountCents: number };

/** Where and when a pickup order is collected, as the shop's location read when it was placed. */
export type OrderPickupPoint = {
  address: { en: string; ar: string };
  hours: { en: string; ar: string };
  phone: string;
};

export const DISCOUNT_SOURCES = ["standing", "coupon", "none"] as const;

/**
 * The last order number given ("SW-10001" is 10001), one row per counter (`order`). A number is
 * taken by updating this row inside the order's own transaction, so an order that fails gives
 * its number back with everything else, and placed orders are numbered without gaps. The row
 * lock makes two instances take turns: each number is given once. A sequence would be faster but
 * skips the numbers of rolled-back orders.
 */
export const orderCounters = pgTable("order_counters", {
  name: text().primaryKey(),
  last: bigint({ mode: "number" }).notNull(),
});

export const orders = pgTable(
  "orders",
  {
    id: bigserial({ mode: "number" }).primaryKey(),
    number: text().notNull().unique(),
    status: text({ enum: ORDER_STATUSES }).notNull().default("pending"),
    /** NULL for guests; a deleted account keeps its orders. */
    userId: bigint({ mode: "number" }).references(() => users.id, { onDelete: "set null" }),
    /** sha256 of the guest's private-link key; the key itself is only ever sent to the placer. */
    accessKeyHash: text().notNull(),
    name: text().notNull(),
    phone: text().notNull(),
    email: text(),
    /** ISO 3166-1 alpha-2. */
    country: text().notNull(),
    city: text().notNull(),
    address: text().notNull(),
    notes: text(),
    /** The language the order was placed in: the messaging-app text uses it. */
    lang: text({ enum: ["en", "ar"] })
      .notNull()
      .default("en"),
    paymentMethod: text({ enum: PAYMENT_METHODS }).notNull(),
    /** Unpaid, paid, partially refunded, refunded or balance due, beside `status`. */
    paymentStatus: text({ enum: PAYMENT_STATUSES }).notNull().default("unpaid"),
    /** What was received (the owner's figure or the gateway's) and when. */
    paidCents: integer(),
    paidAt: timestamp({ withTimezone: true }),
    /** A card order's hosted payment session ("stripe:cs_..."), its page and its end. */
    paymentSessionId: text(),
    paymentUrl: text(),
    paymentExpiresAt: timestamp({ withTimezone: true }),
    /** The coupon that gave the discount; NULL when none was applied. */
    couponCode: text(),
    subtotalCents: integer().notNull(),
    discountCents: integer().notNull(),
    discountPercent: integer().notNull(),
    discountSource: text({ enum: DISCOUNT_SOURCES }).notNull(),
    /** What shipping was charged (`deliveryFeeCents`), kept whatever later zone edits say. */
    deliveryFeeCents: integer().notNull(),
    /** "delivery:<zoneId>" | "pickup:<index>"; NULL on orders placed before shipping zones. */
    shippingMethod: text(),
    shippingKind: text({ enum: ["delivery", "pickup"] }),
    /** Snapshots: the zone and method names as the shopper saw them. */
    shippingZoneName: text(),
    shippingZoneNameAr: text(),
    shippingMethodName: text(),
    shippingMethodNameAr: text(),
    /** Domestic delivery day, YYYY-MM-DD (Asia/Damascus). */
    deliveryDate: date({ mode: "string" }),
    /**
     * The business day the order must be ready (Asia/Damascus): the delivery day, the pickup
     * day, or the dispatch day abroad. The kitchen's capacity and the production sheet count it.
     */
    readyDate: date({ mode: "string" }),
    /**
     * The delivery or pickup time slot's id on the ready day: "k-HH:MM" for the kitchen's
     * slots (an order holding a dish), "HH:MM-HH:MM" (local start-end) for the sweets';
     * NULL = no slot.
     */
    slot: text(),
    /** The season whose days hold the ready day when it was placed; NULL outside seasons. */
    seasonId: bigint({ mode: "number" }).references(() => seasons.id, { onDelete: "set null" }),
    /** Snapshots: the season's names as they were when the order was placed. */
    seasonName: text(),
    seasonNameAr: text(),
    /** The cook's last step for an order holding a dish; NULL until the kitchen starts it. */
    kitchenStep: text({ enum: KITCHEN_STEPS }),
    /** Every step the cook took, with its time, for the customer's page. */
    kitchenSteps: jsonb().$type<{ step: KitchenStep; at: string }[]>(),
    /** An order on invoice: the day it must be paid by (business date); null otherwise. */
    dueDate: date({ mode: "string" }),
    /** A pickup order's shop address, hours and phone as they were; NULL for a delivery. */
    pickupPoint: jsonb().$type<OrderPickupPoint>(),
    /** Set when marked shipped: the carrier's names and URL template at that moment. */
    carrierName: text(),
    carrierNameAr: text(),
    trackingUrlTemplate: text(),
    trackingNumber: text(),
    /**
     * A gift's recipient and card message (the buyer stays the customer: the e-mails
     * go to them); NULL for an order that is not a gift.
     */
    gift: jsonb().$type<OrderGift>(),
    /** Gift wrapping as charged (0 = none asked for, or free), part of `totalCents`. */
    giftWrapCents: integer().notNull().default(0),
    /** The automatic promotions that applied, with what each took off, as named then. */
    promotions: jsonb().$type<OrderPromotion[]>().notNull().default([]),
    /** The gift card that paid part or all of the order (gift_cards.id) and how much. */
    giftCardId: bigint({ mode: "number" }),
    giftCardCents: integer().notNull().default(0),
    /**
     * Gift cards bought in this order (the gift card product), part of `totalCents` and never
     * discounted: promotions and coupons price the sweets only.
     */
    giftCardsSoldCents: integer().notNull().default(0),
    totalCents: integer().notNull(),
    totalGrams: integer().notNull(),
    /**
     * Moves with every change of the order's lines, weights, money or shipping: an edit names
     * the version it was made on, and a stale one is refused instead of overwriting.
     */
    version: integer().notNull().default(0),
    /** Refunds given as a credit (returns, goodwill): they lower what the customer owes. */
    creditedCents: integer().notNull().default(0),
    /** Money given back, in all (`paidCents` is what came in). */
    refundedCents: integer().notNull().default(0),
    /** sha256 of the client's Idempotency-Key (the raw key also derives the access key). */
    idempotencyKeyHash: text().notNull().unique(),
    /** sha256 of the normalised request: same key + another body is refused. */
    requestHash: text().notNull(),
    /** The checkout (`web`) or an order the team took by phone, message or in person. */
    source: text({ enum: ORDER_SOURCES }).notNull().default("web"),
    /** The admin who typed a staff order in; NULL for checkout orders (and if they leave). */
    createdByAdminId: bigint({ mode: "number" }).references(() => users.id, {
      onDelete: "set null",
    }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("orders_user_created_idx").on(t.userId, t.createdAt.desc(), t.id.desc()),
    index("orders_status_created_idx").on(t.status, t.createdAt.desc()),
    index("orders_created_idx").on(t.createdAt.desc(), t.id.desc()),
    index("orders_payment_status_created_idx").on(t.paymentStatus, t.createdAt.desc()),
    index("orders_payment_session_idx").on(t.paymentSessionId),
    index("orders_ready_date_idx").on(t.readyDate),
    index("orders_season_idx").on(t.seasonId),
    index("orders_ready_date_slot_idx").on(t.readyDate, t.slot),
    // The sales report's "has this customer ordered before the period" (the account, else the
    // phone), answered by one index probe per customer of the period instead of reading every
    // earlier order; only orders the report counts (not a cancelled one that kept no money).
    index("orders_report_customer_idx")
      .on(sql`coalesce('u' || ${t.userId}::text, 'p' || ${t.phone})`, t.createdAt)
      .where(sql`${t.status} <> 'canceled' or coalesce(${t.paidCents}, 0) > ${t.refundedCents}`),
    check("orders_gift_wrap_check", sql`${t.giftWrapCents} >= 0`),
    check("orders_totals_check", sql`${t.subtotalCents} >= 0 AND ${t.totalCents} >= 0`),
  ],
);

export const orderLines = pgTable(
  "order_lines",
  {
    id: bigserial({ mode: "number" }).primaryKey(),
    orderId: bigint({ mode: "number" })
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    /** The product may be deleted later; the line keeps its snapshot. */
    productId: bigint({ mode: "number" }).references(() => products.id, { onDelete: "set null" }),
    nameEn: text().notNull(),
    nameAr: text().notNull(),
    grams: integer().notNull(),
    qty: integer().notNull(),
    unitPriceCents: integer().notNull(),
    /** What the line is charged: as ordered, or repriced from its weighed grams. */
    lineTotalCents: integer().notNull(),
    /** The grams the packer weighed for the whole line (all its pieces); NULL until weighed. */
    weighedGrams: integer(),
    /** Given back for this line; a line is refunded once. */
    refundedCents: integer().notNull().default(0),
    /**
     * A box's contents, one box's worth (qty boxes hold qty times this), with each sweet's
     * names as they were: NULL for an ordinary line.
     */
    contents: jsonb().$type<OrderLineContent[]>(),
  },
  (t) => [
    index("order_lines_order_idx").on(t.orderId),
    check("order_lines_qty_check", sql`${t.qty} > 0 AND ${t.grams} > 0`),
  ],
);

/** Every status change with its time and actor ("customer", "admin:<id>", "system"). */
export const orderEvents = pgTable(
  "order_events",
  {
    id: bigserial({ mode: "number" }).primaryKey(),
    orderId: bigint({ mode: "number" })
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    status: text({ enum: ORDER_STATUSES }).notNull(),
    actor: text().notNull(),
    note: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("order_events_order_idx").on(t.orderId, t.id)],
);

/**
 * Money received or given back, one row per act: the owner's "cash collected" or
 * "transfer received", a gateway's verified payment, a refund. The order's timeline shows them.
 */
export const orderPayments = pgTable(
  "order_payments",
  {
    id: bigserial({ mode: "number" }).primaryKey(),
    orderId: bigint({ mode: "number" })
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    kind: text({ enum: ["payment", "refund"] }).notNull(),
    amountCents: integer().notNull(),
    /** When the money moved (the owner may give an earlier day than the record). */
    paidAt: timestamp({ withTimezone: true }).notNull(),
    /** How the money came (RECEIVED_PAYMENT_METHODS); NULL on refunds and older rows. */
    method: text({ enum: RECEIVED_PAYMENT_METHODS }),
    note: text(),
    /** "admin:<id>" | "gateway:<provider>". */
    actor: text().notNull(),
    /** The gateway's reference (session or payment id) when it came from one. */
    reference: text(),
    /** sha256 of the refund request's Idempotency-Key: a retried refund finds its row. */
    idempotencyKeyHash: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("order_payments_order_idx").on(t.orderId, t.id),
    uniqueIndex("order_payments_idempotency_idx").on(t.orderId, t.idempotencyKeyHash),
    check("order_payments_amount_check", sql`${t.amountCents} >= 0`),
  ],
);

/**
 * Every gateway event the shop accepted (verified signature), once per (provider, event id):
 * the unique key makes a replayed or concurrently redelivered event change nothing. `outcome`
 * says what it did ("paid", "cancelled", "ignored", "unknown_order", "amount_mismatch").
 */
export const paymentEvents = pgTable(
  "payment_events",
  {
    id: bigserial({ mode: "number" }).primaryKey(),
    provider: text().notNull(),
    eventId: text().notNull(),
    type: text().notNull(),
    orderId: bigint({ mode: "number" }).references(() => orders.id, { onDelete: "set null" }),
    reference: text(),
    amountCents: integer(),
    outcome: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("payment_events_provider_event_idx").on(t.provider, t.eventId)],
);

/** One line as an order change records it, before and after. */
export type OrderChangeLine = {
  line_id: number | null;
  product_id: number | null;
  name: string;
  grams: number;
  qty: number;
  weighed_grams: number | null;
  line_total: number;
};

/** An order's lines, total and shipping at one moment (money in dollars, as the API shows it). */
export type OrderChangeSnapshot = {
  lines: OrderChangeLine[];
  total: number;
  shipping_method: string | null;
  ready_date: string | null;
  address: string;
};

/**
 * Every edit of an order's lines or shipping and every weighing, with the version it made,
 * who did it, and the order before and after: the timeline shows what changed.
 */
export const orderChanges = pgTable(
  "order_changes",
  {
    id: bigserial({ mode: "number" }).primaryKey(),
    orderId: bigint({ mode: "number" })
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    version: integer().notNull(),
    kind: text({ enum: ["edit", "weights"] }).notNull(),
    actor: text().notNull(),
    before: jsonb().$type<OrderChangeSnapshot>().notNull(),
    after: jsonb().$type<OrderChangeSnapshot>().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("order_changes_order_version_idx").on(t.orderId, t.version)],
);

/** A bank-transfer receipt a customer uploaded; the file is private (`files`). */
export const orderReceipts = pgTable(
  "order_receipts",
  {
    id: bigserial({ mode: "number" }).primaryKey(),
    orderId: bigint({ mode: "number" })
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    /** Where the bytes are kept, relative to the private receipts folder. */
    path: text().notNull(),
    contentType: text().notNull(),
    bytes: integer().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("order_receipts_order_idx").on(t.orderId, t.id)],
);

export type OrderRow = typeof orders.$inferSelect;
export type OrderPaymentRow = typeof orderPayments.$inferSelect;
export type OrderReceiptRow = typeof orderReceipts.$inferSelect;
export type OrderLineRow = typeof orderLines.$inferSelect;
export type OrderEventRow = typeof orderEvents.$inferSelect;
export type OrderChangeRow = typeof orderChanges.$inferSelect;
