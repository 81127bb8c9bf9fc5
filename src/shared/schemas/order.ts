import { z } from "zod";
import { normaliseContents } from "../domain/boxes.ts";
import { isCalendarDate } from "../domain/business-days.ts";
import { MAX_LINE_QTY, mergeOrderLines } from "../domain/cart.ts";
import { countryName, isCountryCode } from "../domain/countries.ts";
import { SLOT_MESSAGES } from "../domain/delivery-slots.ts";
import { GIFT_MESSAGE_MAX } from "../domain/gift.ts";
import { CREDIT_REASONS } from "../domain/invoices.ts";
import {
  KITCHEN_ORDER_MESSAGES,
  KITCHEN_STEPS,
  PORTIONS_MAX,
  PORTIONS_MIN,
} from "../domain/kitchen-slots.ts";
import type { Lang } from "../domain/money.ts";
import { EMPTY_ORDER_FORM } from "../domain/order-form.ts";
import { ORDER_STATUSES } from "../domain/order-states.ts";
import { PAYMENT_METHODS, PAYMENT_STATUSES } from "../domain/payments.ts";
import type { ShippingCheck } from "../domain/shipping.ts";
import { SHIPPING_MESSAGES } from "../domain/shipping.ts";
import { ORDER_MESSAGES } from "../domain/validation-messages.ts";
import { boxContentsField } from "./boxes.ts";
import { pageMetaSchema } from "./catalog.ts";
import { text } from "./fields.ts";
import { giftCardPurchaseDtoSchema, giftCardPurchasesField } from "./gift-cards.ts";

export { PAYMENT_METHODS, PAYMENT_STATUSES, type PaymentMethod } from "../domain/payments.ts";
export { EMPTY_ORDER_FORM, GIFT_MESSAGE_MAX, ORDER_MESSAGES };

const requiredText = (message: string, max: number) =>
  text({ message }).trim().min(1, message).max(max, `${ORDER_MESSAGES.TOO_LONG} (${max})`);

const optionalText = (max: number) =>
  text()
    .trim()
    .max(max, `${ORDER_MESSAGES.TOO_LONG} (${max})`)
    .nullish()
    .transform((value) => (value ? value : null));

export const addressText = (max: number) =>
  text()
    .trim()
    .max(max, `${ORDER_MESSAGES.TOO_LONG} (${max})`)
    .nullish()
    .transform((value) => value ?? "");

// ---- Shipping: the order's method, day and what it was charged ----

export const SHIPPING_KINDS = ["delivery", "pickup"] as const;
export type ShippingKind = (typeof SHIPPING_KINDS)[number];

/** `"delivery:<zoneId>"`, `"pickup:<index>"` or, for dishes, `"kitchen:<areaIndex>"`. */
export const shippingMethodIdField = text({ message: SHIPPING_MESSAGES.METHOD_UNKNOWN })
  .trim()
  .regex(/^(delivery|pickup|kitchen):\d{1,9}$/, SHIPPING_MESSAGES.METHOD_UNKNOWN);

export const deliveryDateField = text({ message: SHIPPING_MESSAGES.DATE_INVALID })
  .trim()
  .refine(isCalendarDate, SHIPPING_MESSAGES.DATE_INVALID);

/** A time slot's id from the quote ("10:00-13:00"); another id is refused by the rules. */
export const slotIdField = text({ message: SLOT_MESSAGES.SLOT_UNKNOWN })
  .trim()
  .min(1, SLOT_MESSAGES.SLOT_UNKNOWN)
  .max(40, SLOT_MESSAGES.SLOT_UNKNOWN);

export const orderSlotSchema = z.object({
  id: z.string(),
  label: z.string(),
  label_ar: z.string(),
});
export const orderSeasonSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  name_ar: z.string(),
});

/** What an order was charged for shipping, kept whatever later zone edits say. */
export const orderShippingSchema = z.object({
  method: z.string(),
  kind: z.enum(SHIPPING_KINDS),
  zone: z.string().nullable(),
  zone_ar: z.string().nullable(),
  name: z.string(),
  name_ar: z.string(),
  fee: z.number(),
  delivery_date: z.string().nullable(),
  /** A pickup order: the shop's address, opening hours and phone (null for a delivery). */
  pickup: z
    .object({
      address: z.string(),
      address_ar: z.string(),
      hours: z.string(),
      hours_ar: z.string(),
      phone: z.string(),
    })
    .nullable(),
  carrier: z.string().nullable(),
  carrier_ar: z.string().nullable(),
  tracking_number: z.string().nullable(),
  tracking_url: z.string().nullable(),
});
export type OrderShipping = z.infer<typeof orderShippingSchema>;

/** Cart lines carry product ids as strings; both "12" and 12 are accepted. */
export const productIdField = z
  .union([z.number(), text().trim().regex(/^\d+$/, ORDER_MESSAGES.PRODUCT_INVALID)], {
    message: ORDER_MESSAGES.PRODUCT_INVALID,
  })
  .transform(Number)
  .pipe(
    z
      .number()
      .int(ORDER_MESSAGES.PRODUCT_INVALID)
      .positive(ORDER_MESSAGES.PRODUCT_INVALID)
      .max(Number.MAX_SAFE_INTEGER, ORDER_MESSAGES.PRODUCT_INVALID),
  );

/**
 * A line names a product, a weight option and a quantity; prices are looked up on the server.
 * Any price a client adds is dropped here (unknown keys are stripped) and never read.
 */
export const orderLineInputSchema = z.object({
  productId: productIdField,
  grams: z
    .number({ message: ORDER_MESSAGES.GRAMS_INVALID })
    .int(ORDER_MESSAGES.GRAMS_INVALID)
    .positive(ORDER_MESSAGES.GRAMS_INVALID)
    .max(1_000_000, ORDER_MESSAGES.GRAMS_INVALID),
  qty: z
    .number({ message: ORDER_MESSAGES.QTY_INVALID })
    .int(ORDER_MESSAGES.QTY_INVALID)
    .min(1, ORDER_MESSAGES.QTY_INVALID)
    .max(MAX_LINE_QTY, ORDER_MESSAGES.QTY_INVALID),
  /**
   * A mixed box's sweets and their grams (one box's worth); only for a box product. Repeats of
   * one sweet are added together, so equal boxes merge into one line however they were filled.
   */
  contents: boxContentsField
    .optional()
    .transform((list) => (list ? normaliseContents(list) : undefined)),
});

/**
 * An order's (or a quote's) lines: 1 to 100, and repeats of one product and weight merged into
 * its first line, refused where their quantities together pass the per-line limit (the limit
 * is per product and weight, not per line of the request). Merged before anything is priced.
 */
export const orderLinesField = z
  .array(orderLineInputSchema, { message: ORDER_MESSAGES.LINES_REQUIRED })
  .min(1, ORDER_MESSAGES.LINES_REQUIRED)
  .max(100, ORDER_MESSAGES.TOO_MANY_LINES)
  .transform((lines, ctx) => {
    const merged = mergeOrderLines(lines);
    for (const index of merged.over)
      ctx.addIssue({
        code: "custom",
        path: [index, "qty"],
        message: ORDER_MESSAGES.LINE_REPEATED_QTY,
      });
    return merged.lines;
  });

/**
 * The sweets of a cart that may also hold dishes: the same rules as `orderLinesField`, except
 * that it may be empty when the cart holds dishes (the order checks that it holds something).
 */
export const productLinesField = z
  .array(orderLineInputSchema, { message: ORDER_MESSAGES.LINES_REQUIRED })
  .max(100, ORDER_MESSAGES.TOO_MANY_LINES)
  .transform((lines, ctx) => {
    const merged = mergeOrderLines(lines);
    for (const index of merged.over)
      ctx.addIssue({
        code: "custom",
        path: [index, "qty"],
        message: ORDER_MESSAGES.LINE_REPEATED_QTY,
      });
    return merged.lines;
  });

/** A dish line: portions of a kitchen dish; `line` is its place in the request's `lines`. */
export const dishLineInputSchema = z.object({
  dishId: productIdField,
  portions: z
    .number({ message: KITCHEN_ORDER_MESSAGES.PORTIONS.en })
    .int(KITCHEN_ORDER_MESSAGES.PORTIONS.en)
    .min(PORTIONS_MIN, KITCHEN_ORDER_MESSAGES.PORTIONS.en)
    .max(PORTIONS_MAX, KITCHEN_ORDER_MESSAGES.PORTIONS.en),
  line: z.number().int().min(0).max(99).default(0),
});
export type DishLineInput = z.output<typeof dishLineInputSchema>;

/** A cart's dishes: one line per dish (repeats add up, within the per-line limit). */
export const dishLinesField = z
  .array(dishLineInputSchema)
  .max(100, ORDER_MESSAGES.TOO_MANY_LINES)
  .default([])
  .transform((lines, ctx) => {
    const byDish = new Map<number, DishLineInput>();
    lines.forEach((line, index) => {
      const seen = byDish.get(line.dishId);
      if (!seen) {
        byDish.set(line.dishId, { ...line });
        return;
      }
      seen.portions += line.portions;
      if (seen.portions > PORTIONS_MAX)
        ctx.addIssue({
          code: "custom",
          path: [index, "portions"],
          message: KITCHEN_ORDER_MESSAGES.PORTIONS.en,
        });
    });
    return [...byDish.values()];
  });

/**
 * `lines` mixes sweets (`{ productId, grams, qty }`) and dishes (`{ dishId, portions }`):
 * before validation the dishes move to `dishes`, each remembering its place, so the sweets
 * keep their schema and every older client its exact answers.
 */
export function splitCartLines(body: unknown): unknown {
  if (!body || typeof body !== "object" || Array.isArray(body)) return body;
  const lines = (body as { lines?: unknown }).lines;
  if (!Array.isArray(lines)) return body;
  const isDish = (line: unknown) =>
    line !== null && typeof line === "object" && !Array.isArray(line) && "dishId" in line;
  if (!lines.some(isDish)) return body;
  return {
    ...body,
    lines: lines.filter((line) => !isDish(line)),
    dishes: lines.flatMap((line, index) => (isDish(line) ? [{ ...line, line: index }] : [])),
  };
}

const phoneField = (required: string, invalid: string) =>
  text({ message: required })
    .trim()
    .min(1, required)
    .regex(/^\+?[0-9][0-9 ()-]{4,22}$/, invalid);

/**
 * A gift: delivered to the recipient at the order's address, with a card message in either
 * language; the buyer (name, phone, e-mail) stays the customer the e-mails go to.
 */
export const giftInputSchema = z.object({
  recipient_name: requiredText(ORDER_MESSAGES.RECIPIENT_NAME_REQUIRED, 120),
  recipient_phone: phoneField(
    ORDER_MESSAGES.RECIPIENT_PHONE_INVALID,
    ORDER_MESSAGES.RECIPIENT_PHONE_INVALID,
  ),
  message: text()
    .trim()
    .max(GIFT_MESSAGE_MAX, ORDER_MESSAGES.GIFT_MESSAGE_TOO_LONG)
    .nullish()
    .transform((value) => (value ? value : null)),
  /** Wrapped at the owner's price; refused when the shop does not offer it. */
  wrap: z.boolean().default(false),
});
export type GiftInput = z.input<typeof giftInputSchema>;

export const placeOrderSchema = z.object({
  name: requiredText(ORDER_MESSAGES.NAME_REQUIRED, 120),
  phone: phoneField(ORDER_MESSAGES.PHONE_REQUIRED, ORDER_MESSAGES.PHONE_INVALID),
  /** Optional: a guest who gives a phone need not give an e-mail. */
  email: text()
    .trim()
    .max(254, ORDER_MESSAGES.EMAIL_INVALID)
    .nullish()
    .transform((value) => (value ? value : null))
    .pipe(z.email(ORDER_MESSAGES.EMAIL_INVALID).nullable()),
  country: text({ message: ORDER_MESSAGES.COUNTRY_REQUIRED })
    .trim()
    .min(1, ORDER_MESSAGES.COUNTRY_REQUIRED)
    .transform((value) => value.toUpperCase())
    .refine(isCountryCode, ORDER_MESSAGES.COUNTRY_INVALID),
  /**
   * Required for a delivery, left out for a pickup (the shopper comes to the shop): checked
   * once the method is known (`addressProblems`), each keyed by its field.
   */
  city: addressText(120),
  address: addressText(500),
  notes: optionalText(1000),
  payment_method: z.enum(PAYMENT_METHODS, { message: ORDER_MESSAGES.PAYMENT_METHOD }),
  coupon: optionalText(60),
  /** A gift card's code: it pays as much of the total as its balance holds. */
  gift_card: text().trim().max(40, `${ORDER_MESSAGES.TOO_LONG} (40)`).optional(),
  /** The storefront language: the messaging-app text is written in it. */
  lang: z.enum(["en", "ar"]).optional(),
  lines: productLinesField,
  /** The cart's dishes (sent inside `lines`; see `splitCartLines`). */
  dishes: dishLinesField,
  /** An id from the quote; without it the cheapest delivery is used (older clients). */
  shipping_method: shippingMethodIdField.nullish().transform((v) => v ?? null),
  /**
   * The day the order must be ready: one of the quote's days for the chosen method (the
   * delivery day, the pickup day, or the dispatch day abroad). Without it, the first day
   * with room (older clients).
   */
  ready_date: deliveryDateField.nullish().transform((v) => v ?? null),
  /** The older name of `ready_date`, still accepted; `ready_date` wins when both are sent. */
  delivery_date: deliveryDateField.nullish().transform((v) => v ?? null),
  /**
   * One of the quote's time slots for the chosen method and day, when that method has slots.
   * Without it, the first slot with room (older clients). A cart with a dish must name one of
   * the kitchen's slots ("k-19:00").
   */
  slot: slotIdField.nullish().transform((v) => v ?? null),
  /** Absent or null = not a gift. */
  gift: giftInputSchema.nullish().transform((v) => v ?? null),
  /** Gift cards bought (the gift card product); each is issued and e-mailed once paid. */
  gift_cards: giftCardPurchasesField,
});
export type PlaceOrderInput = z.input<typeof placeOrderSchema>;

// The empty order form (domain/order-form.ts) holds only this schema's fields.
EMPTY_ORDER_FORM satisfies Partial<PlaceOrderInput>;

export type PlaceOrder = z.output<typeof placeOrderSchema>;

/** Clients send a fresh random key per checkout attempt (a UUID is 36 characters). */
export const idempotencyKeySchema = text({ message: "The Idempotency-Key header is required." })
  .trim()
  .min(16, "The Idempotency-Key header must be 16 to 200 characters.")
  .max(200, "The Idempotency-Key header must be 16 to 200 characters.")
  .regex(/^[A-Za-z0-9_.:-]+$/, "The Idempotency-Key header may use letters, digits and _ . : -");

export const orderStatusSchema = z.enum(ORDER_STATUSES);

export const orderLineDtoSchema = z.object({
  /** The line's id: an edit names the lines it keeps by it. */
  line_id: z.number().int(),
  product_id: z.number().int().nullable(),
  name: z.string(),
  name_ar: z.string(),
  grams: z.number().int(),
  qty: z.number().int(),
  unit_price: z.number(),
  /** What the line is charged: as ordered, or repriced from its weighed grams. */
  line_total: z.number(),
  /** What the packer weighed for the whole line (all pieces), null until weighed. */
  weighed_grams: z.number().int().nullable(),
  /** Given back for this line (0 when none). */
  refunded: z.number(),
  image_url: z.string().nullable(),
  /** A mixed box's sweets, one box's worth; null for an ordinary line. */
  contents: z
    .array(
      z.object({
        product_id: z.number().int().nullable(),
        name: z.string(),
        name_ar: z.string(),
        grams: z.number().int(),
      }),
    )
    .nullable(),
});

export const orderEventDtoSchema = z.object({
  status: orderStatusSchema,
  at: z.string(),
  actor: z.string(),
  note: z.string().nullable(),
});

export const orderDtoSchema = z.object({
  number: z.string(),
  status: orderStatusSchema,
  created_at: z.string(),
  name: z.string(),
  phone: z.string(),
  email: z.string().nullable(),
  country: z.string(),
  city: z.string(),
  address: z.string(),
  notes: z.string().nullable(),
  payment_method: z.enum(PAYMENT_METHODS),
  /** An order on invoice: the day it must be paid by (YYYY-MM-DD); null otherwise. */
  due_date: z.string().nullable(),
  /** Beside the status; only the owner or a verified gateway event moves it. */
  payment_status: z.enum(PAYMENT_STATUSES),
  /** What was received and when (null while unpaid). */
  paid_amount: z.number().nullable(),
  paid_at: z.string().nullable(),
  /** A card payment page (checkout's or a payment link) while one is open and money is owed. */
  payment_url: z.string().nullable(),
  /** What is still to pay (the new total less what was received); 0 when settled. */
  balance_due: z.number(),
  /** Given back in all. */
  refunded_amount: z.number(),
  /** Moves with every change of lines, weights or money: an edit sends the one it was made on. */
  version: z.number().int(),
  coupon: z.string().nullable(),
  subtotal: z.number(),
  discount: z.number(),
  discount_percent: z.number(),
  discount_source: z.enum(["standing", "coupon", "none"]),
  delivery_fee: z.number(),
  /** The automatic promotions that applied and what each took off (dollars), as named then. */
  promotions: z
    .array(z.object({ id: z.number(), name: z.string(), name_ar: z.string(), amount: z.number() }))
    .optional(),
  /** What a gift card paid of `total` (dollars; 0 without one). */
  gift_card_paid: z.number().optional(),
  /** Gift cards bought in the order (part of `total`, never discounted); empty when none. */
  gift_cards: z.array(giftCardPurchaseDtoSchema).optional(),
  /** How the order travels and what that was charged (`fee` = `delivery_fee`). */
  shipping: orderShippingSchema,
  /** The recipient and card message of a gift; null when it is not one. */
  gift: z
    .object({
      recipient_name: z.string(),
      recipient_phone: z.string(),
      /**
       * The recipient's phone as read in the order's country ("0933 000 222"), and its digits
       * for a messaging link ("963933000222", null when unreadable): the storefront shows them
       * without loading the phone library.
       */
      recipient_phone_display: z.string().optional(),
      recipient_phone_messaging: z.string().nullable().optional(),
      message: z.string().nullable(),
      wrap: z.boolean(),
    })
    .nullable(),
  /** Gift wrapping as charged, in dollars (0 when none or free); part of `total`. */
  gift_wrap_fee: z.number(),
  /**
   * The business day (YYYY-MM-DD, Asia/Damascus) the order must be ready: the delivery day,
   * the pickup day, or the dispatch day abroad.
   */
  ready_date: z.string().nullable(),
  /** The delivery or pickup time slot; null while the shop has no slots. */
  slot: orderSlotSchema.nullable(),
  /** The kitchen's dishes of the order (portions for the ready day); empty for sweets only. */
  dishes: z.array(
    z.object({
      dish_id: z.number().int().nullable(),
      name: z.string(),
      name_ar: z.string(),
      portions: z.number().int(),
      unit_price: z.number(),
      line_total: z.number(),
    }),
  ),
  /**
   * The cook's steps for an order holding a dish (null otherwise): every step it goes
   * through, the current one and when each was taken.
   */
  kitchen: z
    .object({
      steps: z.array(z.enum(KITCHEN_STEPS)),
      step: z.enum(KITCHEN_STEPS).nullable(),
      done: z.array(z.object({ step: z.enum(KITCHEN_STEPS), at: z.string() })),
    })
    .nullable(),
  /** The season the order belongs to; null outside seasons. */
  season: orderSeasonSchema.nullable(),
  total: z.number(),
  total_grams: z.number().int(),
  lines: z.array(orderLineDtoSchema),
  /** The guest's private-link secret: only in the answer to the one who placed the order. */
  access_key: z.string().optional(),
  events: z.array(orderEventDtoSchema),
  payment_instructions: z.object({ en: z.string(), ar: z.string() }).nullable(),
  messaging_link: z.string().nullable(),
  /** The order's invoice once issued (confirmed or paid); `url` downloads its PDF. */
  invoice: z.object({ number: z.string(), issued_at: z.string(), url: z.string() }).nullable(),
  /** Credit notes issued after invoicing: for a refund (whole or partial) or a cancellation. */
  credit_notes: z.array(
    z.object({
      number: z.string(),
      issued_at: z.string(),
      refers_to: z.string(),
      reason: z.enum(CREDIT_REASONS),
      url: z.string(),
    }),
  ),
});
export type OrderDto = z.infer<typeof orderDtoSchema>;

export const orderResponseSchema = z.object({ data: orderDtoSchema });

export const ORDER_GROUPS = ["in_progress", "delivered", "cancelled"] as const;
export const ORDER_PER_PAGE = [10, 20, 50] as const;

const pageField = z.coerce
  .number({ message: "The page must be a whole number of at least 1." })
  .int("The page must be a whole number of at least 1.")
  .min(1, "The page must be a whole number of at least 1.")
  .max(1_000_000, "The page must be a whole number of at least 1.")
  .default(1);

const perPageField = z.coerce
  .number()
  .pipe(
    z.union([z.literal(10), z.literal(20), z.literal(50)], {
      message: "The per page must be 10, 20 or 50.",
    }),
  )
  .default(10);

export const customerOrdersQuerySchema = z.object({
  group: z
    .enum(ORDER_GROUPS, { message: "The group must be in_progress, delivered or cancelled." })
    .optional(),
  page: pageField,
  per_page: perPageField,
});

export const orderListResponseSchema = z.object({
  data: z.array(orderDtoSchema),
  meta: pageMetaSchema,
});

export const orderNumberParams = z.object({
  number: text()
    .trim()
    .max(40)
    .regex(/^[A-Za-z0-9-]+$/, "Not a valid order number."),
});
export const orderAccessQuerySchema = z.object({ key: text().max(200).optional() });

// The admin API's schemas live in admin-order.ts.

// ---- Shipping refusals: one wording for the checkout form and the server ----

export type ShippingProblemCode = "no_shipping" | "weight_limit";

/** Bilingual, naming the rule: the form shows it as the country changes, the server on 422. */
export function shippingProblemMessage(
  check: Extract<ShippingCheck, { ok: false }>,
  country: string,
  lang: Lang,
): string {
  const name = countryName(country, lang);
  if (check.reason === "no_shipping") {
    return lang === "ar" ? `عذراً، لا نشحن إلى ${name}.` : `Sorry, we do not ship to ${name}.`;
  }
  const kg = check.maxGrams / 1000;
  return lang === "ar"
    ? `الحد الأقصى لوزن الطلب المشحون إلى ${name} هو ${kg} كغ. يرجى تقليل الكمية.`
    : `Orders shipped to ${name} may weigh at most ${kg} kg. Please reduce your cart.`;
}

/** The customer and delivery fields an order form shows: checkout's and the desk's new order. */
export const ORDER_FORM_FIELDS = {
  name: true,
  phone: true,
  email: true,
  country: true,
  city: true,
  address: true,
  notes: true,
  payment_method: true,
  gift_card: true,
} as const;

/**
 * Checkout's fields of the one order schema (the browser's form); lines, coupon and language come
 * from the cart. The gift's fields exist only while "This order is a gift" is ticked.
 */
export const checkoutFormSchema = placeOrderSchema
  .pick(ORDER_FORM_FIELDS)
  .extend({ gift: giftInputSchema.optional() });

/**
 * One priced line of the cart's price: what the line costs the one who asks (a signed-in
 * active trader's price list, else retail), dollars.
 */
export const cartPriceLineSchema = z.object({
  product_id: z.number().int(),
  grams: z.number().int(),
  qty: z.number().int(),
  /** One pack, dollars. */
  unit_price: z.number(),
  line_total: z.number(),
  price_source: z.enum(["retail", "wholesale"]),
});
