import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { CART_STORAGE_KEY } from "../../../shared/domain/cart.ts";
import { setPageHydrating, useMarkPageHydrated } from "../../components/ui/hydrate-later.tsx";
import { setAppliedCoupon } from "./applied-coupon.ts";
import { resetCartStoreForTests } from "./cart-store.ts";
import { CartView } from "./cart-view.tsx";
import { renderScreen } from "./render-for-test.tsx";

const pricing = { cartDiscountPercent: 20, deliveryFeeCents: 1500 };

function seed(lines: unknown[]) {
  localStorage.setItem(CART_STORAGE_KEY, JSON.stringify(lines));
}

const baklava = {
  productId: "1",
  name: "Baklava",
  name_ar: "بقلاوة",
  price: 25,
  image: "",
  qty: 2,
  grams: 500,
  timestamp: 1,
};
const maamoul = { productId: "2", name: "Maamoul", price: 10.5, image: "", qty: 1, timestamp: 1 };

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  resetCartStoreForTests();
  setAppliedCoupon(null);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The root route's mark that the page has hydrated, as in root.tsx. */
function PageHydrated() {
  useMarkPageHydrated();
  return null;
}

describe("cart page", () => {
  it("shows the breadcrumb and 'Your cart is empty' with a way to the shop", async () => {
    renderScreen(<CartView pricing={pricing} />, { path: "/cart" });
    expect(await screen.findByText("Your cart is empty")).toBeTruthy();
    const crumbs = screen.getByRole("navigation", { name: "Breadcrumb" });
    expect(crumbs.textContent).toBe("Home / Shop / Your Cart");
    expect(screen.getByRole("link", { name: "Go to the shop" }).getAttribute("href")).toBe("/shop");
  });

  // Issue 30: elsewhere the cart is read in the first idle moment after hydration (the header's
  // badge); here it is the page's content, read with hydration's effects.
  it("while the page hydrates, shows the cart's lines before the idle moment after it", async () => {
    seed([baklava]);
    setPageHydrating(true);
    try {
      renderScreen(<CartView pricing={pricing} />, { path: "/cart" });
      expect(await screen.findByText("Baklava")).toBeTruthy();
      renderScreen(<PageHydrated />, { path: "/cart" });
    } finally {
      setPageHydrating(false);
    }
  });

  it("sums the lines with the default formula: total = 0.8 x subtotal + 15", async () => {
    seed([baklava, maamoul]);
    renderScreen(<CartView pricing={pricing} />, { path: "/cart" });
    // subtotal 2 x 25 + 10.50 = 60.50; discount 12.10; total 48.40 + 15 = 63.40
    expect((await screen.findByTestId("summary-subtotal")).textContent).toBe("$60.50");
    expect(screen.getByTestId("summary-discount").textContent).toBe("−$12.10");
    expect(screen.getByText("Discount (20%)")).toBeTruthy();
    expect(screen.getByTestId("summary-delivery").textContent).toBe("$15.00");
    expect(screen.getByTestId("summary-total").textContent).toBe("$63.40");
    expect(screen.getAllByTestId("line-weight").map((el) => el.textContent)).toEqual([
      "0.5 kg",
      "1 kg",
    ]);
    expect(screen.getByRole("link", { name: "Checkout" }).getAttribute("href")).toBe("/checkout");
  });

  it("shows Arabic names, labels and Latin-digit prices in Arabic", async () => {
    seed([baklava, maamoul]);
    renderScreen(<CartView pricing={pricing} />, { lang: "ar", path: "/cart" });
    expect(await screen.findByText("بقلاوة")).toBeTruthy();
    // No Arabic name stored: the English one is shown.
    expect(screen.getByText("Maamoul")).toBeTruthy();
    expect(screen.getByText("0.5 كغ")).toBeTruthy();
    expect(screen.getByTestId("summary-total").textContent).toMatch(/63\.40/);
  });

  it("keeps quantity at least 1 and lets a line be removed", async () => {
    seed([baklava, maamoul]);
    renderScreen(<CartView pricing={pricing} />, { path: "/cart" });
    const less = await screen.findByRole("button", { name: "One less Maamoul" });
    expect((less as HTMLButtonElement).disabled).toBe(true);
    const qty = screen.getByLabelText("Quantity of Maamoul") as HTMLInputElement;
    fireEvent.change(qty, { target: { value: "0" } });
    expect(qty.value).toBe("1");
    fireEvent.click(screen.getByRole("button", { name: "One more Maamoul" }));
    expect(qty.value).toBe("2");
    expect(screen.getByTestId("summary-subtotal").textContent).toBe("$71.00");

    fireEvent.click(screen.getByRole("button", { name: "Remove Baklava from the cart" }));
    expect(screen.getAllByTestId("cart-line")).toHaveLength(1);
    expect(JSON.parse(localStorage.getItem(CART_STORAGE_KEY) ?? "[]")).toMatchObject([
      { productId: "2", qty: 2 },
    ]);
  });

  it("asks before clearing the cart", async () => {
    seed([baklava]);
    renderScreen(<CartView pricing={pricing} />, { path: "/cart" });
    const button = await screen.findByRole("button", { name: "Clear cart" });
    button.focus();
    fireEvent.click(button);
    // Its code arrives on this first press (a lazy chunk), then the dialog opens.
    const dialog = await screen.findByRole("alertdialog", { name: "Clear your cart?" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Keep my cart" }));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
    expect(screen.getAllByTestId("cart-line")).toHaveLength(1);
    await waitFor(() => expect(document.activeElement).toBe(button));

    fireEvent.click(screen.getByRole("button", { name: "Clear cart" }));
    const again = await screen.findByRole("alertdialog");
    fireEvent.click(within(again).getByRole("button", { name: "Yes, clear cart" }));
    expect(await screen.findByText("Your cart is empty")).toBeTruthy();
    expect(localStorage.getItem(CART_STORAGE_KEY)).toBeNull();
  });

  it("applies a larger coupon instead of the standing discount, never both", async () => {
    seed([baklava, maamoul]);
    const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) =>
      Response.json({ data: { code: "SWEET30", discount_percent: 30, applies: true } }),
    );
    vi.stubGlobal("fetch", fetchMock);
    renderScreen(<CartView pricing={pricing} />, { path: "/cart" });
    fireEvent.change(await screen.findByLabelText("Promotion code"), {
      target: { value: " sweet30 " },
    });
    fireEvent.click(screen.getByRole("button", { name: "Apply" }));
    expect((await screen.findByTestId("coupon-applied")).textContent).toBe(
      "Code SWEET30 applied: 30% off.",
    );
    expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body))).toEqual({
      code: "sweet30",
      subtotal: 60.5,
    });
    // 30% of 60.50 = 18.15; 60.50 - 18.15 + 15 = 57.35
    expect(screen.getByTestId("summary-discount").textContent).toBe("−$18.15");
    expect(screen.getByTestId("summary-total").textContent).toBe("$57.35");
  });

  it("keeps the standing discount when the coupon is smaller and says so", async () => {
    seed([maamoul]);
    vi.stubGlobal("fetch", async () =>
      Response.json({ data: { code: "SWEET10", discount_percent: 10, applies: false } }),
    );
    renderScreen(<CartView pricing={pricing} />, { path: "/cart" });
    fireEvent.change(await screen.findByLabelText("Promotion code"), {
      target: { value: "SWEET10" },
    });
    fireEvent.click(screen.getByRole("button", { name: "Apply" }));
    expect((await screen.findByTestId("coupon-applied")).textContent).toMatch(
      /standing 20% discount is larger/,
    );
    expect(screen.getByText("Discount (20%)")).toBeTruthy();
  });

  it.each([
    [
      "en",
      "Promotion code",
      "Apply",
      "Code SWEET20 gives 20% off, the same as the standing discount: the standing 20% applies and the code stays unused. Discounts never add up.",
    ],
    [
      "ar",
      "رمز العرض",
      "تطبيق",
      "الرمز SWEET20 يعطي خصم 20%، وهو مساوٍ للخصم الدائم: يُطبَّق الخصم الدائم 20% ويبقى الرمز دون استخدام. الخصومات لا تُجمع.",
    ],
  ] as const)(
    "%s: a coupon equal to the standing discount says which applies (issue 29.13)",
    async (lang, label, apply, text) => {
      seed([maamoul]);
      vi.stubGlobal("fetch", async () =>
        Response.json({ data: { code: "SWEET20", discount_percent: 20, applies: false } }),
      );
      renderScreen(<CartView pricing={pricing} />, { path: "/cart", lang });
      fireEvent.change(await screen.findByLabelText(label), { target: { value: "SWEET20" } });
      fireEvent.click(screen.getByRole("button", { name: apply }));
      expect((await screen.findByTestId("coupon-applied")).textContent).toBe(text);
    },
  );

  it.each([
    ["unknown", "This promotion code does not exist."],
    ["expired", "This promotion code has expired."],
    ["used_up", "This promotion code has been used up."],
  ])("explains a %s code", async (reason, text) => {
    seed([maamoul]);
    vi.stubGlobal("fetch", async () =>
      Response.json({ message: "x", errors: { code: ["x"] }, reason }, { status: 422 }),
    );
    renderScreen(<CartView pricing={pricing} />, { path: "/cart" });
    fireEvent.change(await screen.findByLabelText("Promotion code"), { target: { value: "OLD" } });
    fireEvent.click(screen.getByRole("button", { name: "Apply" }));
    expect((await screen.findByTestId("coupon-problem")).textContent).toBe(text);
  });
});
