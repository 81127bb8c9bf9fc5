import { act, cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { useForm } from "react-hook-form";
import { afterEach, describe, expect, it } from "vitest";
import { FOOD_MESSAGES } from "../../../../shared/domain/food.ts";
import { foodInputSchema } from "../../../../shared/schemas/food.ts";
import { createI18n } from "../../../i18n/config.ts";
import { messagesFor } from "../../../i18n/messages.server.ts";
import { I18nProvider } from "../../../i18n/translator.tsx";
import { type FoodFormValues, foodValuesOf, ProductFoodFields } from "./product-food-fields.tsx";

afterEach(cleanup);

let read: () => FoodFormValues;
let fail: (path: string, message: string) => void;

function Harness() {
  const form = useForm<{ food: FoodFormValues }>({ defaultValues: { food: foodValuesOf(null) } });
  read = () => form.getValues().food;
  fail = (path, message) => form.setError(path as "food", { message });
  return <ProductFoodFields form={form} lang="en" />;
}

function show(lang: "en" | "ar" = "en") {
  render(
    <I18nProvider i18n={createI18n(lang, messagesFor(lang))}>
      <Harness />
    </I18nProvider>,
  );
}

describe("the product form's food information", () => {
  it("gives the schema the ticked allergens, the texts and the nutrition table", () => {
    show();
    const contains = screen.getByTestId("food-allergens");
    fireEvent.click(within(contains).getByLabelText("Nuts"));
    fireEvent.click(within(contains).getByLabelText("Milk"));
    fireEvent.click(within(screen.getByTestId("food-traces")).getByLabelText("Sesame"));
    fireEvent.change(screen.getByLabelText("Ingredients (English)"), {
      target: { value: "Flour, pistachios, ghee" },
    });
    fireEvent.change(screen.getByLabelText("Fat (g)"), { target: { value: "26" } });
    fireEvent.change(screen.getByLabelText("Shelf life (days)"), { target: { value: "21" } });
    const values = read();
    expect(values.allergens).toEqual(["milk", "nuts"]);
    expect(values.traces).toEqual(["sesame"]);
    const parsed = foodInputSchema.safeParse(values);
    // A half-filled nutrition table is checked value by value: energy is missing.
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.path).toEqual(["nutrition", "energy_kj"]);
  });

  it("shows a rule's message beside its field, in Arabic too", async () => {
    show("ar");
    act(() => fail("food.nutrition.sugars", FOOD_MESSAGES.NUTRIENT));
    expect(
      await screen.findByText("يجب أن تكون القيم الغذائية أعدادًا من 0 إلى 100 غ لكل 100 غ."),
    ).toBeTruthy();
  });

  it("an empty block is no food information", () => {
    show();
    expect(foodInputSchema.parse(read())).toBeNull();
  });
});
