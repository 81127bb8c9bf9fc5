import { z } from "zod";
import {
  DEFAULT_KITCHEN_FILTER,
  KITCHEN_FILTERS,
  KITCHEN_MESSAGES,
  normaliseWeekdays,
  type Weekday,
} from "../domain/kitchen.ts";
import { isClockTime, PORTIONS_PER_DAY_MAX } from "../domain/kitchen-slots.ts";
import { responsiveImageSchema } from "./catalog.ts";

// Kitchen API contract: the public menu `GET /api/kitchen?filter=` and the admin
// dish calls `GET/POST /api/admin/kitchen`, `GET/PUT/DELETE /api/admin/kitchen/{id}`.
// Money is dollars with two decimals in these bodies; cents in the database and domain.

export { KITCHEN_MESSAGES };

export const MAX_DISH_TITLE = 120;
export const MAX_DISH_DESCRIPTION = 2000;
/** Dollars; a dish is a meal, not a wholesale order. */
export const MAX_DISH_PRICE = 100_000;

export const kitchenQuerySchema = z.object({
  filter: z
    .enum(KITCHEN_FILTERS, { message: KITCHEN_MESSAGES.FILTER })
    .default(DEFAULT_KITCHEN_FILTER),
});
export type KitchenQueryInput = z.input<typeof kitchenQuerySchema>;

/** One dish on the public menu. */
export const kitchenDishSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  title_ar: z.string(),
  description: z.string(),
  description_ar: z.string(),
  /** Dollars; null when the kitchen shows no price. */
  price: z.number().nullable(),
  /** Image (URL): "/storage/..." for uploads, or an absolute address. */
  image: z.string().nullable(),
  /** The same picture at several widths when it came through the upload pipeline. */
  image_set: responsiveImageSchema.nullable(),
  /** The manual switch, or the day's portions are all sold. */
  sold_out: z.boolean(),
  /** Whether the cart takes it for its first date (today or tomorrow, priced, not sold out). */
  orderable: z.boolean(),
  /** Portions still to sell on its first date; null = no daily limit. */
  portions_left: z.number().int().nullable(),
  /** The business dates (YYYY-MM-DD, Asia/Damascus) this dish is served on in the filter. */
  dates: z.array(z.string()),
});
export type KitchenDish = z.infer<typeof kitchenDishSchema>;

export const kitchenMenuResponseSchema = z.object({
  data: z.array(kitchenDishSchema),
  meta: z.object({
    filter: z.enum(KITCHEN_FILTERS),
    /** Today in Asia/Damascus, so a page can name the days relative to the server's clock. */
    today: z.string(),
    /** Every date the filter covers, in order (seven for nextWeek). */
    dates: z.array(z.string()),
  }),
});
export type KitchenMenuResponse = z.infer<typeof kitchenMenuResponseSchema>;

// ---------------------------------------------------------------------------------------
// Admin

/** A form's or multipart's text: "" and whitespace mean "no value". */
const blankToUndefined = (v: unknown) =>
  v === null || (typeof v === "string" && v.trim() === "") ? undefined : v;

const booleanField = z.preprocess(
  (v) => {
    if (v === "true" || v === "1" || v === "on" || v === 1) return true;
    if (v === "false" || v === "0" || v === "off" || v === 0) return false;
    return v;
  },
  z.boolean({ message: KITCHEN_MESSAGES.BOOLEAN }),
);

const weekdaysField = z.preprocess(
  (v) => {
    // Multipart and forms send "1,3,5" or repeated fields; JSON sends an array.
    if (typeof v === "string") return v.trim() === "" ? [] : v.split(",").map((s) => s.trim());
    return v;
  },
  z
    .array(
      z.preprocess(
        (d) => (typeof d === "string" && /^\d$/.test(d) ? Number(d) : d),
        z
          .number({ message: KITCHEN_MESSAGES.WEEKDAYS })
          .int(KITCHEN_MESSAGES.WEEKDAYS)
          .min(0, KITCHEN_MESSAGES.WEEKDAYS)
          .max(6, KITCHEN_MESSAGES.WEEKDAYS),
      ),
      { message: KITCHEN_MESSAGES.WEEKDAYS },
    )
    .max(7, KITCHEN_MESSAGES.WEEKDAYS)
    .transform((days) => normaliseWeekdays(days) as Weekday[]),
);

const priceField = z.preprocess((v) => {
  if (v === undefined) return undefined;
  const blank = blankToUndefined(v);
  if (blank === undefined) return null;
  return typeof blank === "string" && /^\s*\d+(\.\d+)?\s*$/.test(blank) ? Number(blank) : blank;
}, z
  .number({ message: KITCHEN_MESSAGES.PRICE_NUMBER })
  .min(0, KITCHEN_MESSAGES.PRICE_NUMBER)
  .max(MAX_DISH_PRICE, KITCHEN_MESSAGES.PRICE_NUMBER)
  .nullable());

/** Portions cooked a day: a whole number from 1; blank or null = no limit. */
const portionsPerDayField = z.preprocess((v) => {
  if (v === undefined) return undefined;
  const blank = blankToUndefined(v);
  if (blank === undefined) return null;
  return typeof blank === "string" && /^\s*\d+\s*$/.test(blank) ? Number(blank) : blank;
}, z
  .number({ message: KITCHEN_MESSAGES.PORTIONS_PER_DAY })
  .int(KITCHEN_MESSAGES.PORTIONS_PER_DAY)
  .min(1, KITCHEN_MESSAGES.PORTIONS_PER_DAY)
  .max(PORTIONS_PER_DAY_MAX, KITCHEN_MESSAGES.PORTIONS_PER_DAY)
  .nullable());

/** An image address: an absolute http(s) URL or a path the upload pipeline wrote. */
const imageField = z.preprocess(
  (v) => (v !== undefined && blankToUndefined(v) === undefined ? null : v),
  z
    .string({ message: KITCHEN_MESSAGES.IMAGE_URL })
    .trim()
    .max(2000, KITCHEN_MESSAGES.IMAGE_URL)
    .refine(
      (s) => /^https?:\/\/[^\s]+$/i.test(s) || /^\/storage\/[a-z0-9][a-z0-9/._-]*$/i.test(s),
      KITCHEN_MESSAGES.IMAGE_URL,
    )
    .refine((s) => !s.includes(".."), KITCHEN_MESSAGES.IMAGE_URL)
    .nullable(),
);

const text = (max: number, message: string) =>
  z.preprocess((v) => (v === null ? "" : v), z.string().trim().max(max, message));

/** The dish's fields, each as the form and the API accept it (no defaults). */
const dishFields = {
  title: z
    .string({ message: KITCHEN_MESSAGES.TITLE_REQUIRED })
    .trim()
    .min(1, KITCHEN_MESSAGES.TITLE_REQUIRED)
    .max(MAX_DISH_TITLE, KITCHEN_MESSAGES.TITLE_TOO_LONG),
  title_ar: text(MAX_DISH_TITLE, KITCHEN_MESSAGES.TITLE_TOO_LONG),
  description: text(MAX_DISH_DESCRIPTION, KITCHEN_MESSAGES.DESCRIPTION_TOO_LONG),
  description_ar: text(MAX_DISH_DESCRIPTION, KITCHEN_MESSAGES.DESCRIPTION_TOO_LONG),
  price: priceField,
  image: imageField,
  weekdays: weekdaysField,
  active: booleanField,
  sold_out_today: booleanField,
  portions_per_day: portionsPerDayField,
};

/**
 * The dish form and `POST /api/admin/kitchen`. The basic payload (title, price, image,
 * description) is enough on its own: such a dish is active and cooked every day.
 */
export const dishInputSchema = z.object({
  ...dishFields,
  title_ar: dishFields.title_ar.default(""),
  description: dishFields.description.default(""),
  description_ar: dishFields.description_ar.default(""),
  price: dishFields.price.default(null),
  image: dishFields.image.default(null),
  weekdays: dishFields.weekdays.default([]),
  active: dishFields.active.default(true),
  sold_out_today: dishFields.sold_out_today.default(false),
  portions_per_day: dishFields.portions_per_day.default(null),
});
export type DishInput = z.input<typeof dishInputSchema>;
export type DishValues = z.output<typeof dishInputSchema>;

/** `PUT /api/admin/kitchen/{id}`: only the fields sent change (a client may send them all). */
export const dishUpdateSchema = z.object(dishFields).partial();
export type DishUpdate = z.output<typeof dishUpdateSchema>;

/** A dish as the back office sees it. */
export const adminDishSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  title_ar: z.string(),
  description: z.string(),
  description_ar: z.string(),
  price: z.number().nullable(),
  image: z.string().nullable(),
  image_set: responsiveImageSchema.nullable(),
  weekdays: z.array(z.number().int()),
  active: z.boolean(),
  /** True while the switch is on for today (Asia/Damascus); false again after midnight. */
  sold_out_today: z.boolean(),
  /** Portions cooked a day; null = no limit. */
  portions_per_day: z.number().int().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type AdminDish = z.infer<typeof adminDishSchema>;

export const adminDishListQuerySchema = z.object({
  search: z.string().max(100, "The search must not be longer than 100 characters.").optional(),
});

export const adminDishListResponseSchema = z.object({ data: z.array(adminDishSchema) });
export const adminDishResponseSchema = z.object({ data: adminDishSchema });

// ---------------------------------------------------------------------------------------
// Delivery of dishes: `GET/PUT /api/admin/kitchen/delivery`

export const KITCHEN_DELIVERY_MESSAGES = {
  AREA_NAME: "Each area needs a name (up to 120 characters).",
  AREA_FEE: "The fee must be a number from 0 to 1000.",
  AREAS_MAX: "At most 100 areas.",
  AREAS_UNIQUE: "Two areas have the same name.",
  TIME: "Times are written HH:MM (00:00 to 23:59).",
  EVERY: "Slots are 10 to 240 minutes long.",
  MAX_ORDERS: "Orders per slot must be a whole number from 1 to 1000.",
  LEAD: "The lead time must be a whole number of minutes from 0 to 1440.",
  NO_SLOT: "No slot fits between these times.",
  PICKUP: "Choose one of the shop's locations for pickup, or none.",
} as const;

const timeField = z
  .string({ message: KITCHEN_DELIVERY_MESSAGES.TIME })
  .trim()
  .refine(isClockTime, KITCHEN_DELIVERY_MESSAGES.TIME);

export const kitchenAreaSchema = z.object({
  name: z
    .string({ message: KITCHEN_DELIVERY_MESSAGES.AREA_NAME })
    .trim()
    .min(1, KITCHEN_DELIVERY_MESSAGES.AREA_NAME)
    .max(120, KITCHEN_DELIVERY_MESSAGES.AREA_NAME),
  name_ar: z
    .string({ message: KITCHEN_DELIVERY_MESSAGES.AREA_NAME })
    .trim()
    .min(1, KITCHEN_DELIVERY_MESSAGES.AREA_NAME)
    .max(120, KITCHEN_DELIVERY_MESSAGES.AREA_NAME),
  fee: z
    .number({ message: KITCHEN_DELIVERY_MESSAGES.AREA_FEE })
    .min(0, KITCHEN_DELIVERY_MESSAGES.AREA_FEE)
    .max(1000, KITCHEN_DELIVERY_MESSAGES.AREA_FEE)
    .refine((v) => Number.isInteger(Math.round(v * 100)), KITCHEN_DELIVERY_MESSAGES.AREA_FEE),
});

export const kitchenDeliverySchema = z
  .object({
    areas: z
      .array(kitchenAreaSchema, { message: KITCHEN_DELIVERY_MESSAGES.AREA_NAME })
      .max(100, KITCHEN_DELIVERY_MESSAGES.AREAS_MAX),
    slots: z.object({
      from: timeField,
      to: timeField,
      every_minutes: z
        .number({ message: KITCHEN_DELIVERY_MESSAGES.EVERY })
        .int(KITCHEN_DELIVERY_MESSAGES.EVERY)
        .min(10, KITCHEN_DELIVERY_MESSAGES.EVERY)
        .max(240, KITCHEN_DELIVERY_MESSAGES.EVERY),
      max_orders: z
        .number({ message: KITCHEN_DELIVERY_MESSAGES.MAX_ORDERS })
        .int(KITCHEN_DELIVERY_MESSAGES.MAX_ORDERS)
        .min(1, KITCHEN_DELIVERY_MESSAGES.MAX_ORDERS)
        .max(1000, KITCHEN_DELIVERY_MESSAGES.MAX_ORDERS),
      lead_minutes: z
        .number({ message: KITCHEN_DELIVERY_MESSAGES.LEAD })
        .int(KITCHEN_DELIVERY_MESSAGES.LEAD)
        .min(0, KITCHEN_DELIVERY_MESSAGES.LEAD)
        .max(1440, KITCHEN_DELIVERY_MESSAGES.LEAD),
    }),
    /** The shop location (index in the settings) where dishes are picked up; null = none. */
    pickup_location: z
      .number({ message: KITCHEN_DELIVERY_MESSAGES.PICKUP })
      .int(KITCHEN_DELIVERY_MESSAGES.PICKUP)
      .min(0, KITCHEN_DELIVERY_MESSAGES.PICKUP)
      .max(9, KITCHEN_DELIVERY_MESSAGES.PICKUP)
      .nullable()
      .default(null),
    /** The standing cart discount also applies to dishes (by default: sweets only). */
    dish_discount: z.boolean({ message: KITCHEN_MESSAGES.BOOLEAN }).default(false),
    /** Bank transfer is offered for a dish cooked the same day (by default it is not). */
    bank_transfer_same_day: z.boolean({ message: KITCHEN_MESSAGES.BOOLEAN }).default(false),
  })
  .superRefine((value, ctx) => {
    const seen = new Set<string>();
    value.areas.forEach((area, index) => {
      const key = area.name.toLowerCase();
      if (seen.has(key))
        ctx.addIssue({
          code: "custom",
          path: ["areas", index, "name"],
          message: KITCHEN_DELIVERY_MESSAGES.AREAS_UNIQUE,
        });
      seen.add(key);
    });
  });
export type KitchenDeliveryValues = z.output<typeof kitchenDeliverySchema>;
export const kitchenDeliveryResponseSchema = z.object({ data: kitchenDeliverySchema });
