import { countryName, isCountryCode } from "../../../shared/domain/countries.ts";
import {
  allergenLabel,
  emphasiseAllergens,
  type FoodInfo,
  formatHsCode,
} from "../../../shared/domain/food.ts";
import type { Lang } from "../../../shared/domain/money.ts";
import type { FoodView } from "./food-information.tsx";

/**
 * The product page's food information in the page's language, worked out on the server: the
 * allergen word lists, labels and country names stay out of the page's JavaScript, which
 * only lays out what this gives it. Arabic texts fall back to English when not given.
 */
export function foodView(food: FoodInfo | null, lang: Lang): FoodView | null {
  if (!food) return null;
  const ingredients =
    lang === "ar" && food.ingredients_ar !== "" ? food.ingredients_ar : food.ingredients;
  const ingredientsLang: Lang = lang === "ar" && food.ingredients_ar !== "" ? "ar" : "en";
  const storage = lang === "ar" && food.storage_ar !== "" ? food.storage_ar : food.storage;
  return {
    ingredients: emphasiseAllergens(ingredients, food.allergens, ingredientsLang).map((p) => [
      p.text,
      p.allergen !== null,
    ]),
    ingredientsDir: ingredientsLang === "ar" ? "rtl" : "ltr",
    contains: food.allergens.map((a) => allergenLabel(a, lang)),
    traces: food.traces.map((a) => allergenLabel(a, lang)),
    shelfLifeDays: food.shelf_life_days,
    storage,
    nutrition: food.nutrition,
    origin: food.origin && isCountryCode(food.origin) ? countryName(food.origin, lang) : "",
    hsCode: food.hs_code ? formatHsCode(food.hs_code) : "",
  };
}
