import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { lineKey } from "../../../shared/domain/cart.ts";
import type { Language } from "../../../shared/domain/language.ts";
import type { ProductDetail } from "../../../shared/schemas/catalog.ts";
import { createI18n } from "../../i18n/config.ts";
import { fallbackMessages, messagesFor } from "../../i18n/messages.server.ts";
import { I18nProvider } from "../../i18n/translator.tsx";
import { type AddToCartInput, ProductDetailView } from "./product-detail.tsx";

afterEach(cleanup);

const baklava: ProductDetail = {
  id: 7,
  name: "Pistachio Baklava",
  name_ar: "بقلاوة بالفستق",
  description: "Layers of filo and pistachio.",
  description_ar: "",
  price: 40,
  discount_price: 30,
  category_id: { id: 1, name: "Baklava", name_ar: "بقلاوة", slug: "baklava" },
  weight: 1,
  weight_unit: "kg",
  image_url: "/storage/p/7-800x600.webp",
  image: null,
  sku: "BAK-7",
  in_stock: true,
  default_grams: 500,
  default_price: 15,
  price_source: "retail",
  weights: [
    { label: "0.5 kg", label_ar: "0.5 كغ", grams: 500, price: 20, discount_price: 15 },
    { label: "1 kg", label_ar: "1 كغ", grams: 1000, price: 40, discount_price: 30 },
  ],
  currency: "USD",
  inStock: true,
  stock: null,
  shippingNote: "We ship worldwide.",
  shippingNote_ar: "نشحن إلى كل العالم.",
  food: null,
  box: null,
};

let shown: {
  product: ProductDetail & { left_grams?: number | null };
  onAdd: (input: AddToCartInput) => void;
};
function Page() {
  return <ProductDetailView product={shown.product} onAddToCart={shown.onAdd} />;
}
const Stub = createRoutesStub([{ path: "/product/:id", Component: Page }]);

function renderProduct(
  product: ProductDetail & { left_grams?: number | null },
  lang: Language = "en",
) {
  const onAdd = vi.fn<(input: AddToCartInput) => void>();
  shown = { product, onAdd };
  const i18n = createI18n(lang, messagesFor(lang));
  if (lang !== "en")
    for (const [ns, bundle] of Object.entries(fallbackMessages()))
      i18n.addResourceBundle("en", ns, bundle);
  render(
    <I18nProvider i18n={i18n}>
      <Stub initialEntries={[`/product/${product.id}`]} />
    </I18nProvider>,
  );
  return onAdd;
}

const prices = () => screen.getAllByTestId("price")[0]?.textContent;

describe("product detail", () => {
  it("opens on the default weight; the price follows the option, the regular price struck through", () => {
    renderProduct(baklava);
    expect(screen.getByRole("radio", { name: "0.5 kg" })).toHaveProperty("checked", true);
    expect(prices()).toBe("$15.00");
    expect(screen.getByText("$20.00").tagName).toBe("S");

    fireEvent.click(screen.getByRole("radio", { name: "1 kg" }));
    expect(prices()).toBe("$30.00");
    expect(screen.getByText("$40.00").tagName).toBe("S");
    expect(screen.getByText("In stock")).toBeTruthy();
  });

  it("adds the chosen weight and quantity: item:{id} for the default option, item:{id}:{grams} otherwise", () => {
    const onAdd = renderProduct(baklava);
    const add = screen.getByRole("button", { name: "Add to cart" });
    fireEvent.click(add);
    fireEvent.click(screen.getByRole("radio", { name: "1 kg" }));
    fireEvent.change(screen.getByLabelText("Quantity"), { target: { value: "3" } });
    fireEvent.click(add);

    const [first, second] = onAdd.mock.calls.map(([input]) => input);
    expect(first).toMatchObject({ productId: "7", qty: 1, grams: 500, defaultGrams: 500 });
    expect(first?.productSnapshot).toMatchObject({ name: "Pistachio Baklava", price: 15 });
    expect(second).toMatchObject({
      productId: "7",
      qty: 3,
      grams: 1000,
      productSnapshot: { price: 30 },
    });
    expect(lineKey(first!.productId, first!.grams, first!.defaultGrams)).toBe("item:7");
    expect(lineKey(second!.productId, second!.grams, second!.defaultGrams)).toBe("item:7:1000");

    // SPEC 8's confirmation, in a polite live region rather than an alert().
    const status = screen.getAllByRole("status").find((el) => el.textContent?.includes("added"));
    expect(status?.textContent).toContain("item added to cart successfully");
    expect(screen.getAllByRole("option").map((o) => o.textContent)).toEqual([
      "1",
      "2",
      "3",
      "4",
      "5",
      "6",
      "7",
      "8",
    ]);
  });

  it("shows 'out of stock' and cannot be added when out of stock", () => {
    const onAdd = renderProduct({ ...baklava, inStock: false, in_stock: false, stock: 0.2 });
    expect(screen.getByTestId("stock-state").textContent).toBe("out of stock");
    const add = screen.getByRole("button", { name: "Add to cart" });
    expect(add).toHaveProperty("disabled", true);
    fireEvent.click(add);
    expect(onAdd).not.toHaveBeenCalled();
  });

  for (const [lang, said, quantity] of [
    ["en", "Only 1.2 kg left", "Quantity"],
    ["ar", "بقي 1.2 كغ فقط", "الكمية"],
  ] as const) {
    it(`says how much is left once little is, and offers no more than that (${lang})`, () => {
      renderProduct({ ...baklava, left_grams: 1200 }, lang);
      expect(screen.getByTestId("stock-state").textContent).toBe(said);
      const quantities = () =>
        within(screen.getByLabelText(quantity))
          .getAllByRole("option")
          .map((o) => o.textContent);
      // 0.5 kg: two fit in 1.2 kg.
      expect(quantities()).toEqual(["1", "2"]);
      // 1 kg: one fits.
      fireEvent.click(screen.getByRole("radio", { name: lang === "en" ? "1 kg" : "1 كغ" }));
      expect(quantities()).toEqual(["1"]);
    });
  }

  it("offers no weight larger than what is left, and opens on one that fits", () => {
    const onAdd = renderProduct({ ...baklava, default_grams: 1000, left_grams: 700 });
    expect(screen.getByRole("radio", { name: "1 kg" })).toHaveProperty("disabled", true);
    expect(screen.getByRole("radio", { name: "0.5 kg" })).toHaveProperty("checked", true);
    fireEvent.click(screen.getByRole("button", { name: "Add to cart" }));
    expect(onAdd).toHaveBeenCalledWith(expect.objectContaining({ grams: 500, qty: 1 }));
  });

  it("with plenty left says only 'In stock' and offers up to 8", () => {
    renderProduct({ ...baklava, left_grams: null });
    expect(screen.getByTestId("stock-state").textContent).toBe("In stock");
    expect(within(screen.getByLabelText("Quantity")).getAllByRole("option")).toHaveLength(8);
  });

  it("speaks Arabic, falling back to English where the Arabic text is empty, with Latin-digit prices", () => {
    renderProduct(baklava, "ar");
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("بقلاوة بالفستق");
    expect(screen.getByText("Layers of filo and pistachio.")).toBeTruthy();
    expect(screen.getByRole("radio", { name: "0.5 كغ" })).toHaveProperty("checked", true);
    expect(prices()).toMatch(/15\.00/);
    const weights = screen.getByRole("group", { name: "الوزن" });
    expect(within(weights).getAllByRole("radio")).toHaveLength(2);
  });

  it("sells a product without options by the kilo", () => {
    renderProduct({ ...baklava, weights: [], default_grams: 1000, discount_price: null });
    expect(screen.getByRole("radio", { name: "1 kg" })).toHaveProperty("checked", true);
    expect(prices()).toBe("$40.00");
  });
});
