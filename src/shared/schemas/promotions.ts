import { z } from "zod";
import { isCalendarDate } from "../domain/business-days.ts";
import { toCents } from "../domain/money.ts";
import {
  PROMOTION_KINDS,
  PROMOTION_MESSAGES,
  type PromotionRule,
  tiersOverlap,
} from "../domain/promotions.ts";
import { text } from "./fields.ts";
import {
  cartPriceLineSchema,
  dishLinesField,
  productLinesField,
  shippingMethodIdField,
} from "./order.ts";
import { shippingQuoteRequestSchema } from "./shipping.ts";

// Automatic promotions: the admin's form and API (money in dollars, weights in grams), and
// the cart's price. The pure rule lives in domain/promotions.ts.

const M = PROMOTION_MESSAGES;
const MAX_AMOUNT = 100_000;
const MAX_GRAMS = 1_000_000;

/** A form's blank = undefined/null; "12,5" = 12.5; "abc" = NaN (refused). */
const toNumber = (v: unknown) =>
  v === undefined || v === null || (typeof v === "string" && v.trim() === "")
    ? null
    : typeof v === "string"
      ? Number(v.trim().replace(",", "."))
      : v;
const twoDecimals = (v: number) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6;

const blankToNull = (v: unknown) => (typeof v === "string" && v.trim() === "" ? null : v);

const dateField = z.preprocess(
  blankToNull,
  text({ message: M.DATE_INVALID }).trim().refine(isCalendarDate, M.DATE_INVALID).nullish(),
);
const percentField = z.preprocess(
  toNumber,
  z.number({ message: M.PERCENT }).int(M.PERCENT).min(1, M.PERCENT).max(100, M.PERCENT).nullish(),
);
const amountField = (min: number, message: string) =>
  z.preprocess(
    toNumber,
    z
      .number({ message })
      .min(min, message)
      .max(MAX_AMOUNT, message)
      .refine(twoDecimals, message)
      .nullish(),
  );
const gramsField = z.preprocess(
  toNumber,
  z.number({ message: M.GRAMS }).int(M.GRAMS).min(1, M.GRAMS).max(MAX_GRAMS, M.GRAMS).nullish(),
);
const idField = (message: string) =>
  z.preprocess(
    toNumber,
    z.number({ message }).int(message).min(1, message).max(2_147_483_647, message).nullish(),
  );

const tierSchema = z.object({
  min_grams: gramsField,
  percent: percentField,
  amount: amountField(0.01, M.AMOUNT),
});

/**
 * One promotion. `kind` decides which fields count: cart_percent `percent`; free_delivery
 * `min_subtotal` and `zone_ids` (empty = every zone); volume `target_type`, `target_id` and
 * `tiers` (each a `min_grams` and a `percent` or an `amount`, rising in weight); buy_get
 * `product_id`, `buy_grams`, `free_grams`. The others are ignored.
 */
export const promotionInputSchema = z
  .object({
    name: text({ message: M.NAME_REQUIRED })
      .trim()
      .min(1, M.NAME_REQUIRED)
      .max(120, M.NAME_REQUIRED),
    name_ar: text({ message: M.NAME_AR_REQUIRED })
      .trim()
      .min(1, M.NAME_AR_REQUIRED)
      .max(120, M.NAME_AR_REQUIRED),
    starts_on: dateField,
    ends_on: dateField,
    kind: z.enum(PROMOTION_KINDS, { message: M.KIND }),
    percent: percentField,
    min_subtotal: amountField(0, M.MIN_AMOUNT),
    zone_ids: z
      .array(z.number({ message: M.ZONES }).int(M.ZONES).min(1, M.ZONES), { message: M.ZONES })
      .max(100, M.ZONES)
      .nullish(),
    target_type: z.enum(["category", "product"], { message: M.TARGET_REQUIRED }).nullish(),
    target_id: idField(M.TARGET_REQUIRED),
    tiers: z.array(tierSchema, { message: M.TIERS_REQUIRED }).max(10, M.TIERS_OVERLAP).nullish(),
    product_id: idField(M.PRODUCT_REQUIRED),
    buy_grams: gramsField,
    free_grams: gramsField,
  })
  .superRefine((v, ctx) => {
    const need = (ok: unknown, path: string, message: string) => {
      if (ok === null || ok === undefined || ok === false)
        ctx.addIssue({ code: "custom", path: path.split("."), message });
    };
    if (v.starts_on && v.ends_on && v.ends_on < v.starts_on)
      need(false, "ends_on", M.DATES_BACKWARDS);
    switch (v.kind) {
      // The standing cart discount has no percent of its own (the settings'): the server
      // requires it of every other cart-percent rule.
      case "cart_percent":
        break;
      case "free_delivery":
        need(v.min_subtotal, "min_subtotal", M.MIN_AMOUNT);
        break;
      case "volume": {
        need(v.target_type, "target_type", M.TARGET_REQUIRED);
        need(v.target_id, "target_id", M.TARGET_REQUIRED);
        const tiers = v.tiers ?? [];
        if (tiers.length === 0) need(false, "tiers", M.TIERS_REQUIRED);
        tiers.forEach((tier, i) => {
          need(tier.min_grams, `tiers.${i}.min_grams`, M.GRAMS);
          if ((tier.percent == null) === (tier.amount == null))
            need(false, `tiers.${i}.percent`, M.TIER_DISCOUNT);
        });
        if (
          tiers.every((t) => t.min_grams != null) &&
          tiersOverlap(tiers.map((t) => ({ minGrams: t.min_grams! })))
        )
          need(false, "tiers", M.TIERS_OVERLAP);
        break;
      }
      case "buy_get":
        need(v.product_id, "product_id", M.PRODUCT_REQUIRED);
        need(v.buy_grams, "buy_grams", M.GRAMS);
        need(v.free_grams, "free_grams", M.GRAMS);
        break;
    }
  });
export type PromotionInput = z.input<typeof promotionInputSchema>;
export type PromotionValues = z.output<typeof promotionInputSchema>;

/** The validated form as the domain's rule (cents, grams). */
export function ruleOfValues(v: PromotionValues): PromotionRule {
  switch (v.kind) {
    case "cart_percent":
      return { kind: "cart_percent", percent: v.percent ?? 0 };
    case "free_delivery":
      return {
        kind: "free_delivery",
        minSubtotalCents: toCents(v.min_subtotal ?? 0),
        zoneIds: [...new Set(v.zone_ids ?? [])].sort((a, b) => a - b),
      };
    case "volume":
      return {
        kind: "volume",
        target: { type: v.target_type ?? "product", id: v.target_id ?? 0 },
        tiers: (v.tiers ?? []).map((t) => ({
          minGrams: t.min_grams ?? 0,
          percent: t.percent ?? null,
          amountCents: t.amount == null ? null : toCents(t.amount),
        })),
      };
    case "buy_get":
      return {
        kind: "buy_get",
        productId: v.product_id ?? 0,
        buyGrams: v.buy_grams ?? 0,
        freeGrams: v.free_grams ?? 0,
      };
  }
}

export const promotionDtoSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  name_ar: z.string(),
  kind: z.enum(PROMOTION_KINDS),
  starts_on: z.string().nullable(),
  ends_on: z.string().nullable(),
  /** The shop's standing cart discount: its percent is the settings' cart discount. */
  standing: z.boolean(),
  /** Whether it applies today (business time zone). */
  running: z.boolean(),
  percent: z.number().int().nullable(),
  min_subtotal: z.number().nullable(),
  zone_ids: z.array(z.number().int()),
  target_type: z.enum(["category", "product"]).nullable(),
  target_id: z.number().int().nullable(),
  tiers: z.array(
    z.object({
      min_grams: z.number().int(),
      percent: z.number().int().nullable(),
      amount: z.number().nullable(),
    }),
  ),
  product_id: z.number().int().nullable(),
  buy_grams: z.number().int().nullable(),
  free_grams: z.number().int().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type PromotionDto = z.infer<typeof promotionDtoSchema>;

/**
 * `POST /api/cart/price`: the cart priced for whoever asks: its lines (a signed-in active
 * trader's price list, else retail), the automatic promotions (none on a trader's wholesale
 * prices) and an optional coupon. With a country the delivery is that country's (the named
 * method, else the cheapest delivery); without one, the domestic fee the cart page shows.
 */
export const cartPriceRequestSchema = z.object({
  lines: productLinesField,
  /** The cart's dishes (sent inside `lines`; see `splitCartLines`): priced beside the sweets. */
  dishes: dishLinesField,
  coupon: text().trim().max(60).nullish(),
  country: shippingQuoteRequestSchema.shape.country.nullish(),
  shipping_method: shippingMethodIdField.nullish(),
});
export type CartPriceRequest = z.input<typeof cartPriceRequestSchema>;

export const appliedPromotionSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  name_ar: z.string(),
  /** Dollars taken off (a free delivery: the fee saved). */
  amount: z.number(),
});

export const cartPriceSchema = z.object({
  subtotal: z.number(),
  discount: z.number(),
  discount_percent: z.number(),
  discount_source: z.enum(["standing", "coupon", "none"]),
  delivery_fee: z.number(),
  total: z.number(),
  /** The coupon sent, when it is usable; `applies` false when the promotions give more. */
  coupon: z.object({ code: z.string(), applies: z.boolean() }).nullable(),
  promotions: z.array(appliedPromotionSchema),
  /** The nearest free delivery not reached: `missing` dollars more of sweets reach it. */
  next_promotion: z
    .object({ id: z.number().int(), name: z.string(), name_ar: z.string(), missing: z.number() })
    .nullable(),
  /** The sweets' lines as priced, in the request's order (dishes are in the totals only). */
  lines: z.array(cartPriceLineSchema),
  /** The trader's price list's minimum order total, dollars; null for retail or none. */
  min_order_total: z.number().nullable(),
});
export type CartPrice = z.infer<typeof cartPriceSchema>;
export const cartPriceResponseSchema = z.object({ data: cartPriceSchema });
