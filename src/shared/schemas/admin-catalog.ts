import { z } from "zod";
import { LOW_STOCK_MESSAGES, MAX_LOW_STOCK_KG } from "../domain/low-stock.ts";
import { COUPON_SCOPES } from "../domain/pricing.ts";
import { CAPACITY_MESSAGES, MAX_CAPACITY_GRAMS } from "../domain/ready-days.ts";
import { MESSAGES } from "../domain/validation-messages.ts";
import { boxDtoSchema, boxInputSchema } from "./boxes.ts";
import { responsiveImageSchema } from "./catalog.ts";
import { foodDtoSchema, foodInputSchema } from "./food.ts";

// Admin catalogue: one schema per form, used by the dialog and by the route, so a
// field's rule and its message exist once. Form values arrive as strings (inputs, multipart)
// or numbers (JSON); both parse the same.

export const WEIGHT_UNITS = ["g", "kg", "lb", "oz"] as const;
export type WeightUnit = (typeof WEIGHT_UNITS)[number];

/** Grams in one unit (a product's weight + weight_unit become a weight option in grams). */
export const GRAMS_PER_UNIT: Record<WeightUnit, number> = {
  g: 1,
  kg: 1000,
  lb: 453.59237,
  oz: 28.349523125,
};

export function toGrams(weight: number, unit: WeightUnit): number {
  return Math.round(weight * GRAMS_PER_UNIT[unit]);
}

export const ADMIN_MESSAGES = {
  PRICE_NUMBER: "The price must be a number.",
  PRICE_MIN: "The price must be at least 0.",
  PRICE_MAX: "The price must not be more than 1,000,000.",
  DISCOUNT_NUMBER: "The discount price must be a number.",
  WEIGHT: "The weight must be a number greater than 0.",
  WEIGHT_UNIT: "The weight unit must be one of g, kg, lb, oz.",
  STOCK: "The stock must be a number of kg, at least 0 (leave it empty when not tracked).",
  OPTION_GRAMS: "Each weight option needs a whole number of grams greater than 0.",
  OPTION_PRICE: "An option's price must be a number, at least 0.",
  OPTIONS_UNIQUE: "Each weight can appear only once.",
  OPTIONS_MAX: "A product can have at most 20 weight options.",
  SKU: "The SKU may contain only letters, digits, dots, dashes and underscores (at most 64).",
  SKU_TAKEN: "This SKU is already used by another product.",
  CATEGORY_UNKNOWN: "The selected category does not exist.",
  CODE_REQUIRED: "Code is required",
  CODE_FORMAT: "The code may contain only letters, digits, dashes and underscores (at most 40).",
  CODE_TAKEN: "This code is already used by another coupon.",
  EXPIRE_AT: "The expiry date must be a valid date (YYYY-MM-DD).",
  MAX_USES_BELOW_USES: "Max uses cannot be lower than the uses so far.",
  COUPON_APPLIES_TO: "Choose what the coupon takes off: all, sweets or dishes.",
  TOO_LONG: "This text is too long.",
} as const;

const isBlank = (v: unknown) =>
  v === undefined || v === null || (typeof v === "string" && v.trim() === "");

/** A number from an input or JSON: blank = undefined, "abc" = NaN (refused by z.number). */
const toNumber = (v: unknown) =>
  isBlank(v) ? undefined : typeof v === "string" ? Number(v.trim().replace(",", ".")) : v;

/** undefined when blank, so `.optional()` / `.nullable()` decide what blank means. */
const blankToNull = (v: unknown) => (isBlank(v) ? null : toNumber(v));

/** "true", "1", "on", true -> true; "false", "0", "off", false -> false. */
const toBoolean = (v: unknown) => {
  if (typeof v === "boolean") return v;
  if (typeof v === "string") {
    const s = v.trim().toLowerCase();
    if (["true", "1", "on", "yes"].includes(s)) return true;
    if (["false", "0", "off", "no", ""].includes(s)) return false;
  }
  return v;
};

/** Multipart carries lists as JSON text; a form sends them as arrays. */
const fromJson = (v: unknown) => {
  if (typeof v !== "string") return v;
  if (v.trim() === "") return undefined;
  try {
    return JSON.parse(v);
  } catch {
    return v;
  }
};

const text = (max: number) => z.string().trim().max(max, ADMIN_MESSAGES.TOO_LONG);
const optionalText = (max: number) =>
  z.preprocess((v) => (v === null || v === undefined ? "" : v), text(max));

const money = (required: string, notNumber: string) =>
  z.preprocess(
    toNumber,
    z
      .number({ error: (issue) => (issue.input === undefined ? required : notNumber) })
      .min(0, ADMIN_MESSAGES.PRICE_MIN)
      .max(1_000_000, ADMIN_MESSAGES.PRICE_MAX),
  );

// ---------------------------------------------------------------------------------------
// Categories

const categoryTexts = {
  name: z
    .string({ message: MESSAGES.NAME_REQUIRED })
    .trim()
    .min(1, MESSAGES.NAME_REQUIRED)
    .max(120, ADMIN_MESSAGES.TOO_LONG),
  name_ar: optionalText(120),
  description: optionalText(2000),
  description_ar: optionalText(2000),
};

/**
 * What the kitchen can make of a category a day, in whole grams (maamoul moulds are few);
 * null = no cap of its own. Left out of an update, it keeps its value (older clients).
 */
const dailyCapGrams = z
  .number({ message: CAPACITY_MESSAGES.CATEGORY_CAP })
  .int(CAPACITY_MESSAGES.CATEGORY_CAP)
  .min(0, CAPACITY_MESSAGES.CATEGORY_CAP)
  .max(MAX_CAPACITY_GRAMS, CAPACITY_MESSAGES.CATEGORY_CAP)
  .nullable();

export const categoryInputSchema = z.object({
  ...categoryTexts,
  daily_cap_grams: dailyCapGrams.optional(),
});
export type CategoryValues = z.output<typeof categoryInputSchema>;

/**
 * The category form: the cap typed in kg (up to 3 decimals, so whole grams), empty for none;
 * `categoryFormValues` turns it into the API's `daily_cap_grams`.
 */
export const categoryFormSchema = z.object({
  ...categoryTexts,
  daily_cap_kg: z
    .string()
    .trim()
    .refine(
      (v) => v === "" || (/^\d+(\.\d{1,3})?$/.test(v) && Number(v) * 1000 <= MAX_CAPACITY_GRAMS),
      CAPACITY_MESSAGES.CATEGORY_CAP,
    ),
});
export type CategoryFormValues = z.output<typeof categoryFormSchema>;

/** The form's values as the API takes them: kg to whole grams, empty to no cap. */
export function categoryFormValues({ daily_cap_kg, ...texts }: CategoryFormValues): CategoryValues {
  return {
    ...texts,
    daily_cap_grams: daily_cap_kg === "" ? null : Math.round(Number(daily_cap_kg) * 1000),
  };
}
export type CategoryInput = z.input<typeof categoryFormSchema>;

export const adminCategorySchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  name_ar: z.string(),
  description: z.string(),
  description_ar: z.string(),
  image_url: z.string().nullable(),
  /** The category's own daily cap in grams; null = none (the day's capacity alone). */
  daily_cap_grams: z.number().int().nullable(),
  /** Products in it (archived ones not counted). */
  products_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type AdminCategory = z.infer<typeof adminCategorySchema>;

// ---------------------------------------------------------------------------------------
// Products

export const weightOptionInputSchema = z.object({
  grams: z.preprocess(
    toNumber,
    z
      .number({ message: ADMIN_MESSAGES.OPTION_GRAMS })
      .int(ADMIN_MESSAGES.OPTION_GRAMS)
      .positive(ADMIN_MESSAGES.OPTION_GRAMS)
      .max(100_000, ADMIN_MESSAGES.OPTION_GRAMS),
  ),
  /** Dollars; empty = weight x price per kg. */
  price: z.preprocess(
    blankToNull,
    z
      .number({ message: ADMIN_MESSAGES.OPTION_PRICE })
      .min(0, ADMIN_MESSAGES.OPTION_PRICE)
      .max(1_000_000, ADMIN_MESSAGES.OPTION_PRICE)
      .nullable(),
  ),
});
export type WeightOptionInput = z.input<typeof weightOptionInputSchema>;

export const productInputSchema = z
  .object({
    name: z
      .string({ message: MESSAGES.NAME_REQUIRED })
      .trim()
      .min(1, MESSAGES.NAME_REQUIRED)
      .max(200, ADMIN_MESSAGES.TOO_LONG),
    name_ar: optionalText(200),
    description: optionalText(5000),
    description_ar: optionalText(5000),
    /** Per kg, dollars. */
    price: money(MESSAGES.REGULAR_PRICE_REQUIRED, ADMIN_MESSAGES.PRICE_NUMBER),
    /** Per kg, dollars; empty or 0 = no discount. */
    discount_price: z.preprocess(
      blankToNull,
      z
        .number({ message: ADMIN_MESSAGES.DISCOUNT_NUMBER })
        .min(0, ADMIN_MESSAGES.PRICE_MIN)
        .max(1_000_000, ADMIN_MESSAGES.PRICE_MAX)
        .nullable(),
    ),
    category_id: z.preprocess(
      toNumber,
      z
        .number({ message: MESSAGES.CATEGORY_REQUIRED })
        .int(MESSAGES.CATEGORY_REQUIRED)
        .positive(MESSAGES.CATEGORY_REQUIRED)
        .max(Number.MAX_SAFE_INTEGER, MESSAGES.CATEGORY_REQUIRED),
    ),
    /** The single weight + unit fields: the default (first) weight option. */
    weight: z.preprocess(
      blankToNull,
      z
        .number({ message: ADMIN_MESSAGES.WEIGHT })
        .positive(ADMIN_MESSAGES.WEIGHT)
        .max(100_000, ADMIN_MESSAGES.WEIGHT)
        .nullable(),
    ),
    weight_unit: z.preprocess(
      (v) => (isBlank(v) ? "kg" : typeof v === "string" ? v.trim().toLowerCase() : v),
      z.enum(WEIGHT_UNITS, { message: ADMIN_MESSAGES.WEIGHT_UNIT }),
    ),
    /** Empty = generated. */
    sku: z.preprocess(
      (v) => (isBlank(v) ? undefined : v),
      z
        .string()
        .trim()
        .regex(/^[A-Za-z0-9._-]{1,64}$/, ADMIN_MESSAGES.SKU)
        .optional(),
    ),
    /** Stock in kg; empty = not tracked. */
    stock_kg: z.preprocess(
      blankToNull,
      z
        .number({ message: ADMIN_MESSAGES.STOCK })
        .min(0, ADMIN_MESSAGES.STOCK)
        .max(1_000_000, ADMIN_MESSAGES.STOCK)
        .nullable(),
    ),
    /**
     * The low-stock threshold in kg; empty = the shop's default, left out = kept
     * (a new product: the shop's default).
     */
    low_stock_kg: z.preprocess(
      (v) => (v === undefined ? undefined : blankToNull(v)),
      z
        .number({ message: LOW_STOCK_MESSAGES.THRESHOLD })
        .min(0, LOW_STOCK_MESSAGES.THRESHOLD)
        .max(MAX_LOW_STOCK_KG, LOW_STOCK_MESSAGES.THRESHOLD)
        .nullable()
        .optional(),
    ),
    active: z.preprocess(
      (v) => (v === undefined ? true : toBoolean(v)),
      z.boolean({ message: "Active must be true or false." }),
    ),
    /** The whole option list (grams, optional price); absent = keep / derive from weight. */
    weight_options: z.preprocess(
      fromJson,
      z
        .array(weightOptionInputSchema, { message: ADMIN_MESSAGES.OPTION_GRAMS })
        .max(20, ADMIN_MESSAGES.OPTIONS_MAX)
        .refine(
          (list) => new Set(list.map((o) => o.grams)).size === list.length,
          ADMIN_MESSAGES.OPTIONS_UNIQUE,
        )
        .optional(),
    ),
    /** An existing image URL (kept) or an https URL to show as is. */
    image_url: z.preprocess(
      (v) => (isBlank(v) ? undefined : v),
      z.string().trim().max(2000, ADMIN_MESSAGES.TOO_LONG).optional(),
    ),
    /**
     * The images after the save, in order (the first is the main one): ids of kept images and
     * "new:<n>" for the n-th uploaded file. Absent = keep the images, add the uploads after.
     */
    image_order: z.preprocess(
      fromJson,
      z
        .array(z.union([z.number().int().positive(), z.string().regex(/^(new:)?\d{1,15}$/)]), {
          message: "The image order is not valid.",
        })
        .max(20, "A product can have at most 20 images.")
        .optional(),
    ),
    /** Food information; null or nothing filled in = none, left out = kept. */
    food: foodInputSchema.optional(),
    /** A mixed box by weight; null = not a box, left out = kept. */
    box: boxInputSchema.optional(),
  })
  .refine((v) => v.discount_price === null || v.discount_price <= v.price, {
    path: ["discount_price"],
    message: MESSAGES.DISCOUNT_ABOVE_PRICE,
    // Checked even when another field (the name, the category) is wrong, as long as both
    // prices themselves are valid: the form then shows every problem at once.
    when: (payload) => {
      const v = payload.value as { price?: unknown; discount_price?: unknown };
      return Number.isFinite(v.price) && Number.isFinite(v.discount_price);
    },
  });
export type ProductInput = z.input<typeof productInputSchema>;
export type ProductValues = z.output<typeof productInputSchema>;

export const PRODUCT_STATUSES = ["all", "active", "hidden"] as const;
/** `low`: tracked and at or below its low-stock threshold (own or the shop's). */
export const STOCK_STATES = ["all", "in_stock", "out_of_stock", "low", "untracked"] as const;
export const ADMIN_PRODUCT_SORTS = [
  "newest",
  "oldest",
  "name",
  "price_asc",
  "price_desc",
  "stock_asc",
] as const;
export type AdminProductSort = (typeof ADMIN_PRODUCT_SORTS)[number];

const pageFields = {
  page: z.coerce
    .number({ message: "The page must be a whole number of at least 1." })
    .int("The page must be a whole number of at least 1.")
    .min(1, "The page must be a whole number of at least 1.")
    .max(1_000_000, "The page must be a whole number of at least 1.")
    .default(1),
  per_page: z.coerce
    .number({ message: "The per page must be a whole number between 1 and 100." })
    .int("The per page must be a whole number between 1 and 100.")
    .min(1, "The per page must be a whole number between 1 and 100.")
    .max(100, "The per page must be a whole number between 1 and 100.")
    .default(20),
  search: z.string().max(100, "The search must not be longer than 100 characters.").optional(),
};

export const adminListQuerySchema = z.object(pageFields);
export type AdminListQuery = z.output<typeof adminListQuerySchema>;

export const adminProductQuerySchema = z.object({
  ...pageFields,
  category: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
  status: z.enum(PRODUCT_STATUSES).default("all"),
  stock: z.enum(STOCK_STATES).default("all"),
  sort: z.enum(ADMIN_PRODUCT_SORTS).optional(),
});
export type AdminProductQuery = z.output<typeof adminProductQuerySchema>;

export const adminProductImageSchema = z.object({
  id: z.number().int(),
  url: z.string(),
  image: responsiveImageSchema.nullable(),
  position: z.number().int(),
});
export type AdminProductImage = z.infer<typeof adminProductImageSchema>;

export const adminWeightOptionSchema = z.object({
  grams: z.number().int(),
  label: z.string(),
  label_ar: z.string(),
  /** The admin's override, dollars; null = computed. */
  price: z.number().nullable(),
  /** What the option costs before / after the product's discount, dollars. */
  regular_price: z.number(),
  effective_price: z.number(),
});
export type AdminWeightOption = z.infer<typeof adminWeightOptionSchema>;

export const adminProductSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  name_ar: z.string(),
  description: z.string(),
  description_ar: z.string(),
  price: z.number(),
  discount_price: z.number().nullable(),
  category_id: z.number().int().nullable(),
  category: z.object({ id: z.number().int(), name: z.string(), name_ar: z.string() }).nullable(),
  weight: z.number().nullable(),
  weight_unit: z.enum(WEIGHT_UNITS),
  sku: z.string(),
  stock_kg: z.number().nullable(),
  /** The product's own low-stock threshold in kg; null = the shop's default. */
  low_stock_kg: z.number().nullable(),
  in_stock: z.boolean(),
  active: z.boolean(),
  image_url: z.string().nullable(),
  image: responsiveImageSchema.nullable(),
  images: z.array(adminProductImageSchema),
  weight_options: z.array(adminWeightOptionSchema),
  /** True once it is on an order: deleting it then archives it. */
  sold: z.boolean(),
  /** Food information; null when none is given. */
  food: foodDtoSchema.nullable(),
  /** A mixed box by weight (sizes, step, allowed sweets); null for an ordinary product. */
  box: boxDtoSchema.nullable(),
  /** Addresses waiting for a "back in stock" e-mail. */
  restock_waiting: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type AdminProduct = z.infer<typeof adminProductSchema>;

// ---------------------------------------------------------------------------------------
// Coupons

export const couponInputSchema = z.object({
  code: z
    .string({ message: ADMIN_MESSAGES.CODE_REQUIRED })
    .trim()
    .min(1, ADMIN_MESSAGES.CODE_REQUIRED)
    .regex(/^[A-Za-z0-9_-]{0,40}$/, ADMIN_MESSAGES.CODE_FORMAT),
  discount_percent: z.preprocess(
    toNumber,
    z
      .number({ message: MESSAGES.COUPON_PERCENT })
      .int(MESSAGES.COUPON_PERCENT)
      .min(1, MESSAGES.COUPON_PERCENT)
      .max(100, MESSAGES.COUPON_PERCENT),
  ),
  /** Empty = unlimited. */
  max_uses: z.preprocess(
    blankToNull,
    z
      .number({ message: MESSAGES.COUPON_MAX_USES })
      .int(MESSAGES.COUPON_MAX_USES)
      .min(1, MESSAGES.COUPON_MAX_USES)
      .max(1_000_000_000, MESSAGES.COUPON_MAX_USES)
      .nullable(),
  ),
  /** Last valid day (YYYY-MM-DD, Asia/Damascus); empty = never expires. */
  expire_at: z.preprocess(
    (v) => (isBlank(v) ? null : typeof v === "string" ? v.trim().slice(0, 10) : v),
    z
      .string({ message: ADMIN_MESSAGES.EXPIRE_AT })
      .refine((s) => {
        if (!/^\d{4}-\d{2}-\d{2}$/.test(s)) return false;
        const d = new Date(`${s}T00:00:00Z`);
        return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
      }, ADMIN_MESSAGES.EXPIRE_AT)
      .nullable(),
  ),
  /**
   * What the percent is taken from: the whole cart (sweets and kitchen dishes), only its
   * sweets, or only its dishes. Absent: a new coupon takes the whole cart, as every coupon
   * did before; an edit keeps what the coupon had.
   */
  applies_to: z.enum(COUPON_SCOPES, { message: ADMIN_MESSAGES.COUPON_APPLIES_TO }).optional(),
});
export type CouponInput = z.input<typeof couponInputSchema>;
export type CouponValues = z.output<typeof couponInputSchema>;

export const adminCouponSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  discount_percent: z.number().int(),
  max_uses: z.number().int().nullable(),
  expire_at: z.string().nullable(),
  /** "all" (the whole cart), "sweets" or "dishes". */
  applies_to: z.enum(COUPON_SCOPES),
  /** Orders placed with it so far. */
  uses: z.number().int(),
  /** expire_at before today in Asia/Damascus. */
  expired: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type AdminCoupon = z.infer<typeof adminCouponSchema>;

export const pageMetaSchema = z.object({
  page: z.number().int(),
  per_page: z.number().int(),
  total: z.number().int(),
  last_page: z.number().int(),
});
