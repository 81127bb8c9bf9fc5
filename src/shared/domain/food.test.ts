import { describe, expect, it } from "vitest";
import { foodInputSchema, withoutQuerySchema } from "../schemas/food.ts";
import {
  ALLERGEN_LABELS,
  ALLERGENS,
  type Allergen,
  avoidedIn,
  emphasiseAllergens,
  FOOD_MESSAGES,
  formatHsCode,
  isFreeOf,
  normaliseHsCode,
  rollupAllergens,
} from "./food.ts";

describe("the allergen list", () => {
  it("is the EU's 14, labelled in both languages", () => {
    expect(ALLERGENS).toHaveLength(14);
    for (const code of ALLERGENS) {
      expect(ALLERGEN_LABELS[code].en).not.toBe("");
      expect(ALLERGEN_LABELS[code].ar).toMatch(/[\u0600-\u06ff]/);
    }
  });
});

describe("rollupAllergens", () => {
  const food = (allergens: Allergen[], traces: Allergen[] = []) => ({ allergens, traces });
  it.each([
    ["nothing", [], { contains: [], traces: [], unknown: false }],
    [
      "one product",
      [food(["nuts", "milk", "gluten"], ["sesame"])],
      { contains: ["gluten", "milk", "nuts"], traces: ["sesame"], unknown: false },
    ],
    [
      "a trace another product contains is contained",
      [food(["nuts"], ["sesame"]), food(["sesame"], ["peanuts"])],
      { contains: ["nuts", "sesame"], traces: ["peanuts"], unknown: false },
    ],
    [
      "each allergen once, in the Annex's order",
      [food(["sesame", "milk"]), food(["milk", "eggs"]), food(["gluten"])],
      { contains: ["gluten", "eggs", "milk", "sesame"], traces: [], unknown: false },
    ],
    [
      "a product without food information makes it unknown",
      [food(["milk"]), null],
      { contains: ["milk"], traces: [], unknown: true },
    ],
  ] as const)("%s", (_name, foods, expected) => {
    expect(rollupAllergens(foods as never)).toEqual(expected);
  });
});

describe("isFreeOf", () => {
  it.each([
    [{ allergens: ["milk"], traces: [] }, ["nuts"], true],
    [{ allergens: ["nuts"], traces: [] }, ["nuts"], false],
    [{ allergens: [], traces: ["nuts"] }, ["nuts"], false], // may contain traces: not free
    [{ allergens: ["milk"], traces: [] }, ["nuts", "milk"], false],
    [{ allergens: [], traces: [] }, [], true],
    [null, ["nuts"], false], // nobody said it is free of nuts
  ] as const)("%j without %j: %s", (food, without, expected) => {
    expect(isFreeOf(food as never, without)).toBe(expected);
  });
});

describe("emphasiseAllergens", () => {
  const bold = (text: string, allergens: Allergen[], lang: "en" | "ar") =>
    emphasiseAllergens(text, allergens, lang)
      .filter((p) => p.allergen)
      .map((p) => `${p.text}=${p.allergen}`);

  it.each([
    [
      "Wheat flour, pistachios (25%), butter, sugar",
      ["gluten", "nuts", "milk"],
      ["Wheat=gluten", "flour=gluten", "pistachios=nuts", "butter=milk"],
    ],
    [
      "Semolina, ghee, walnuts, rose water",
      ["gluten", "milk", "nuts"],
      ["Semolina=gluten", "ghee=milk", "walnuts=nuts"],
    ],
    // Only the declared allergens are marked.
    ["Flour, butter, sesame seeds", ["gluten"], ["Flour=gluten"]],
    ["Sugar, nutmeg, eggs", ["nuts", "eggs"], ["eggs=eggs"]], // nutmeg is a spice
    ["Peanuts, sugar", ["nuts"], []], // a peanut is not a tree nut
    ["Sugar, cream of tartar", ["milk"], []],
    ["Brazil nuts, honey", ["nuts"], ["Brazil=nuts", "nuts=nuts"]],
    ["", ["nuts"], []],
  ] as const)("en: %s", (text, allergens, expected) => {
    expect(bold(text, [...allergens], "en")).toEqual(expected);
  });

  it.each([
    [
      "طحين القمح، فستق حلبي، سمن، سكر",
      ["gluten", "nuts", "milk"],
      ["طحين=gluten", "القمح=gluten", "فستق=nuts", "سمن=milk"],
    ],
    [
      "سميد، زبدة، والجوز، ماء الورد",
      ["gluten", "milk", "nuts"],
      ["سميد=gluten", "زبدة=milk", "والجوز=nuts"],
    ],
    ["سكر أبيض، بيض", ["eggs"], ["بيض=eggs"]], // "white" is not eggs
    ["سمسم، جوز الهند", ["sesame", "nuts"], ["سمسم=sesame"]], // coconut is not a tree nut
  ] as const)("ar: %s", (text, allergens, expected) => {
    expect(bold(text, [...allergens], "ar")).toEqual(expected);
  });

  it("joins back to the text, markup left as text", () => {
    const text = "<b>Flour</b> & milk, 10% <script>";
    const parts = emphasiseAllergens(text, ["gluten", "milk"], "en");
    expect(parts.map((p) => p.text).join("")).toBe(text);
  });
});

describe("HS codes", () => {
  it.each([
    ["1905.90", "190590", "1905.90"],
    ["1905 90 90", "19059090", "1905.90.90"],
    ["1704.90", "170490", "1704.90"],
    ["1704", null, null],
    ["190", null, null],
    ["19059090901", null, null],
    ["19a5", null, null],
  ] as const)("%s", (input, digits, shown) => {
    expect(normaliseHsCode(input)).toBe(digits);
    if (digits) expect(formatHsCode(digits)).toBe(shown);
  });
});

describe("foodInputSchema", () => {
  const valid = {
    ingredients: "Flour, pistachios, butter",
    ingredients_ar: "طحين، فستق، زبدة",
    allergens: ["nuts", "gluten", "milk"],
    traces: ["sesame"],
    shelf_life_days: "21",
    storage: "Cool and dry",
    storage_ar: "مكان بارد وجاف",
    nutrition: {
      energy_kj: 2000,
      energy_kcal: 480,
      fat: 25,
      saturates: 10,
      carbohydrate: 55,
      sugars: 30,
      protein: 8,
      salt: 0.2,
    },
    origin: "sy",
    hs_code: "1905.90",
  };
  const errorsOf = (value: unknown) => {
    const result = foodInputSchema.safeParse(value);
    return result.success
      ? {}
      : Object.fromEntries(result.error.issues.reverse().map((i) => [i.path.join("."), i.message]));
  };

  it("reads a whole block, allergens in the Annex's order", () => {
    expect(foodInputSchema.parse(valid)).toMatchObject({
      allergens: ["gluten", "milk", "nuts"],
      shelf_life_days: 21,
      origin: "SY",
      hs_code: "190590",
    });
  });

  it.each([null, "", {}, { ingredients: " ", nutrition: { fat: "" } }])(
    "nothing filled in (%j) is no food information",
    (value) => {
      expect(foodInputSchema.parse(value)).toBeNull();
    },
  );

  it("reads JSON text (multipart) and code lists as text (CSV)", () => {
    expect(
      foodInputSchema.parse(JSON.stringify({ ...valid, allergens: "nuts|milk", traces: "" })),
    ).toMatchObject({ allergens: ["milk", "nuts"], traces: [] });
  });

  it.each([
    [{ allergens: ["nuts", "shellfish"] }, "allergens", FOOD_MESSAGES.ALLERGEN_UNKNOWN],
    [{ traces: ["NUTS", "x"] }, "traces", FOOD_MESSAGES.ALLERGEN_UNKNOWN],
    [{ allergens: ["nuts"], traces: ["nuts"] }, "traces", FOOD_MESSAGES.ALLERGEN_TWICE],
    [{ nutrition: { ...valid.nutrition, fat: -1 } }, "nutrition.fat", FOOD_MESSAGES.NUTRIENT],
    [
      { nutrition: { ...valid.nutrition, sugars: 101 } },
      "nutrition.sugars",
      FOOD_MESSAGES.NUTRIENT,
    ],
    [{ nutrition: { ...valid.nutrition, salt: "abc" } }, "nutrition.salt", FOOD_MESSAGES.NUTRIENT],
    [
      { nutrition: { ...valid.nutrition, energy_kj: 5000 } },
      "nutrition.energy_kj",
      FOOD_MESSAGES.ENERGY_KJ,
    ],
    [
      { nutrition: { ...valid.nutrition, saturates: 30 } },
      "nutrition.saturates",
      FOOD_MESSAGES.SATURATES_ABOVE_FAT,
    ],
    [
      { nutrition: { ...valid.nutrition, sugars: 60 } },
      "nutrition.sugars",
      FOOD_MESSAGES.SUGARS_ABOVE_CARBOHYDRATE,
    ],
    [
      { nutrition: { ...valid.nutrition, fat: 60, carbohydrate: 60 } },
      "nutrition.fat",
      FOOD_MESSAGES.NUTRIENT,
    ],
    [{ nutrition: { fat: 10 } }, "nutrition.energy_kj", FOOD_MESSAGES.ENERGY_KJ],
    [{ shelf_life_days: 0 }, "shelf_life_days", FOOD_MESSAGES.SHELF_LIFE],
    [{ shelf_life_days: 2.5 }, "shelf_life_days", FOOD_MESSAGES.SHELF_LIFE],
    [{ origin: "XX" }, "origin", FOOD_MESSAGES.ORIGIN],
    [{ hs_code: "19" }, "hs_code", FOOD_MESSAGES.HS_CODE],
    [{ ingredients: "x".repeat(2001) }, "ingredients", FOOD_MESSAGES.TOO_LONG],
  ])("refuses %j", (change, path, message) => {
    expect(errorsOf({ ...valid, ...change })[path]).toBe(message);
  });
});

describe("withoutQuerySchema", () => {
  it.each([
    ["nuts,milk", ["milk", "nuts"]],
    [" Nuts , ,gluten", ["gluten", "nuts"]],
    ["", []],
  ])("%s", (input, expected) => {
    expect(withoutQuerySchema.parse(input)).toEqual(expected);
  });
  it("refuses an unknown code", () => {
    expect(withoutQuerySchema.safeParse("nuts,chocolate").success).toBe(false);
  });
});

describe("avoidedIn: a cart line's mark for the allergens a shopper avoids", () => {
  const rollup = (contains: Allergen[], traces: Allergen[] = [], unknown = false) => ({
    contains,
    traces,
    unknown,
  });
  it.each([
    [
      "nothing avoided",
      rollup(["nuts"], ["milk"], true),
      [],
      { contains: [], traces: [], unknown: false },
    ],
    [
      "contained",
      rollup(["gluten", "nuts"]),
      ["nuts"],
      { contains: ["nuts"], traces: [], unknown: false },
    ],
    [
      "a trace",
      rollup(["gluten"], ["nuts", "sesame"]),
      ["sesame", "milk"],
      { contains: [], traces: ["sesame"], unknown: false },
    ],
    [
      "none of them",
      rollup(["gluten"], ["sesame"]),
      ["milk"],
      { contains: [], traces: [], unknown: false },
    ],
    [
      "a sweet without information",
      rollup([], [], true),
      ["milk"],
      { contains: [], traces: [], unknown: true },
    ],
  ] as const)("%s", (_name, line, avoid, expected) => {
    expect(avoidedIn(line as never, avoid as never)).toEqual(expected);
  });
});
