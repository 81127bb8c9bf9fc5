import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { BoxDtoShape } from "../../../shared/domain/boxes.ts";
import type { Language } from "../../../shared/domain/language.ts";
import { createI18n } from "../../i18n/config.ts";
import { fallbackMessages, messagesFor } from "../../i18n/messages.server.ts";
import { I18nProvider } from "../../i18n/translator.tsx";
import { BoxFiller, type BoxSweet } from "./box-filler.tsx";
import type { AddToCartInput } from "./product-detail.tsx";

afterEach(cleanup);

const box: BoxDtoShape = {
  sizes: [
    { grams: 500, price: 25 },
    { grams: 1000, price: null },
  ],
  step_grams: 100,
  product_ids: [1, 2, 3],
};
const sweets: BoxSweet[] = [
  { id: 1, name: "Baklava", name_ar: "بقلاوة", price: 30, in_stock: true },
  { id: 2, name: "Maamoul", name_ar: "معمول", price: 20, in_stock: true },
  { id: 3, name: "Barazek", name_ar: "برازق", price: 15, in_stock: true },
];

let onAdd = vi.fn<(input: AddToCartInput) => void>();
function Page() {
  return (
    <BoxFiller
      product={{ id: 9, name: "Mixed tray", name_ar: "صينية مشكلة", image: "" }}
      box={box}
      sweets={sweets}
      initial={{ size: 500, contents: [] }}
      onAddToCart={onAdd}
    />
  );
}
const Stub = createRoutesStub([{ path: "/product/:id", Component: Page }]);

function renderFiller(lang: Language = "en") {
  onAdd = vi.fn<(input: AddToCartInput) => void>();
  const i18n = createI18n(lang, messagesFor(lang));
  if (lang !== "en")
    for (const [ns, bundle] of Object.entries(fallbackMessages()))
      i18n.addResourceBundle("en", ns, bundle);
  render(
    <I18nProvider i18n={i18n}>
      <Stub initialEntries={["/product/9"]} />
    </I18nProvider>,
  );
  return onAdd;
}

const pick = (label: RegExp, grams: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value: grams } });

describe("box filler", () => {
  it("fills a 1 kg box from three sweets: what is left and the price follow, added only when full", () => {
    const onAdd = renderFiller();
    fireEvent.change(screen.getByLabelText("Box size"), { target: { value: "1000" } });
    const add = screen.getByRole("button", { name: "Add the box to the cart" });
    expect(screen.getByTestId("box-status").textContent).toBe("1 kg left to fill");
    expect(add).toHaveProperty("disabled", true);

    pick(/Baklava/, "400");
    pick(/Maamoul/, "300");
    expect(screen.getByTestId("box-status").textContent).toBe("300 g left to fill");
    pick(/Barazek/, "300");
    expect(screen.getByTestId("box-status").textContent).toBe("Your box is full.");
    // 400 g at 30.00 + 300 g at 20.00 + 300 g at 15.00, priced by its contents.
    expect(screen.getByText("Box price", { exact: false }).textContent).toContain("$22.50");
    expect(add).toHaveProperty("disabled", false);

    fireEvent.click(add);
    expect(onAdd).toHaveBeenCalledWith(
      expect.objectContaining({
        productId: "9",
        grams: 1000,
        qty: 1,
        contents: [
          { productId: 1, grams: 400, name: "Baklava", name_ar: "بقلاوة" },
          { productId: 2, grams: 300, name: "Maamoul", name_ar: "معمول" },
          { productId: 3, grams: 300, name: "Barazek", name_ar: "برازق" },
        ],
        productSnapshot: expect.objectContaining({ price: 22.5 }),
      }),
    );
  });

  it("offers each sweet only the grams that still fit, in the box's steps", () => {
    renderFiller();
    pick(/Baklava/, "300");
    const options = [...(screen.getByLabelText(/Maamoul/) as HTMLSelectElement).options];
    expect(options.map((o) => o.value)).toEqual(["0", "100", "200"]);
  });

  it("speaks Arabic", () => {
    renderFiller("ar");
    expect(screen.getByRole("heading", { name: "املأ علبتك" })).toBeTruthy();
    expect(screen.getByTestId("box-status").textContent).toContain("بقي");
    expect(screen.getByRole("button", { name: "أضف العلبة إلى السلة" })).toHaveProperty(
      "disabled",
      true,
    );
  });
});
