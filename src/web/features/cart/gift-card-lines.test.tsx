import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { CART_STORAGE_KEY } from "../../../shared/domain/cart.ts";
import { setAppliedCoupon } from "./applied-coupon.ts";
import { cartStore, resetCartStoreForTests } from "./cart-store.ts";
import { CartView } from "./cart-view.tsx";
import { CheckoutView } from "./checkout-view.tsx";
import { CART_GIFT_CARDS_KEY } from "./gift-card-lines.ts";
import { renderScreen } from "./render-for-test.tsx";

const pricing = { cartDiscountPercent: 20, deliveryFeeCents: 1500 };
const card = {
  id: "a",
  amount: 50,
  recipient_name: "Mother",
  recipient_email: "mum@example.com",
  message: "Eid Mubarak",
  send_on: "2026-12-24",
  lang: "ar",
};
const baklava = {
  productId: "1",
  name: "Baklava",
  price: 25,
  image: "",
  qty: 2,
  grams: 500,
  timestamp: 1,
};

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

describe("gift card lines in the cart", () => {
  it("shows amount, recipient and send day, adds them undiscounted to the total, and removes them", async () => {
    localStorage.setItem(CART_STORAGE_KEY, JSON.stringify([baklava]));
    localStorage.setItem(
      CART_GIFT_CARDS_KEY,
      JSON.stringify([card, { ...card, id: "b", amount: 25, recipient_name: "Aunt" }]),
    );
    renderScreen(<CartView pricing={pricing} />, { path: "/cart" });
    const lines = await screen.findAllByTestId("gift-card-line");
    expect(lines).toHaveLength(2);
    expect(lines[0]?.textContent).toContain("To Mother (mum@example.com)");
    expect(within(lines[0]!).getByTestId("gift-card-send-on").textContent).toBe(
      "E-mailed on \u206624 Dec 2026\u2069, in Arabic",
    );
    expect(within(lines[0]!).getByTestId("gift-card-amount").textContent).toBe("$50.00");
    // Sweets 50 - 20% + 15 delivery = 55; the cards add 75 as they are.
    expect(screen.getByTestId("summary-gift-cards").textContent).toBe("$75.00");
    expect(screen.getByTestId("summary-total").textContent).toBe("$130.00");

    fireEvent.click(screen.getByRole("button", { name: "Remove the gift card to Aunt" }));
    await waitFor(() => expect(screen.getAllByTestId("gift-card-line")).toHaveLength(1));
    expect(screen.getByTestId("summary-total").textContent).toBe("$105.00");
    expect(JSON.parse(localStorage.getItem(CART_GIFT_CARDS_KEY)!)).toHaveLength(1);
  });

  it("a cart of gift cards alone is a cart: no delivery fee, the cards' sum is the total; Arabic", async () => {
    localStorage.setItem(CART_GIFT_CARDS_KEY, JSON.stringify([card]));
    renderScreen(<CartView pricing={pricing} />, { path: "/ar/cart", lang: "ar" });
    const line = await screen.findByTestId("gift-card-line");
    expect(line.textContent).toContain("بطاقة هدية");
    expect(line.textContent).toContain("إلى Mother (mum@example.com)");
    expect(within(line).getByTestId("gift-card-send-on").textContent).toBe(
      "تُرسل بالبريد يوم \u206724/12/2026\u2069، بالعربية",
    );
    expect(screen.getByTestId("summary-delivery").textContent).toContain("0.00");
    expect(screen.getByTestId("summary-total").textContent).toContain("50.00");
    expect(
      screen.getByRole("button", { name: "إزالة بطاقة الهدية المرسلة إلى Mother" }),
    ).toBeTruthy();
    expect(screen.getByRole("link", { name: "أضف بطاقة هدية" }).getAttribute("href")).toBe(
      "/ar/gift-cards",
    );
  });

  it("the store keeps at most ten, and clearing the cart clears them too", () => {
    const store = cartStore();
    const { id: _id, ...input } = { ...card, lang: "en" as const };
    for (let i = 0; i < 10; i++) expect(store.addGiftCard(input)).toBe(true);
    expect(store.addGiftCard(input)).toBe(false);
    expect(store.getSnapshot().giftCards).toHaveLength(10);
    store.clear();
    expect(store.getSnapshot().giftCards).toHaveLength(0);
    expect(localStorage.getItem(CART_GIFT_CARDS_KEY)).toBeNull();
  });
});

describe("gift cards at checkout", () => {
  it("gift cards alone: no address, delivery or cash on delivery; they go as gift_cards", async () => {
    localStorage.setItem(CART_GIFT_CARDS_KEY, JSON.stringify([card]));
    const orders: Record<string, unknown>[] = [];
    vi.stubGlobal("fetch", async (url: string, init: RequestInit) => {
      if (url === "/api/orders") {
        orders.push(JSON.parse(String(init.body)));
        return Response.json(
          { data: { number: "SW-1", access_key: "k", payment_method: "bank_transfer" } },
          { status: 201 },
        );
      }
      return Response.json({ data: null });
    });
    renderScreen(<CheckoutView pricing={pricing} />, { path: "/checkout" });
    expect((await screen.findByTestId("cards-only")).textContent).toBe(
      "Gift cards are e-mailed: no address or delivery day is needed.",
    );
    expect(screen.queryByLabelText(/^City/u)).toBeNull();
    expect(screen.queryByLabelText(/^Address/u)).toBeNull();
    expect(screen.queryByText("Shipping")).toBeNull();
    expect(screen.queryByTestId("gift-section")).toBeNull();
    // No code box: a gift card is not bought with a gift card.
    expect(screen.queryByLabelText(/^Gift card code/u)).toBeNull();
    expect(screen.queryByRole("radio", { name: /Cash on delivery/ })).toBeNull();
    expect(screen.getByTestId("checkout-gift-card").textContent).toContain("Mother");
    expect(screen.getByTestId("summary-total").textContent).toBe("$50.00");

    fireEvent.input(screen.getByLabelText(/^Full name \*/u), { target: { value: "Rana" } });
    fireEvent.input(screen.getByLabelText(/^Phone \*/u), { target: { value: "+963 944 000 000" } });
    fireEvent.click(screen.getByRole("button", { name: "Place order" }));
    await waitFor(() => expect(orders).toHaveLength(1));
    expect(orders[0]).toMatchObject({
      lines: [],
      payment_method: "bank_transfer",
      shipping_method: null,
      gift_cards: [
        {
          amount: 50,
          recipient_name: "Mother",
          recipient_email: "mum@example.com",
          message: "Eid Mubarak",
          send_on: "2026-12-24",
          lang: "ar",
        },
      ],
    });
    expect(orders[0]).not.toHaveProperty("gift_card");
  });

  it("the code box checks a card's balance and the summary shows what it pays and what is left; Arabic", async () => {
    localStorage.setItem(CART_STORAGE_KEY, JSON.stringify([baklava]));
    vi.stubGlobal("fetch", async (url: string, init: RequestInit) => {
      if (url === "/api/gift-cards/balance") {
        const { code } = JSON.parse(String(init.body));
        return code === "ABCD-EFGH-JKMN-PQRS"
          ? Response.json({ data: { balance: 30 } })
          : Response.json(
              { message: "This gift card code cannot be used.", errors: {} },
              { status: 422 },
            );
      }
      return Response.json({ data: null });
    });
    renderScreen(<CheckoutView pricing={pricing} />, { path: "/ar/checkout", lang: "ar" });
    const box = await screen.findByLabelText(/^رمز رصيد الهدية/u);
    fireEvent.input(box, { target: { value: "WRONG" } });
    fireEvent.click(screen.getByRole("button", { name: "تحقق من الرصيد" }));
    expect(await screen.findByText("لا يمكن استخدام رمز بطاقة الهدية هذا.")).toBeTruthy();

    fireEvent.input(box, { target: { value: "ABCD-EFGH-JKMN-PQRS" } });
    fireEvent.click(screen.getByRole("button", { name: "تحقق من الرصيد" }));
    expect((await screen.findByTestId("gift-card-balance")).textContent).toContain("30.00");
    expect(screen.getByTestId("gift-card-balance").textContent).toContain("الرصيد:");
    // 50 - 20% + 15 = 55; the card pays 30, 25 is left.
    // The summary follows once the cart's price has come back too, which may be later.
    await waitFor(() =>
      expect(screen.getByTestId("summary-gift-card-pays").textContent).toContain("30.00"),
    );
    expect(screen.getByTestId("summary-to-pay").textContent).toContain("25.00");
    // Another code is not the one checked: the summary stops counting it.
    fireEvent.input(box, { target: { value: "ABCD" } });
    await waitFor(() => expect(screen.queryByTestId("summary-to-pay")).toBeNull());
  });
});
