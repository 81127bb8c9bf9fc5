import { z } from "zod";
import { businessDayStart, isCalendarDate } from "../domain/business-days.ts";
import { businessDate } from "../domain/business-time.ts";
import { ALLERGENS } from "../domain/food.ts";
import { ORDER_CHANGE_MESSAGES } from "../domain/order-changes.ts";
import {
  ORDER_SOURCES,
  STAFF_ORDER_MESSAGES,
  STAFF_ORDER_SOURCES,
} from "../domain/order-sources.ts";
import { ORDER_STATUSES, type OrderStatus } from "../domain/order-states.ts";
import {
  PAYMENT_MESSAGES,
  PAYMENT_STATUSES,
  type PaymentStatus,
  RECEIVED_PAYMENT_METHODS,
} from "../domain/payments.ts";
import { SHIPPING_MESSAGES } from "../domain/shipping.ts";
import { pageMetaSchema } from "./catalog.ts";
import { text } from "./fields.ts";
import {
  addressText,
  deliveryDateField,
  ORDER_MESSAGES,
  orderDtoSchema,
  orderLineInputSchema,
  orderStatusSchema,
  PAYMENT_METHODS,
  placeOrderSchema,
  productIdField,
  shippingMethodIdField,
} from "./order.ts";
import { trackingNumberField } from "./shipping.ts";

// The orders desk's API: list with filters and search, detail with a timeline,
// status changes along the order state machine (order-states.ts), internal notes, CSV export.

export const ADMIN_ORDER_MESSAGES = {
  STATUS: `The status must be one of: ${ORDER_STATUSES.join(", ")}.`,
  DATE: "The date must be a calendar date written YYYY-MM-DD.",
  RANGE: "The start date must not be after the end date.",
  PAGE: "The page must be a whole number of at least 1.",
  PER_PAGE: "The per page must be 10, 20 or 50.",
  SEARCH_TOO_LONG: "The search must not be longer than 100 characters.",
  NOTE_REQUIRED: "Please write a note.",
  NOTE_TOO_LONG: "The note must not be longer than 2000 characters.",
  PAYMENT_STATUS: `The payment status must be one of: ${PAYMENT_STATUSES.join(", ")}.`,
  SEASON: "The season must be one of the shop's seasons.",
} as const;

export const ADMIN_ORDER_PER_PAGE = [10, 20, 50] as const;

const day = text()
  .trim()
  .refine(isCalendarDate, ADMIN_ORDER_MESSAGES.DATE)
  .optional()
  .or(z.literal("").transform(() => undefined));

const filterFields = z.object({
  status: z
    .enum(ORDER_STATUSES, { message: ADMIN_ORDER_MESSAGES.STATUS })
    .optional()
    .or(z.literal("").transform(() => undefined)),
  /** Unpaid, paid, partially refunded, refunded or balance due, beside the status. */
  payment_status: z.preprocess(
    (v) => (v === "" ? undefined : v),
    z.enum(PAYMENT_STATUSES, { message: ADMIN_ORDER_MESSAGES.PAYMENT_STATUS }).optional(),
  ),
  /** First and last Asia/Damascus day, both included. */
  from: day,
  to: day,
  /** The day the orders must be ready (delivery, pickup or dispatch day). */
  ready_date: day,
  /** The season the orders belong to (its id). */
  season_id: z.preprocess(
    (v) => (v === "" ? undefined : v),
    z.coerce
      .number({ message: ADMIN_ORDER_MESSAGES.SEASON })
      .int(ADMIN_ORDER_MESSAGES.SEASON)
      .positive(ADMIN_ORDER_MESSAGES.SEASON)
      .max(2_147_483_647, ADMIN_ORDER_MESSAGES.SEASON)
      .optional(),
  ),
  /** Order number, name, phone or e-mail; Arabic-normalised. */
  q: text()
    .trim()
    .max(100, ADMIN_ORDER_MESSAGES.SEARCH_TOO_LONG)
    .optional()
    .transform((value) => (value ? value : undefined)),
});

const rangeInOrder = (f: { from?: string; to?: string }) => !f.from || !f.to || f.from <= f.to;
const rangeError = { message: ADMIN_ORDER_MESSAGES.RANGE, path: ["to"] };

/** Filters shared by the list and the CSV export. */
export const adminOrderFiltersSchema = filterFields.refine(rangeInOrder, rangeError);

/**
 * `GET /api/admin/orders.csv`: the filters, and `lines=1` for one row per order line (product,
 * weight, quantity, price) instead of one per order (as accountants ask).
 */
export const adminOrdersCsvQuerySchema = filterFields
  .extend({
    lines: z
      .enum(["0", "1"], { message: "lines must be 0 or 1." })
      .optional()
      .transform((value) => value === "1"),
  })
  .refine(rangeInOrder, rangeError);
export type AdminOrderFilters = {
  status?: OrderStatus;
  payment_status?: PaymentStatus;
  from?: string;
  to?: string;
  ready_date?: string;
  season_id?: number;
  q?: string;
};

export const adminOrdersQuerySchema = filterFields
  .extend({
    page: z.coerce
      .number({ message: ADMIN_ORDER_MESSAGES.PAGE })
      .int(ADMIN_ORDER_MESSAGES.PAGE)
      .min(1, ADMIN_ORDER_MESSAGES.PAGE)
      .max(1_000_000, ADMIN_ORDER_MESSAGES.PAGE)
      .default(1),
    per_page: z.coerce
      .number()
      .pipe(
        z.union([z.literal(10), z.literal(20), z.literal(50)], {
          message: ADMIN_ORDER_MESSAGES.PER_PAGE,
        }),
      )
      .default(10),
    format: z.enum(["json", "csv"]).default("json"),
  })
  .refine(rangeInOrder, rangeError);
export type AdminOrdersQuery = z.output<typeof adminOrdersQuerySchema>;

/** The admin list row (id, order, date, customer, total, status) plus payment and the new mark. */
export const adminOrderListItemSchema = z.object({
  id: z.number().int(),
  number: z.string(),
  order: z.string(),
  date: z.string(),
  status: orderStatusSchema,
  customer: z.string(),
  phone: z.string(),
  email: z.string().nullable(),
  country: z.string(),
  total: z.number(),
  payment_method: z.enum(PAYMENT_METHODS),
  /** Whether the money came in (the desk's column and filter, the CSV). */
  payment_status: z.enum(PAYMENT_STATUSES),
  lang: z.enum(["en", "ar"]),
  /** No admin has opened it yet. */
  is_new: z.boolean(),
  created_at: z.string(),
  /** How it travels (the desk's day column and the CSV). */
  shipping_kind: z.enum(["delivery", "pickup"]),
  shipping_name: z.string(),
  shipping_name_ar: z.string(),
  shipping_zone: z.string().nullable(),
  shipping_zone_ar: z.string().nullable(),
  delivery_date: z.string().nullable(),
  /** The day it must be ready: the delivery day, the pickup day or the dispatch day abroad. */
  ready_date: z.string().nullable(),
  /** The delivery or pickup time slot, or null. */
  slot: z.object({ id: z.string(), label: z.string(), label_ar: z.string() }).nullable(),
  /** The season it was placed for (the desk marks it), or null. */
  season: z.object({ id: z.number().int(), name: z.string(), name_ar: z.string() }).nullable(),
  /** `web` (checkout) or how the team took it (phone, messaging, in_person). */
  source: z.enum(ORDER_SOURCES),
  /** A gift (the desk marks it; the recipient is on the order). */
  gift: z.boolean(),
});
export type AdminOrderListItem = z.infer<typeof adminOrderListItemSchema>;

export const adminOrderListResponseSchema = z.object({
  data: z.array(adminOrderListItemSchema),
  meta: pageMetaSchema,
});

export const orderActorSchema = z.object({
  /** `gateway`: a verified payment provider's event. */
  kind: z.enum(["customer", "admin", "system", "gateway"]),
  id: z.number().int().nullable(),
  /** The admin's name when known, the provider's for a gateway; null otherwise. */
  name: z.string().nullable(),
});

/** Money received or given back: `at` is when it was recorded. */
const moneyEntry = {
  id: z.number().int(),
  /** Dollars. */
  amount: z.number(),
  /** When the money moved (the owner may give an earlier day). */
  paid_at: z.string(),
  /** How it came (bank_transfer, cash, cheque, card); null on a refund or an older record. */
  method: z.enum(RECEIVED_PAYMENT_METHODS).nullable(),
  note: z.string().nullable(),
  actor: orderActorSchema,
  at: z.string(),
};

const orderChangeLineSchema = z.object({
  line_id: z.number().int().nullable(),
  product_id: z.number().int().nullable(),
  name: z.string(),
  grams: z.number().int(),
  qty: z.number().int(),
  weighed_grams: z.number().int().nullable(),
  line_total: z.number(),
});

/** An order's lines, total and shipping at one moment (dollars). */
export const orderChangeSnapshotSchema = z.object({
  lines: z.array(orderChangeLineSchema),
  total: z.number(),
  shipping_method: z.string().nullable(),
  ready_date: z.string().nullable(),
  address: z.string(),
});

/** Every status change, internal note, payment, refund and receipt upload, oldest first. */
export const timelineEntrySchema = z.discriminatedUnion("kind", [
  z.object({
    kind: z.literal("status"),
    status: orderStatusSchema,
    note: z.string().nullable(),
    actor: orderActorSchema,
    at: z.string(),
  }),
  z.object({
    kind: z.literal("note"),
    id: z.number().int(),
    note: z.string(),
    actor: orderActorSchema,
    at: z.string(),
  }),
  z.object({ kind: z.literal("payment"), ...moneyEntry }),
  z.object({ kind: z.literal("refund"), ...moneyEntry }),
  /**
   * The desk changed the order's lines or shipping (`edit`) or the packer recorded weights
   * (`weights`): the order before and after, and the version it made.
   */
  z.object({
    kind: z.literal("change"),
    id: z.number().int(),
    change: z.enum(["edit", "weights"]),
    version: z.number().int(),
    before: orderChangeSnapshotSchema,
    after: orderChangeSnapshotSchema,
    actor: orderActorSchema,
    at: z.string(),
  }),
  /** The customer uploaded a transfer receipt (its file is in `receipts`). */
  z.object({
    kind: z.literal("receipt"),
    id: z.number().int(),
    actor: orderActorSchema,
    at: z.string(),
  }),
]);
export type TimelineEntry = z.infer<typeof timelineEntrySchema>;

export const adminOrderDetailSchema = orderDtoSchema.extend({
  id: z.number().int(),
  user_id: z.number().int().nullable(),
  lang: z.enum(["en", "ar"]),
  /** Where the order can go from here (the state machine): the admin's buttons. */
  next_statuses: z.array(orderStatusSchema),
  timeline: z.array(timelineEntrySchema),
  /**
   * Bank-transfer receipts the customer uploaded, newest last. `url` is an admin
   * API path (it needs the admin's token: fetch it as a blob, never as a bare link).
   */
  receipts: z.array(
    z.object({
      id: z.number().int(),
      content_type: z.string(),
      bytes: z.number().int(),
      created_at: z.string(),
      url: z.string(),
    }),
  ),
  /** Where it came from, and the admin who took a staff order (null for checkout). */
  source: z.enum(ORDER_SOURCES),
  created_by: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  /**
   * Each line's allergens (by index, like `lines`) from the products' food information today;
   * a box's are all its sweets' together. `unknown`: some product says nothing.
   */
  line_allergens: z.array(
    z.object({
      contains: z.array(z.enum(ALLERGENS)),
      traces: z.array(z.enum(ALLERGENS)),
      unknown: z.boolean(),
    }),
  ),
  /** The detail's fixed field names: customerName and items (name, quantity, price). */
  customerName: z.string(),
  items: z.array(z.object({ name: z.string(), quantity: z.number().int(), price: z.number() })),
});
export type AdminOrderDetail = z.infer<typeof adminOrderDetailSchema>;
export const adminOrderDetailResponseSchema = z.object({ data: adminOrderDetailSchema });

export const adminOrderStatusSchema = z.object({
  status: z.enum(ORDER_STATUSES, { message: ADMIN_ORDER_MESSAGES.STATUS }),
  note: text()
    .trim()
    .max(2000, ADMIN_ORDER_MESSAGES.NOTE_TOO_LONG)
    .nullish()
    .transform((value) => (value ? value : null)),
  /** On the way to `shipped` only: a carrier id from /api/admin/shipping/carriers. */
  carrier: z
    .preprocess(
      (v) => (v === "" ? null : typeof v === "string" && /^\d+$/.test(v.trim()) ? Number(v) : v),
      z
        .number({ message: SHIPPING_MESSAGES.CARRIER_UNKNOWN })
        .int(SHIPPING_MESSAGES.CARRIER_UNKNOWN)
        .positive(SHIPPING_MESSAGES.CARRIER_UNKNOWN)
        .max(2_147_483_647, SHIPPING_MESSAGES.CARRIER_UNKNOWN)
        .nullish(),
    )
    .transform((v) => v ?? null),
  tracking_number: z
    .preprocess(
      (v) => (typeof v === "string" && v.trim() === "" ? null : v),
      trackingNumberField.nullish(),
    )
    .transform((v) => v ?? null),
});
export type AdminOrderStatusInput = z.input<typeof adminOrderStatusSchema>;

export const adminOrderNoteSchema = z.object({
  body: text({ message: ADMIN_ORDER_MESSAGES.NOTE_REQUIRED })
    .trim()
    .min(1, ADMIN_ORDER_MESSAGES.NOTE_REQUIRED)
    .max(2000, ADMIN_ORDER_MESSAGES.NOTE_TOO_LONG),
});

// ---------------------------------------------------------------------------------------
// Payments: the owner records cash collected or a transfer received, or a refund.

/** A form's or JSON's number: blank stays blank (refused as missing), "abc" becomes NaN. */
const toNumber = (v: unknown) =>
  typeof v === "string" && v.trim() !== "" ? Number(v.trim().replace(",", ".")) : v;
const hasTwoDecimalsAtMost = (v: number) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6;
const blankToUndefined = (v: unknown) =>
  v === null || (typeof v === "string" && v.trim() === "") ? undefined : v;

/** An ISO instant with its offset ("2026-03-01T10:00:00Z", "...+03:00"). */
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;
/** A browser's clock may run a little ahead of the server's. */
const CLOCK_SKEW_MS = 5 * 60_000;
/** Before this no order of the shop existed: a year typed as 0202 is a slip. */
const EARLIEST_PAYMENT = Date.UTC(2000, 0, 1);

/**
 * When the money moved: a day (YYYY-MM-DD, the start of that Asia/Damascus day) or an ISO
 * instant with its offset; null when it is not a real date or lies in the future.
 */
export function parsePaidAt(value: string, now = new Date()): Date | null {
  let at: Date;
  if (isCalendarDate(value)) {
    if (value > businessDate(now)) return null;
    at = businessDayStart(value);
  } else if (ISO_INSTANT.test(value) && isCalendarDate(value.slice(0, 10))) {
    at = new Date(value);
    if (Number.isNaN(at.getTime()) || at.getTime() > now.getTime() + CLOCK_SKEW_MS) return null;
  } else return null;
  return at.getTime() < EARLIEST_PAYMENT ? null : at;
}

const paymentNote = text({ message: PAYMENT_MESSAGES.NOTE_TOO_LONG })
  .trim()
  .max(2000, PAYMENT_MESSAGES.NOTE_TOO_LONG)
  .nullish()
  .transform((value) => (value ? value : null));

/** `POST /api/admin/orders/:id/payments`: amount in dollars, the day it came, a note. */
export const adminOrderPaymentSchema = z.object({
  amount: z.preprocess(
    toNumber,
    z
      .number({ message: PAYMENT_MESSAGES.AMOUNT })
      .gt(0, PAYMENT_MESSAGES.AMOUNT)
      .max(1_000_000, PAYMENT_MESSAGES.AMOUNT)
      .refine(hasTwoDecimalsAtMost, PAYMENT_MESSAGES.AMOUNT),
  ),
  /** Default: now. */
  paid_at: z.preprocess(
    blankToUndefined,
    text({ message: PAYMENT_MESSAGES.PAID_AT })
      .trim()
      .transform((value, ctx) => {
        const at = parsePaidAt(value);
        if (at) return at;
        ctx.addIssue({ code: "custom", message: PAYMENT_MESSAGES.PAID_AT });
        return z.NEVER;
      })
      .optional(),
  ),
  /** How it came; left out = not said (the note may say it). */
  method: z
    .enum(RECEIVED_PAYMENT_METHODS, { message: PAYMENT_MESSAGES.METHOD })
    .nullish()
    .transform((v) => v ?? null),
  note: paymentNote,
});
export type AdminOrderPaymentInput = z.input<typeof adminOrderPaymentSchema>;
export type AdminOrderPayment = z.output<typeof adminOrderPaymentSchema>;

// ---------------------------------------------------------------------------------------
// Orders taken by staff: checkout's body, plus where the order came from and,
// optionally, the customer account it belongs to (it then shows in that customer's orders).

export const adminPlaceOrderSchema = placeOrderSchema.extend({
  source: z.enum(STAFF_ORDER_SOURCES, { message: STAFF_ORDER_MESSAGES.SOURCE }),
  customer_id: z
    .number({ message: STAFF_ORDER_MESSAGES.CUSTOMER_UNKNOWN })
    .int(STAFF_ORDER_MESSAGES.CUSTOMER_UNKNOWN)
    .positive(STAFF_ORDER_MESSAGES.CUSTOMER_UNKNOWN)
    .max(Number.MAX_SAFE_INTEGER, STAFF_ORDER_MESSAGES.CUSTOMER_UNKNOWN)
    .nullish()
    .transform((v) => v ?? null),
  /**
   * The owner books a full or closed day (or a full slot) on purpose; other roles get 403.
   * Without it a staff order sees the days checkout sees.
   */
  override_capacity: z.boolean().optional().default(false),
});
export type AdminPlaceOrderInput = z.input<typeof adminPlaceOrderSchema>;
export type AdminPlaceOrder = z.output<typeof adminPlaceOrderSchema>;

// ---------------------------------------------------------------------------------------
// Orders that change after they are placed: the desk's edit of lines and shipping, the
// packer's weights, partial refunds and payment links (shared/domain/order-changes.ts).

const lineIdField = z
  .number({ message: ORDER_CHANGE_MESSAGES.LINE_UNKNOWN })
  .int(ORDER_CHANGE_MESSAGES.LINE_UNKNOWN)
  .positive(ORDER_CHANGE_MESSAGES.LINE_UNKNOWN)
  .max(Number.MAX_SAFE_INTEGER, ORDER_CHANGE_MESSAGES.LINE_UNKNOWN);

/** Each kept line named once. */
function noRepeatedLineIds(
  lines: ReadonlyArray<{ line_id?: number | null }>,
  ctx: z.RefinementCtx,
) {
  const seen = new Set<number>();
  lines.forEach((line, index) => {
    if (line.line_id == null) return;
    if (seen.has(line.line_id))
      ctx.addIssue({
        code: "custom",
        path: ["lines", index, "line_id"],
        message: ORDER_CHANGE_MESSAGES.LINE_TWICE,
      });
    seen.add(line.line_id);
  });
}

/**
 * `PATCH /api/admin/orders/:id/lines`: the complete new list of lines (a kept line carries its
 * `line_id`, a new one names its product), on the `version` the desk read.
 */
export const adminOrderLinesSchema = z
  .object({
    version: z
      .number({ message: ORDER_CHANGE_MESSAGES.STALE })
      .int(ORDER_CHANGE_MESSAGES.STALE)
      .min(0, ORDER_CHANGE_MESSAGES.STALE)
      .max(2_147_483_647, ORDER_CHANGE_MESSAGES.STALE),
    lines: z
      .array(
        orderLineInputSchema.omit({ productId: true }).extend({
          line_id: lineIdField.nullish().transform((v) => v ?? null),
          product_id: productIdField.nullish().transform((v) => v ?? null),
        }),
        { message: ORDER_CHANGE_MESSAGES.LINES_REQUIRED },
      )
      .min(1, ORDER_CHANGE_MESSAGES.LINES_REQUIRED)
      .max(100, ORDER_MESSAGES.TOO_MANY_LINES),
    shipping_method: shippingMethodIdField.nullish().transform((v) => v ?? null),
    ready_date: deliveryDateField.nullish().transform((v) => v ?? null),
    address: addressText(500)
      .nullish()
      .transform((v) => v ?? null),
  })
  .superRefine((body, ctx) => {
    noRepeatedLineIds(body.lines, ctx);
    body.lines.forEach((line, index) => {
      if (line.line_id === null && line.product_id === null)
        ctx.addIssue({
          code: "custom",
          path: ["lines", index, "product_id"],
          message: ORDER_MESSAGES.PRODUCT_INVALID,
        });
    });
  });
export type AdminOrderLinesInput = z.input<typeof adminOrderLinesSchema>;
export type AdminOrderLines = z.output<typeof adminOrderLinesSchema>;

const weighedGramsField = z
  .number({ message: ORDER_CHANGE_MESSAGES.WEIGHT })
  .int(ORDER_CHANGE_MESSAGES.WEIGHT)
  .positive(ORDER_CHANGE_MESSAGES.WEIGHT)
  .max(10_000_000, ORDER_CHANGE_MESSAGES.WEIGHT);

/** `PUT /api/admin/orders/:id/weights`: the grams weighed for some or all lines. */
export const adminOrderWeightsSchema = z
  .object({
    lines: z
      .array(z.object({ line_id: lineIdField, weighed_grams: weighedGramsField }), {
        message: ORDER_CHANGE_MESSAGES.LINES_REQUIRED,
      })
      .min(1, ORDER_CHANGE_MESSAGES.LINES_REQUIRED)
      .max(100, ORDER_MESSAGES.TOO_MANY_LINES),
  })
  .superRefine((body, ctx) => noRepeatedLineIds(body.lines, ctx));
export type AdminOrderWeights = z.output<typeof adminOrderWeightsSchema>;

/** A refund amount in dollars (as payments take it). */
const refundAmount = z.preprocess(
  toNumber,
  z
    .number({ message: PAYMENT_MESSAGES.AMOUNT })
    .gt(0, PAYMENT_MESSAGES.AMOUNT)
    .max(1_000_000, PAYMENT_MESSAGES.AMOUNT)
    .refine(hasTwoDecimalsAtMost, PAYMENT_MESSAGES.AMOUNT),
);

/**
 * `POST /api/admin/orders/:id/refund`: everything received (no amount, no lines), an amount,
 * or chosen lines (all of a line or some of its grams, its stock put back or not).
 */
export const adminOrderRefundSchema = z
  .object({
    note: paymentNote,
    amount: refundAmount.optional(),
    lines: z
      .array(
        z.object({
          line_id: lineIdField,
          grams: z
            .number({ message: ORDER_CHANGE_MESSAGES.REFUND_GRAMS })
            .int(ORDER_CHANGE_MESSAGES.REFUND_GRAMS)
            .positive(ORDER_CHANGE_MESSAGES.REFUND_GRAMS)
            .max(10_000_000, ORDER_CHANGE_MESSAGES.REFUND_GRAMS)
            .nullish()
            .transform((v) => v ?? null),
          restock: z.boolean({ message: "restock must be true or false." }).default(false),
        }),
      )
      .min(1, ORDER_CHANGE_MESSAGES.REFUND_NOTHING)
      .max(100, ORDER_MESSAGES.TOO_MANY_LINES)
      .optional(),
  })
  .superRefine((body, ctx) => {
    if (body.lines) noRepeatedLineIds(body.lines, ctx);
    if (body.amount !== undefined && body.lines)
      ctx.addIssue({
        code: "custom",
        path: ["amount"],
        message: ORDER_CHANGE_MESSAGES.REFUND_BOTH,
      });
  })
  .nullish()
  // A bare POST (no body) refunds everything received, without a note.
  .transform((body) => ({
    note: body?.note ?? null,
    amount: body?.amount,
    lines: body?.lines,
  }));
export type AdminOrderRefundInput = z.input<typeof adminOrderRefundSchema>;
export type AdminOrderRefund = z.output<typeof adminOrderRefundSchema>;

/** `POST /api/admin/orders/:id/payment-link`: optionally e-mailed to the customer too. */
export const adminPaymentLinkSchema = z
  .object({
    send_email: z.boolean({ message: "send_email must be true or false." }).default(false),
  })
  .nullish()
  .transform((body) => ({ send_email: body?.send_email ?? false }));

export const adminPaymentLinkResponseSchema = z.object({
  data: z.object({
    url: z.string(),
    expires_at: z.string(),
    amount: z.number(),
    emailed: z.boolean(),
  }),
});
