import type { UseFormReturn } from "react-hook-form";
import {
  ALLERGEN_LABELS,
  ALLERGENS,
  FOOD_MESSAGES,
  formatHsCode,
  NUTRIENTS,
  type Nutrient,
} from "../../../../shared/domain/food.ts";
import type { Lang } from "../../../../shared/domain/money.ts";
import type { AdminProduct } from "../../../../shared/schemas/admin-catalog.ts";
import { BilingualField, Field } from "../../../components/form/field.tsx";
import { registerMessages, useMessageText } from "../../../components/form/messages.ts";
import { useTranslation } from "../../../i18n/translator.tsx";

registerMessages(FOOD_MESSAGES, (id) => `admin-products:food.errors.${id}`);

/** The food block as the inputs hold it (text; codes as the ticked boxes' values). */
export type FoodFormValues = {
  ingredients: string;
  ingredients_ar: string;
  allergens: string[];
  traces: string[];
  shelf_life_days: string;
  storage: string;
  storage_ar: string;
  nutrition: Record<Nutrient, string>;
  origin: string;
  hs_code: string;
};

/** Where the server's field errors land (`food.nutrition.fat`...). */
export const FOOD_FIELDS = [
  "food.ingredients",
  "food.ingredients_ar",
  "food.allergens",
  "food.traces",
  "food.shelf_life_days",
  "food.storage",
  "food.storage_ar",
  ...NUTRIENTS.map((n) => `food.nutrition.${n}` as const),
  "food.origin",
  "food.hs_code",
] as const;

const str = (n: number | null | undefined) => (n === null || n === undefined ? "" : String(n));

export function foodValuesOf(food: AdminProduct["food"] | undefined): FoodFormValues {
  return {
    ingredients: food?.ingredients ?? "",
    ingredients_ar: food?.ingredients_ar ?? "",
    allergens: food?.allergens ?? [],
    traces: food?.traces ?? [],
    shelf_life_days: str(food?.shelf_life_days),
    storage: food?.storage ?? "",
    storage_ar: food?.storage_ar ?? "",
    nutrition: Object.fromEntries(NUTRIENTS.map((n) => [n, str(food?.nutrition?.[n])])) as Record<
      Nutrient,
      string
    >,
    origin: food?.origin ?? "",
    hs_code: food?.hs_code ? formatHsCode(food.hs_code) : "",
  };
}

type WithFood = { food: FoodFormValues };

/**
 * The product form's food information: what EU rules ask a shop to show before a food is
 * bought at a distance. Nothing filled in = the product has none (the shop then says so).
 */
export function ProductFoodFields<T extends WithFood>({
  form: anyForm,
  lang,
}: {
  form: UseFormReturn<T>;
  lang: Lang;
}) {
  const { t } = useTranslation("admin-products");
  const text = useMessageText();
  // The block's own paths, typed once (the dialog's form has more fields around it).
  const form = anyForm as unknown as UseFormReturn<WithFood>;
  const errors = form.formState.errors.food;
  const allergenBoxes = (name: "allergens" | "traces") => (
    <fieldset className="flex flex-col gap-1" data-testid={`food-${name}`}>
      <legend className="font-semibold">{t(`food.${name}`)}</legend>
      <div className="grid grid-cols-2 gap-1 sm:grid-cols-3">
        {ALLERGENS.map((code) => (
          <label key={code} className="flex items-center gap-2 text-sm">
            <input type="checkbox" value={code} {...form.register(`food.${name}`)} />
            {ALLERGEN_LABELS[code][lang]}
          </label>
        ))}
      </div>
      {errors?.[name]?.message ? (
        <p role="alert" className="text-sm text-red-700">
          {text(errors[name]?.message)}
        </p>
      ) : null}
    </fieldset>
  );
  return (
    <fieldset
      className="flex flex-col gap-3 rounded border border-line p-3"
      data-testid="food-fields"
    >
      <legend className="px-1 font-semibold">{t("food.title")}</legend>
      <p className="text-sm text-muted">{t("food.hint")}</p>
      <BilingualField
        form={form}
        names={["food.ingredients", "food.ingredients_ar"]}
        label={t("food.ingredients")}
        as="textarea"
      />
      {allergenBoxes("allergens")}
      {allergenBoxes("traces")}
      <div className="grid gap-4 sm:grid-cols-3">
        <Field
          label={t("food.shelfLife")}
          inputMode="numeric"
          dir="ltr"
          error={errors?.shelf_life_days}
          {...form.register("food.shelf_life_days")}
        />
        <Field
          label={t("food.origin")}
          hint={t("food.originHint")}
          dir="ltr"
          maxLength={2}
          error={errors?.origin}
          {...form.register("food.origin")}
        />
        <Field
          label={t("food.hsCode")}
          hint={t("food.hsCodeHint")}
          dir="ltr"
          error={errors?.hs_code}
          {...form.register("food.hs_code")}
        />
      </div>
      <BilingualField
        form={form}
        names={["food.storage", "food.storage_ar"]}
        label={t("food.storage")}
      />
      <fieldset className="flex flex-col gap-2">
        <legend className="font-semibold">{t("food.nutrition")}</legend>
        <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          {NUTRIENTS.map((n) => (
            <Field
              key={n}
              label={t(`food.nutrients.${n}`)}
              inputMode="decimal"
              dir="ltr"
              error={errors?.nutrition?.[n]}
              {...form.register(`food.nutrition.${n}`)}
            />
          ))}
        </div>
      </fieldset>
    </fieldset>
  );
}
