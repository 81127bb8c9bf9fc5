import { cleanup, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { FoodInfo } from "../../../shared/domain/food.ts";
import type { Language } from "../../../shared/domain/language.ts";
import { createI18n } from "../../i18n/config.ts";
import { fallbackMessages, messagesFor } from "../../i18n/messages.server.ts";
import { I18nProvider } from "../../i18n/translator.tsx";
import { FoodInformation } from "./food-information.tsx";
import { foodJsonLd, foodView } from "./food-view.server.ts";
import { productJsonLd } from "./product-options.ts";

afterEach(cleanup);

const food: FoodInfo = {
  ingredients: "Wheat flour, pistachios (30%), ghee, sugar",
  ingredients_ar: "طحين القمح، فستق حلبي (30%)، سمن، سكر",
  allergens: ["gluten", "milk", "nuts"],
  traces: ["sesame"],
  shelf_life_days: 21,
  storage: "Cool and dry",
  storage_ar: "",
  nutrition: {
    energy_kj: 2010,
    energy_kcal: 480,
    fat: 26,
    saturates: 11,
    carbohydrate: 54,
    sugars: 30,
    protein: 8.5,
    salt: 0.1,
  },
  origin: "SY",
  hs_code: "190590",
};

function show(value: FoodInfo | null, lang: Language = "en") {
  const i18n = createI18n(lang, messagesFor(lang));
  if (lang !== "en")
    for (const [ns, bundle] of Object.entries(fallbackMessages()))
      i18n.addResourceBundle("en", ns, bundle);
  render(
    <I18nProvider i18n={i18n}>
      <FoodInformation food={foodView(value, lang)} />
    </I18nProvider>,
  );
  return screen.getByTestId("food-information");
}

describe("food information on the product page", () => {
  it("sets the allergens in bold in the ingredients and lists contains, traces, shelf life, storage, origin", () => {
    const box = show(food);
    const bold = [...screen.getByTestId("food-ingredients").querySelectorAll("strong")].map(
      (b) => b.textContent,
    );
    expect(bold).toEqual(["Wheat", "flour", "pistachios", "ghee"]);
    expect(screen.getByTestId("food-ingredients").textContent).toBe(food.ingredients);
    expect(screen.getByTestId("food-contains").textContent).toBe(
      "Cereals containing gluten, Milk, Nuts",
    );
    expect(screen.getByTestId("food-traces").textContent).toBe("Sesame");
    expect(within(box).getByText("21 days")).toBeTruthy();
    expect(within(box).getByText("Syria")).toBeTruthy();
    expect(within(box).getByText("1905.90")).toBeTruthy();
    const table = within(box).getByRole("table", { name: "Nutrition per 100 g" });
    expect(within(table).getByRole("rowheader", { name: "of which sugars" })).toBeTruthy();
    expect(within(table).getAllByRole("row")).toHaveLength(8);
  });

  it("speaks Arabic: the Arabic ingredients, Arabic labels; English storage when none in Arabic", () => {
    const box = show(food, "ar");
    const bold = [...screen.getByTestId("food-ingredients").querySelectorAll("strong")].map(
      (b) => b.textContent,
    );
    expect(bold).toEqual(["طحين", "القمح", "فستق", "سمن"]);
    expect(screen.getByTestId("food-ingredients").getAttribute("dir")).toBe("rtl");
    expect(screen.getByTestId("food-traces").textContent).toBe("السمسم");
    expect(within(box).getByText("سوريا")).toBeTruthy();
    expect(within(box).getByText("Cool and dry")).toBeTruthy();
  });

  it("says so when a product has none, rather than an empty box", () => {
    const box = show(null);
    expect(box.textContent).toContain("No food information has been given");
    expect(within(box).queryByRole("table")).toBeNull();
  });

  it("goes into the product's structured data", () => {
    const data = productJsonLd(
      {
        sku: "B-1",
        currency: "USD",
        inStock: true,
        category_id: null,
      } as never,
      {
        name: "Baklava",
        description: "",
        url: "https://shop.example/product/1-baklava",
        image: null,
        price: 15,
        extra: foodJsonLd(foodView(food, "en")),
      },
    );
    expect((data as Record<string, unknown>).countryOfOrigin).toEqual({
      "@type": "Country",
      name: "Syria",
    });
    expect((data as Record<string, unknown>).additionalProperty).toEqual(
      expect.arrayContaining([
        {
          "@type": "PropertyValue",
          name: "Allergens",
          value: "Cereals containing gluten, Milk, Nuts",
        },
        { "@type": "PropertyValue", name: "May contain traces of", value: "Sesame" },
        { "@type": "PropertyValue", name: "Shelf life", value: 21, unitCode: "DAY" },
      ]),
    );
  });
});
