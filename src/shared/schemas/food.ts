import { z } from "zod";
import { isCountryCode } from "../domain/countries.ts";
import {
  ALLERGENS,
  type Allergen,
  FOOD_MESSAGES,
  type FoodInfo,
  GRAM_NUTRIENTS,
  isAllergen,
  isEmptyFood,
  MAX_ENERGY_KCAL,
  MAX_ENERGY_KJ,
  MAX_INGREDIENTS_LENGTH,
  MAX_SHELF_LIFE_DAYS,
  MAX_STORAGE_LENGTH,
  normaliseHsCode,
  sortAllergens,
} from "../domain/food.ts";
import { text } from "./fields.ts";

// Food information: one schema for the product form and the server, one for the DTO.

export const nutritionDtoSchema = z.object({
  energy_kj: z.number(),
  energy_kcal: z.number(),
  fat: z.number(),
  saturates: z.number(),
  carbohydrate: z.number(),
  sugars: z.number(),
  protein: z.number(),
  salt: z.number(),
});

export const foodDtoSchema = z.object({
  ingredients: z.string(),
  ingredients_ar: z.string(),
  allergens: z.array(z.enum(ALLERGENS)),
  traces: z.array(z.enum(ALLERGENS)),
  shelf_life_days: z.number().int().nullable(),
  storage: z.string(),
  storage_ar: z.string(),
  nutrition: nutritionDtoSchema.nullable(),
  origin: z.string(),
  hs_code: z.string(),
});
export type FoodDto = z.infer<typeof foodDtoSchema>;

const isBlank = (v: unknown) =>
  v === undefined || v === null || (typeof v === "string" && v.trim() === "");
const toNumber = (v: unknown) =>
  isBlank(v) ? undefined : typeof v === "string" ? Number(v.trim().replace(",", ".")) : v;

const foodText = (max: number) =>
  z.preprocess(
    (v) => (v === null || v === undefined ? "" : v),
    text().trim().max(max, FOOD_MESSAGES.TOO_LONG),
  );

/** A list of codes: an array, or "nuts|milk" / "nuts, milk" as a CSV cell or a form gives it. */
const allergenList = z.preprocess(
  (v) =>
    typeof v === "string"
      ? v
          .split(/[|,]/)
          .map((s) => s.trim().toLowerCase())
          .filter(Boolean)
      : v === null || v === undefined
        ? []
        : v,
  z
    .array(z.string(), { message: FOOD_MESSAGES.ALLERGEN_UNKNOWN })
    .max(ALLERGENS.length * 2, FOOD_MESSAGES.ALLERGEN_UNKNOWN)
    .refine((list) => list.every(isAllergen), FOOD_MESSAGES.ALLERGEN_UNKNOWN)
    .transform((list) => sortAllergens(list as Allergen[])),
);

const grams = z.preprocess(
  toNumber,
  z
    .number({ message: FOOD_MESSAGES.NUTRIENT })
    .min(0, FOOD_MESSAGES.NUTRIENT)
    .max(100, FOOD_MESSAGES.NUTRIENT),
);

export const nutritionInputSchema = z
  .object({
    energy_kj: z.preprocess(
      toNumber,
      z
        .number({ message: FOOD_MESSAGES.ENERGY_KJ })
        .min(0, FOOD_MESSAGES.ENERGY_KJ)
        .max(MAX_ENERGY_KJ, FOOD_MESSAGES.ENERGY_KJ),
    ),
    energy_kcal: z.preprocess(
      toNumber,
      z
        .number({ message: FOOD_MESSAGES.ENERGY_KCAL })
        .min(0, FOOD_MESSAGES.ENERGY_KCAL)
        .max(MAX_ENERGY_KCAL, FOOD_MESSAGES.ENERGY_KCAL),
    ),
    fat: grams,
    saturates: grams,
    carbohydrate: grams,
    sugars: grams,
    protein: grams,
    salt: grams,
  })
  .superRefine((n, ctx) => {
    // Compared only when each value is itself right: one message per wrong field.
    const fine = (v: number) => Number.isFinite(v) && v >= 0 && v <= 100;
    if (!GRAM_NUTRIENTS.every((k) => fine(n[k]))) return;
    if (n.saturates > n.fat)
      ctx.addIssue({
        code: "custom",
        path: ["saturates"],
        message: FOOD_MESSAGES.SATURATES_ABOVE_FAT,
      });
    if (n.sugars > n.carbohydrate)
      ctx.addIssue({
        code: "custom",
        path: ["sugars"],
        message: FOOD_MESSAGES.SUGARS_ABOVE_CARBOHYDRATE,
      });
    const weighed = GRAM_NUTRIENTS.filter((k) => k !== "saturates" && k !== "sugars");
    // A little over 100 is rounding on a label; more cannot be in 100 g.
    if (weighed.reduce((sum, k) => sum + n[k], 0) > 101)
      ctx.addIssue({ code: "custom", path: ["fat"], message: FOOD_MESSAGES.NUTRIENT });
  });

/** A nutrition table left wholly blank is none; a half-filled one is checked value by value. */
const nutritionField = z.preprocess(
  (v) =>
    v === undefined ||
    v === null ||
    (typeof v === "object" && Object.values(v as object).every((x) => isBlank(x)))
      ? null
      : v,
  nutritionInputSchema.nullable(),
);

const foodObjectSchema = z
  .object({
    ingredients: foodText(MAX_INGREDIENTS_LENGTH),
    ingredients_ar: foodText(MAX_INGREDIENTS_LENGTH),
    allergens: allergenList,
    traces: allergenList,
    shelf_life_days: z.preprocess(
      (v) => (isBlank(v) ? null : toNumber(v)),
      z
        .number({ message: FOOD_MESSAGES.SHELF_LIFE })
        .int(FOOD_MESSAGES.SHELF_LIFE)
        .min(1, FOOD_MESSAGES.SHELF_LIFE)
        .max(MAX_SHELF_LIFE_DAYS, FOOD_MESSAGES.SHELF_LIFE)
        .nullable(),
    ),
    storage: foodText(MAX_STORAGE_LENGTH),
    storage_ar: foodText(MAX_STORAGE_LENGTH),
    nutrition: nutritionField,
    origin: z.preprocess(
      (v) => (isBlank(v) ? "" : typeof v === "string" ? v.trim().toUpperCase() : v),
      z
        .string({ message: FOOD_MESSAGES.ORIGIN })
        .refine((c) => c === "" || isCountryCode(c), FOOD_MESSAGES.ORIGIN),
    ),
    hs_code: z.preprocess(
      (v) => (isBlank(v) ? "" : v),
      z
        .string({ message: FOOD_MESSAGES.HS_CODE })
        .refine((c) => c === "" || normaliseHsCode(c) !== null, FOOD_MESSAGES.HS_CODE)
        .transform((c) => (c === "" ? "" : normaliseHsCode(c)!)),
    ),
  })
  .superRefine((f, ctx) => {
    if (f.allergens.some((a) => f.traces.includes(a)))
      ctx.addIssue({ code: "custom", path: ["traces"], message: FOOD_MESSAGES.ALLERGEN_TWICE });
  });

/**
 * The product form's food block (also a CSV row's food columns): every field optional, blank
 * texts "", and a block with nothing filled in is no food information at all (null).
 */
export const foodInputSchema = z
  .preprocess((v) => {
    // Multipart carries the block as JSON text.
    if (typeof v !== "string") return v;
    if (v.trim() === "" || v.trim() === "null") return null;
    try {
      return JSON.parse(v);
    } catch {
      return v;
    }
  }, foodObjectSchema.nullable())
  .transform((f): FoodInfo | null => (f === null || isEmptyFood(f) ? null : f));
export type FoodInput = z.input<typeof foodObjectSchema>;

/** `?without=nuts,milk`: the allergens a listing leaves out. */
export const withoutQuerySchema = text()
  .max(200, `Without must be a list of: ${ALLERGENS.join(", ")}.`)
  .transform((v) =>
    v
      .split(",")
      .map((s) => s.trim().toLowerCase())
      .filter(Boolean),
  )
  .refine((list) => list.every(isAllergen), {
    message: `Without must be a list of: ${ALLERGENS.join(", ")}.`,
  })
  .transform((list) => sortAllergens(list as Allergen[]));
