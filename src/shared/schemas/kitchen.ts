import { z } from "zod";
import {
  DEFAULT_KITCHEN_FILTER,
  KITCHEN_FILTERS,
  KITCHEN_MESSAGES,
  normaliseWeekdays,
  type Weekday,
} from "../domain/kitchen.ts";
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
  sold_out: z.boolean(),
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
  created_at: z.string(),
  updated_at: z.string(),
});
export type AdminDish = z.infer<typeof adminDishSchema>;

export const adminDishListQuerySchema = z.object({
  search: z.string().max(100, "The search must not be longer than 100 characters.").optional(),
});

export const adminDishListResponseSchema = z.object({ data: z.array(adminDishSchema) });
export const adminDishResponseSchema = z.object({ data: adminDishSchema });
