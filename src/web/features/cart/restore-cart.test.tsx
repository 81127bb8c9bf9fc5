import { cleanup, screen, waitFor } from "@testing-library/react";
import { useLocation } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { CART_STORAGE_KEY } from "../../../shared/domain/cart.ts";
import { setAppliedCoupon } from "./applied-coupon.ts";
import { cartStore, resetCartStoreForTests } from "./cart-store.ts";
import { CartView } from "./cart-view.tsx";
import { renderScreen } from "./render-for-test.tsx";

const pricing = { cartDiscountPercent: 0, deliveryFeeCents: 1500 };
const TOKEN = "a".repeat(43);

const product = (id: number, name: string, name_ar: string) => ({
  id,
  name,
  name_ar,
  image_url: null,
  image: null,
  default_grams: 1000,
  default_price: 40,
  weights: [
    { grams: 500, label: "", label_ar: "", price: 20, discount_price: null },
    { grams: 1000, label: "", label_ar: "", price: 40, discount_price: 36 },
  ],
});

function stubApi(restore: Response) {
  const urls: string[] = [];
  vi.stubGlobal("fetch", async (url: string) => {
    urls.push(url);
    if (url === `/api/cart/restore/${TOKEN}`) return restore;
    if (url === "/api/products/1") return Response.json({ data: product(1, "Baklava", "بقلاوة") });
    if (url === "/api/products/2") return Response.json({ data: product(2, "Maamoul", "معمول") });
    if (url === "/api/products/3") return Response.json({ message: "Not found" }, { status: 404 });
    if (url === "/api/account/trader") return Response.json({ data: null });
    return Response.json({ data: [] });
  });
  return urls;
}

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.search}</p>;
}

beforeEach(() => {
  localStorage.clear();
  resetCartStoreForTests();
  setAppliedCoupon(null);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("a reminder's link restores the cart", () => {
  it("merges the lines at today's prices without doubling one the cart holds, and drops the parameter", async () => {
    localStorage.setItem(
      CART_STORAGE_KEY,
      JSON.stringify([
        { productId: "1", name: "Baklava", price: 20, image: "", timestamp: 1, qty: 3, grams: 500 },
      ]),
    );
    stubApi(
      Response.json({
        data: {
          lines: [
            { productId: 1, grams: 500, qty: 1 },
            { productId: 2, grams: 1000, qty: 2 },
            { productId: 3, grams: 500, qty: 1 },
          ],
        },
      }),
    );
    renderScreen(
      <>
        <CartView pricing={pricing} />
        <Where />
      </>,
      { path: `/cart?restore=${TOKEN}` },
    );
    expect((await screen.findByTestId("cart-restored")).textContent).toBe(
      "The sweets from your reminder are back in your cart.",
    );
    await waitFor(() => expect(screen.getByTestId("where").textContent).toBe(""));
    const lines = cartStore().getSnapshot().lines;
    expect(lines.map((l) => [l.productId, l.grams ?? null, l.qty, l.price])).toEqual([
      ["1", 500, 3, 20],
      ["2", null, 2, 36],
    ]);
    expect(lines[1]?.name_ar).toBe("معمول");
  });

  it("says in Arabic when the link is no longer valid, and changes nothing", async () => {
    stubApi(Response.json({ message: "This cart link is not valid any more." }, { status: 404 }));
    renderScreen(
      <>
        <CartView pricing={pricing} />
        <Where />
      </>,
      { lang: "ar", path: `/ar/cart?restore=${TOKEN}` },
    );
    expect((await screen.findByTestId("cart-restored")).textContent).toBe(
      "رابط السلة هذا لم يعد صالحًا.",
    );
    await waitFor(() => expect(screen.getByTestId("where").textContent).toBe(""));
    expect(cartStore().getSnapshot().lines).toEqual([]);
  });
});
