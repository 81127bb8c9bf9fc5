import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderWithKit } from "../../../test/render-with-kit.tsx";
import { PriceListsSection } from "./price-lists-section.tsx";

let calls: Array<{ url: string; method?: string; body?: string }>;
let refuse = false;
beforeEach(() => {
  calls = [];
  refuse = false;
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init?: RequestInit) => {
      calls.push({ url, method: init?.method, body: init?.body as string | undefined });
      if (url.startsWith("/api/admin/products"))
        return Response.json({ data: [{ id: 7, name: "Maamoul", name_ar: "معمول" }] });
      if (url.startsWith("/api/admin/categories"))
        return Response.json({ data: [{ id: 3, name: "Baklava", name_ar: "بقلاوة" }] });
      if (init?.method === "POST" && refuse)
        return Response.json(
          {
            message: "The given data was invalid.",
            errors: {
              "categories.0.percent_off": ["The percentage off is a whole number from 1 to 100."],
            },
          },
          { status: 422 },
        );
      if (init?.method === "POST")
        return Response.json(
          { data: { id: 9, ...JSON.parse(init.body as string) } },
          { status: 201 },
        );
      return Response.json({ data: [] });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function fillNewList() {
  fireEvent.click(await screen.findByTestId("price-list-new"));
  const dialog = await screen.findByTestId("price-list-dialog");
  const inputs = () => within(dialog).getAllByRole("textbox");
  fireEvent.change(inputs()[0]!, { target: { value: "Distributors" } });
  fireEvent.change(inputs()[1]!, { target: { value: "250" } });
  fireEvent.click(within(dialog).getByTestId("price-list-add-product"));
  await within(dialog).findByText(/Maamoul|معمول/);
  const product = within(dialog).getByTestId("price-list-product");
  fireEvent.change(within(product).getByRole("combobox"), { target: { value: "7" } });
  const [price, min] = within(product).getAllByRole("textbox");
  fireEvent.change(price!, { target: { value: "14.5" } });
  fireEvent.change(min!, { target: { value: "2" } });
  fireEvent.click(within(product).getByTestId("price-list-add-tier"));
  const tier = within(product).getByTestId("price-list-tier");
  const [from, tierPrice] = within(tier).getAllByRole("textbox");
  fireEvent.change(from!, { target: { value: "10" } });
  fireEvent.change(tierPrice!, { target: { value: "12.5" } });
  fireEvent.click(within(dialog).getByTestId("price-list-add-category"));
  const category = within(dialog).getByTestId("price-list-category");
  fireEvent.change(within(category).getByRole("combobox"), { target: { value: "3" } });
  fireEvent.change(within(category).getByRole("textbox"), { target: { value: "15" } });
  fireEvent.click(within(dialog).getByTestId("price-list-save"));
}

describe("price lists editor", () => {
  it.each(["en", "ar"] as const)(
    "in %s: a new list with a product, its minimum, a tier and a category off, sent in grams",
    async (lang) => {
      renderWithKit(<PriceListsSection />, { lang });
      await fillNewList();
      await waitFor(() => expect(calls.find((c) => c.method === "POST")).toBeTruthy());
      const sent = calls.find((c) => c.method === "POST")!;
      expect(sent.url).toBe("/api/admin/price-lists");
      expect(JSON.parse(sent.body!)).toEqual({
        name: "Distributors",
        min_order_total: 250,
        products: [
          {
            product_id: 7,
            price_per_kg: 14.5,
            min_grams: 2000,
            tiers: [{ from_grams: 10_000, price_per_kg: 12.5 }],
          },
        ],
        categories: [{ category_id: 3, percent_off: 15 }],
      });
      await waitFor(() => expect(screen.queryByTestId("price-list-dialog")).toBeNull());
    },
  );

  it.each([
    ["en", "The percentage off is a whole number from 1 to 100."],
    ["ar", "نسبة الخصم عدد صحيح من 1 إلى 100."],
  ] as const)("in %s: the server's refusal shows beside its field", async (lang, message) => {
    refuse = true;
    renderWithKit(<PriceListsSection />, { lang });
    await fillNewList();
    const category = await screen.findByTestId("price-list-category");
    expect(await within(category).findByText(message)).toBeTruthy();
    expect(screen.getByTestId("price-list-dialog")).toBeTruthy();
  });
});
