import type { Allergen, FoodInfo, Nutrition } from "../../../shared/domain/food.ts";

/**
 * Demo food information for some demo products (the rest show "no food information yet", as a
 * new shop's would). Figures are typical of such sweets, not measured: demo data.
 */
function food(
  ingredients: [en: string, ar: string],
  allergens: Allergen[],
  traces: Allergen[],
  shelfLifeDays: number,
  nutrition: Nutrition,
): FoodInfo {
  return {
    ingredients: ingredients[0],
    ingredients_ar: ingredients[1],
    allergens,
    traces,
    shelf_life_days: shelfLifeDays,
    storage: "Keep in a cool, dry place away from sunlight; close the box after opening.",
    storage_ar: "يحفظ في مكان بارد وجاف بعيدًا عن أشعة الشمس، وتغلق العلبة بعد فتحها.",
    nutrition,
    origin: "SY",
    hs_code: "190590",
  };
}

const baklavaNutrition: Nutrition = {
  energy_kj: 2010,
  energy_kcal: 480,
  fat: 26,
  saturates: 11,
  carbohydrate: 54,
  sugars: 30,
  protein: 8.5,
  salt: 0.1,
};
const maamoulNutrition: Nutrition = {
  energy_kj: 1760,
  energy_kcal: 420,
  fat: 18,
  saturates: 10,
  carbohydrate: 60,
  sugars: 28,
  protein: 5.5,
  salt: 0.2,
};

export const seedFood: Record<string, FoodInfo> = {
  "BAK-PIS-01": food(
    [
      "Wheat flour, pistachios (30%), ghee (milk), sugar, water, lemon juice, rose water",
      "طحين القمح، فستق حلبي (30%)، سمن (حليب)، سكر، ماء، عصير الليمون، ماء الورد",
    ],
    ["gluten", "milk", "nuts"],
    ["sesame"],
    21,
    baklavaNutrition,
  ),
  "BAK-WAL-02": food(
    [
      "Wheat flour, walnuts (28%), ghee (milk), sugar, water, lemon juice",
      "طحين القمح، جوز (28%)، سمن (حليب)، سكر، ماء، عصير الليمون",
    ],
    ["gluten", "milk", "nuts"],
    ["sesame"],
    21,
    baklavaNutrition,
  ),
  "SWT-BRZ-15": food(
    [
      "Wheat flour, sugar, sesame seeds (15%), butter, pistachios, eggs, baking powder",
      "طحين القمح، سكر، سمسم (15%)، زبدة، فستق حلبي، بيض، بيكنج باودر",
    ],
    ["gluten", "eggs", "milk", "nuts", "sesame"],
    [],
    45,
    {
      energy_kj: 2030,
      energy_kcal: 485,
      fat: 24,
      saturates: 9,
      carbohydrate: 58,
      sugars: 29,
      protein: 9,
      salt: 0.3,
    },
  ),
  "SWT-SMS-24": food(
    ["Sesame seeds (70%), sugar, glucose syrup", "سمسم (70%)، سكر، شراب الغلوكوز"],
    ["sesame"],
    ["nuts"],
    90,
    {
      energy_kj: 2150,
      energy_kcal: 515,
      fat: 32,
      saturates: 4.5,
      carbohydrate: 45,
      sugars: 38,
      protein: 12,
      salt: 0,
    },
  ),
  "MAM-DAT-25": food(
    [
      "Semolina (wheat), date paste (35%), ghee (milk), sugar, orange blossom water, mahleb",
      "سميد (قمح)، عجوة التمر (35%)، سمن (حليب)، سكر، ماء الزهر، محلب",
    ],
    ["gluten", "milk"],
    [],
    30,
    maamoulNutrition,
  ),
  "MAM-MAD-29": food(
    [
      "Semolina (wheat), date paste (40%), butter, sugar, orange blossom water",
      "سميد (قمح)، عجوة التمر (40%)، زبدة، سكر، ماء الزهر",
    ],
    ["gluten", "milk"],
    [],
    30,
    maamoulNutrition,
  ),
  "MAM-KAK-32": food(
    [
      "Wheat flour, Ajwa dates (30%), olive oil, sesame seeds, anise, yeast",
      "طحين القمح، تمر عجوة (30%)، زيت الزيتون، سمسم، يانسون، خميرة",
    ],
    ["gluten", "sesame"],
    [],
    30,
    {
      energy_kj: 1590,
      energy_kcal: 380,
      fat: 14,
      saturates: 2,
      carbohydrate: 58,
      sugars: 22,
      protein: 6,
      salt: 0.4,
    },
  ),
};
