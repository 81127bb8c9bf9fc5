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

/**
 * The food information as schema.org Product properties, built with the page's data on the
 * server: Product has no allergen fields, so they travel as named properties (English names,
 * values in the page's language), and the origin as countryOfOrigin.
 */
export function foodJsonLd(food: FoodView | null): Record<string, unknown> | null {
  if (!food) return null;
  const property = (name: string, value: string | number, unitCode?: string) => ({
    "@type": "PropertyValue",
    name,
    value,
    ...(unitCode ? { unitCode } : {}),
  });
  const ingredients = food.ingredients.map(([text]) => text).join("");
  const n = food.nutrition;
  const properties = [
    ingredients ? property("Ingredients", ingredients) : null,
    property("Allergens", food.contains.join(", ")),
    food.traces.length > 0 ? property("May contain traces of", food.traces.join(", ")) : null,
    food.shelfLifeDays !== null ? property("Shelf life", food.shelfLifeDays, "DAY") : null,
    food.storage ? property("Storage", food.storage) : null,
    food.hsCode ? property("HS code", food.hsCode) : null,
    ...(n
      ? [
          property("Energy per 100 g", n.energy_kj, "KJO"),
          property("Energy per 100 g", n.energy_kcal, "E14"),
          property("Fat per 100 g", n.fat, "GRM"),
          property("Saturates per 100 g", n.saturates, "GRM"),
          property("Carbohydrate per 100 g", n.carbohydrate, "GRM"),
          property("Sugars per 100 g", n.sugars, "GRM"),
          property("Protein per 100 g", n.protein, "GRM"),
          property("Salt per 100 g", n.salt, "GRM"),
        ]
      : []),
  ].filter((p) => p !== null);
  return {
    ...(food.origin ? { countryOfOrigin: { "@type": "Country", name: food.origin } } : {}),
    additionalProperty: properties,
  };
}
