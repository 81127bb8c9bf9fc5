import { z } from "zod";
import { isCountryCode } from "../domain/countries.ts";
import { SHIPPING_MESSAGES } from "../domain/shipping.ts";
import { text } from "./fields.ts";
import {
  deliveryDateField,
  dishLinesField,
  ORDER_MESSAGES,
  type OrderShipping,
  orderShippingSchema,
  productLinesField,
  SHIPPING_KINDS,
  type ShippingKind,
  shippingMethodIdField,
} from "./order.ts";

// Shipping zones: one schema per input for the admin forms and the routes, and
// the public shapes (quote, shipping page, the order's `shipping`). Money is dollars with
// two decimals in these bodies; cents in the database and the domain.

// The order's shipping fields live in order.ts (it cannot import this file: a cycle).
export {
  deliveryDateField,
  type OrderShipping,
  orderShippingSchema,
  SHIPPING_KINDS,
  SHIPPING_MESSAGES,
  type ShippingKind,
  shippingMethodIdField,
};

export const MAX_GRAMS_LIMIT = 1_000_000;
export const MAX_FEE = 10_000;
export const MAX_RATES = 20;

/** A form's or JSON's number: blank = undefined, "abc" = NaN (refused by z.number). */
const toNumber = (v: unknown) =>
  v === undefined || v === null || (typeof v === "string" && v.trim() === "")
    ? v
    : typeof v === "string"
      ? Number(v.trim().replace(",", "."))
      : v;
/** A form's blank means "none" for nullable numbers. */
const blankToNull = (v: unknown) =>
  v === undefined || v === null || (typeof v === "string" && v.trim() === "") ? null : toNumber(v);

const hasTwoDecimalsAtMost = (v: number) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6;

export const feeField = z.preprocess(
  toNumber,
  z
    .number({ message: SHIPPING_MESSAGES.FEE })
    .min(0, SHIPPING_MESSAGES.FEE)
    .max(MAX_FEE, SHIPPING_MESSAGES.FEE)
    .refine(hasTwoDecimalsAtMost, SHIPPING_MESSAGES.FEE),
);

const grams = (message: string) =>
  z.number({ message }).int(message).min(1, message).max(MAX_GRAMS_LIMIT, message);

/** ISO 3166-1 alpha-2, upper case, known to `countries.ts`, each once. */
export const countryListField = z
  .array(
    text({ message: SHIPPING_MESSAGES.COUNTRIES_INVALID })
      .trim()
      .transform((v) => v.toUpperCase())
      .refine(isCountryCode, SHIPPING_MESSAGES.COUNTRIES_INVALID),
    { message: SHIPPING_MESSAGES.COUNTRIES_INVALID },
  )
  .max(249, SHIPPING_MESSAGES.COUNTRIES_TOO_MANY)
  .refine((list) => new Set(list).size === list.length, SHIPPING_MESSAGES.COUNTRIES_DUPLICATE);

export const shippingRateInputSchema = z.object({
  /** Carts up to this weight (inclusive) pay `fee`; null = no upper end (last band only). */
  up_to_grams: z.preprocess(blankToNull, grams(SHIPPING_MESSAGES.UP_TO_GRAMS).nullable()),
  fee: feeField,
});

const nameField = text({ message: SHIPPING_MESSAGES.NAME_REQUIRED })
  .trim()
  .min(1, SHIPPING_MESSAGES.NAME_REQUIRED)
  .max(120, SHIPPING_MESSAGES.NAME_TOO_LONG);
const nameArField = text({ message: SHIPPING_MESSAGES.NAME_TOO_LONG })
  .trim()
  .max(120, SHIPPING_MESSAGES.NAME_TOO_LONG)
  .default("");

export const shippingZoneInputSchema = z.object({
  name: nameField,
  name_ar: nameArField,
  countries: countryListField,
  max_grams: z.preprocess(blankToNull, grams(SHIPPING_MESSAGES.MAX_GRAMS).nullable()),
  rates: z
    .array(shippingRateInputSchema, { message: SHIPPING_MESSAGES.RATES_REQUIRED })
    .min(1, SHIPPING_MESSAGES.RATES_REQUIRED)
    .max(MAX_RATES, SHIPPING_MESSAGES.RATES_REQUIRED)
    .superRefine((rates, ctx) => {
      // Bands strictly increasing; only the last may be open-ended. Keyed by the band's
      // weight field so a form shows the message beside the row that breaks the order.
      rates.forEach((rate, i) => {
        if (rate.up_to_grams === null) {
          if (i < rates.length - 1)
            ctx.addIssue({
              code: "custom",
              message: SHIPPING_MESSAGES.RATES_OPEN_LAST,
              path: [i, "up_to_grams"],
            });
          return;
        }
        const before = rates[i - 1]?.up_to_grams;
        if (i > 0 && typeof before === "number" && rate.up_to_grams <= before)
          ctx.addIssue({
            code: "custom",
            message: SHIPPING_MESSAGES.RATES_ORDER,
            path: [i, "up_to_grams"],
          });
      });
    }),
});
export type ShippingZoneInput = z.input<typeof shippingZoneInputSchema>;
export type ShippingZoneValues = z.output<typeof shippingZoneInputSchema>;

export const shippingRateSchema = z.object({
  up_to_grams: z.number().int().nullable(),
  fee: z.number(),
});
export const shippingZoneSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  name_ar: z.string(),
  countries: z.array(z.string()),
  max_grams: z.number().int().nullable(),
  rates: z.array(shippingRateSchema),
});
export type ShippingZoneDto = z.infer<typeof shippingZoneSchema>;

export const shippingZoneResponseSchema = z.object({ data: shippingZoneSchema });
export const shippingZoneListResponseSchema = z.object({ data: z.array(shippingZoneSchema) });

export const refusedCountriesInputSchema = z.object({ countries: countryListField });
export type RefusedCountriesInput = z.input<typeof refusedCountriesInputSchema>;
export const refusedCountriesSchema = z.object({ countries: z.array(z.string()) });
export const refusedCountriesResponseSchema = z.object({ data: refusedCountriesSchema });

/** `GET /api/shipping`: what the public shipping page shows, from the rows checkout uses. */
export const publicShippingSchema = z.object({
  zones: z.array(shippingZoneSchema),
  refused: z.array(z.string()),
});
export type PublicShipping = z.infer<typeof publicShippingSchema>;
export const publicShippingResponseSchema = z.object({ data: publicShippingSchema });

// ---- Carriers ----

export const trackingUrlField = text({ message: SHIPPING_MESSAGES.TRACKING_URL })
  .trim()
  .max(500, SHIPPING_MESSAGES.TRACKING_URL)
  .regex(/^https:\/\/[^\s/]+\.[^\s]+$/i, SHIPPING_MESSAGES.TRACKING_URL)
  .refine((v) => v.includes("{number}"), SHIPPING_MESSAGES.TRACKING_URL);

export const carrierInputSchema = z.object({
  name: text({ message: SHIPPING_MESSAGES.CARRIER_NAME_REQUIRED })
    .trim()
    .min(1, SHIPPING_MESSAGES.CARRIER_NAME_REQUIRED)
    .max(120, SHIPPING_MESSAGES.NAME_TOO_LONG),
  name_ar: nameArField,
  /** `https://…/{number}`: the tracking number is filled in, URL-encoded. */
  tracking_url: trackingUrlField,
});
export type CarrierInput = z.input<typeof carrierInputSchema>;
export type CarrierValues = z.output<typeof carrierInputSchema>;

export const carrierSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  name_ar: z.string(),
  tracking_url: z.string(),
});
export type CarrierDto = z.infer<typeof carrierSchema>;
export const carrierResponseSchema = z.object({ data: carrierSchema });
export const carrierListResponseSchema = z.object({ data: z.array(carrierSchema) });

export const idParams = z.object({
  id: z.coerce
    .number({ message: "Not found." })
    .int("Not found.")
    .positive("Not found.")
    .max(2_147_483_647, "Not found."),
});

// ---- Quote (checkout) ----

export const shippingQuoteRequestSchema = z.object({
  country: text({ message: ORDER_MESSAGES.COUNTRY_REQUIRED })
    .trim()
    .min(1, ORDER_MESSAGES.COUNTRY_REQUIRED)
    .transform((value) => value.toUpperCase())
    .refine(isCountryCode, ORDER_MESSAGES.COUNTRY_INVALID),
  lines: productLinesField,
  /** The cart's dishes (sent inside `lines`; see `splitCartLines`). */
  dishes: dishLinesField,
});
export type ShippingQuoteRequest = z.input<typeof shippingQuoteRequestSchema>;

export const shippingMethodSchema = z.object({
  /** "delivery:<zoneId>" or "pickup:<locationIndex>" (index in settings.locations). */
  id: z.string(),
  kind: z.enum(SHIPPING_KINDS),
  name: z.string(),
  name_ar: z.string(),
  /** Dollars, two decimals; 0 for pickup. */
  fee: z.number(),
  /**
   * The days the order may be ready on with room for the quoted lines, YYYY-MM-DD (Asia/Damascus):
   * delivery and pickup days in Syria, the dispatch day abroad (empty when no day has room).
   */
  days: z
    .array(
      z.object({
        date: z.string(),
        /**
         * The time slots of this day that still take an order, in the order of the day
         * (`available`: orders left, null = no limit); absent when the method has no slots. A cart with a dish
         * gets the kitchen's slots ("k-19:00"), full or closed ones with 0.
         */
        slots: z
          .array(
            z.object({
              id: z.string(),
              label: z.string(),
              label_ar: z.string(),
              available: z.number().int().nullable(),
            }),
          )
          .optional(),
      }),
    )
    .optional(),
});
export type ShippingMethod = z.infer<typeof shippingMethodSchema>;

export const shippingQuoteSchema = z.discriminatedUnion("ok", [
  z.object({ ok: z.literal(true), methods: z.array(shippingMethodSchema) }),
  z.object({
    ok: z.literal(false),
    reason: z.enum(["no_shipping", "weight_limit", "dishes_abroad"]),
    message: z.string(),
    message_ar: z.string(),
    max_grams: z.number().int().optional(),
    /** `dishes_abroad`: the places in `lines` of the dishes that cannot travel. */
    lines: z.array(z.number().int()).optional(),
  }),
]);
export type ShippingQuote = z.infer<typeof shippingQuoteSchema>;
export const shippingQuoteResponseSchema = z.object({ data: shippingQuoteSchema });

export const trackingNumberField = text({ message: SHIPPING_MESSAGES.TRACKING_NUMBER })
  .trim()
  .min(1, SHIPPING_MESSAGES.TRACKING_NUMBER)
  .max(100, SHIPPING_MESSAGES.TRACKING_NUMBER)
  .regex(/^[A-Za-z0-9 _\-/.]+$/, SHIPPING_MESSAGES.TRACKING_NUMBER);
