import { cleanup, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { CART_STORAGE_KEY } from "../../../shared/domain/cart.ts";
import { storeCustomerSession } from "../../lib/customer-session.ts";
import { setAppliedCoupon } from "../cart/applied-coupon.ts";
import { resetCartStoreForTests } from "../cart/cart-store.ts";
import { CartView } from "../cart/cart-view.tsx";
import { CheckoutView } from "../cart/checkout-view.tsx";
import { renderScreen } from "../cart/render-for-test.tsx";

// The cart of a signed-in trader is priced by the server with the trader's token and marked
// "Wholesale"; a retail account's cart keeps its prices and asks nothing more.

const pricing = { cartDiscountPercent: 20, deliveryFeeCents: 1500 };
const user = {
  id: 7,
  name: "Omar",
  email: "omar@example.com",
  is_admin: 0 as const,
  username: null,
  company: null,
  phone: null,
  country: null,
  location: null,
  email_verified: true,
};
const lines = [
  { productId: "1", name: "Baklava", price: 25, image: "", qty: 2, grams: 500, timestamp: 1 },
  { productId: "2", name: "Maamoul", price: 10.5, image: "", qty: 1, grams: 1000, timestamp: 1 },
];
const trader = { company_name: "Haddad", terms_days: 30, credit_limit: 5000, min_order_total: 0 };
const quote = {
  lines: [
    {
      product_id: 1,
      grams: 500,
      qty: 2,
      unit_price: 9.5,
      line_total: 19,
      price_source: "wholesale",
    },
    {
      product_id: 2,
      grams: 1000,
      qty: 1,
      unit_price: 10.5,
      line_total: 10.5,
      price_source: "retail",
    },
  ],
  subtotal: 29.5,
  min_order_total: null,
};

type Call = { url: string; headers: Record<string, string>; body: unknown };
function stubApi(account: typeof trader | null) {
  const calls: Call[] = [];
  vi.stubGlobal("fetch", async (url: string, init: RequestInit) => {
    calls.push({
      url,
      headers: init.headers as Record<string, string>,
      body: init.body ? JSON.parse(String(init.body)) : null,
    });
    if (url === "/api/account/trader") return Response.json({ data: account });
    if (url === "/api/cart/price") return Response.json({ data: quote });
    if (url === "/api/shipping/quote")
      return Response.json({
        data: {
          ok: true,
          methods: [
            { id: "delivery:1", kind: "delivery", name: "Syria", name_ar: "سوريا", fee: 5 },
          ],
        },
      });
    if (url === "/api/account") return Response.json({ data: user });
    return Response.json({ message: "Not found." }, { status: 404 });
  });
  return calls;
}

beforeEach(() => {
  localStorage.clear();
  resetCartStoreForTests();
  setAppliedCoupon(null);
  localStorage.setItem(CART_STORAGE_KEY, JSON.stringify(lines));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("a trader's cart", () => {
  it.each([
    ["en", "Wholesale", "$29.50", "$0.00"],
    ["ar", "سعر الجملة", "\u200f29.50\u00a0US$", "\u200f0.00\u00a0US$"],
  ] as const)(
    "shows the server's wholesale prices with the mark (%s), no retail discount",
    async (lang, mark, subtotal, discount) => {
      const calls = stubApi(trader);
      storeCustomerSession({ token: `trader-${lang}`, user });
      renderScreen(<CartView pricing={pricing} />, { lang, path: "/cart" });
      expect((await screen.findByTestId("wholesale-mark")).textContent).toBe(mark);
      expect(screen.getAllByTestId("wholesale-mark")).toHaveLength(1);
      expect(screen.getByTestId("summary-subtotal").textContent).toBe(subtotal);
      expect(screen.getByTestId("summary-discount").textContent).toBe(discount);
      const asked = calls.find((call) => call.url === "/api/cart/price");
      expect(asked?.headers.Authorization ?? asked?.headers.authorization).toBe(
        `Bearer trader-${lang}`,
      );
      expect(asked?.body).toEqual({
        lines: [
          { productId: 1, grams: 500, qty: 2 },
          { productId: 2, grams: 1000, qty: 1 },
        ],
      });
    },
  );

  it("a retail account keeps the cart's prices, its discount, and asks for no price", async () => {
    const calls = stubApi(null);
    storeCustomerSession({ token: "retail", user });
    renderScreen(<CartView pricing={pricing} />, { path: "/cart" });
    await waitFor(() => expect(calls.some((c) => c.url === "/api/account/trader")).toBe(true));
    expect((await screen.findByTestId("summary-subtotal")).textContent).toBe("$60.50");
    expect(screen.getByTestId("summary-discount").textContent).toBe("\u2212$12.10");
    expect(screen.queryByTestId("wholesale-mark")).toBeNull();
    expect(calls.some((c) => c.url === "/api/cart/price")).toBe(false);
  });
});

describe("checkout for a trader", () => {
  it.each([
    ["en", "Invoice (pay within 30 days)"],
    ["ar", "فاتورة (الدفع خلال 30 يومًا)"],
  ] as const)(
    "offers the invoice with the terms' days to a trader on terms (%s)",
    async (lang, label) => {
      stubApi(trader);
      storeCustomerSession({ token: `trader-${lang}`, user });
      renderScreen(<CheckoutView pricing={pricing} />, { lang, path: "/checkout" });
      expect(await screen.findByText(label)).toBeTruthy();
      expect((await screen.findAllByTestId("wholesale-mark")).length).toBe(1);
    },
  );

  it("offers no invoice to a retail account", async () => {
    const calls = stubApi(null);
    storeCustomerSession({ token: "retail-checkout", user });
    renderScreen(<CheckoutView pricing={pricing} />, { path: "/checkout" });
    await waitFor(() => expect(calls.some((c) => c.url === "/api/account/trader")).toBe(true));
    expect(await screen.findByText("Bank transfer")).toBeTruthy();
    expect(screen.queryByText(/^Invoice/u)).toBeNull();
  });
});
