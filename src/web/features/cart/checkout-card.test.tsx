import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { CART_STORAGE_KEY } from "../../../shared/domain/cart.ts";
import { setAppliedCoupon } from "./applied-coupon.ts";
import { resetCartStoreForTests } from "./cart-store.ts";
import { CheckoutView } from "./checkout-view.tsx";
import { renderScreen } from "./render-for-test.tsx";

const pricing = { cartDiscountPercent: 0, deliveryFeeCents: 1500 };
const WITH_CARD = ["cod", "bank_transfer", "messaging_app", "card"] as const;
const PAY_URL = "http://127.0.0.1:4242/pay/cs_test_1";

beforeEach(() => {
  localStorage.clear();
  resetCartStoreForTests();
  setAppliedCoupon(null);
  localStorage.setItem(
    CART_STORAGE_KEY,
    JSON.stringify([
      { productId: "7", qty: 1, grams: 1000, name: "Baklava", price: 25, image: "", timestamp: 1 },
    ]),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** Quotes one delivery; the order answers `order`. Returns the order requests' bodies. */
function stubApi(order: Record<string, unknown>) {
  const bodies: Array<Record<string, unknown>> = [];
  vi.stubGlobal("fetch", async (url: string, init: RequestInit) => {
    if (url === "/api/shipping/quote")
      return Response.json({
        data: {
          ok: true,
          methods: [
            { id: "delivery:1", kind: "delivery", name: "Home", name_ar: "المنزل", fee: 15 },
          ],
        },
      });
    if (url === "/api/orders") {
      bodies.push(JSON.parse(String(init.body)));
      return Response.json({ data: order }, { status: 201 });
    }
    return Response.json({}, { status: 500 });
  });
  return bodies;
}

async function fillAndChoose(method: RegExp) {
  await screen.findAllByTestId("shipping-method");
  fireEvent.input(screen.getByLabelText(/^Full name \*/u), { target: { value: "Rana Haddad" } });
  fireEvent.input(screen.getByLabelText(/^Phone \*/u), { target: { value: "+963 944 000 000" } });
  fireEvent.input(screen.getByLabelText(/^City \*/u), { target: { value: "Damascus" } });
  fireEvent.input(screen.getByLabelText(/^Address \*/u), { target: { value: "Street 1" } });
  fireEvent.click(screen.getByLabelText(method));
  const submit = screen.getByRole("button", { name: "Place order" }) as HTMLButtonElement;
  await waitFor(() => expect(submit.disabled).toBe(false));
  fireEvent.click(submit);
}

describe("checkout: card payments (issue 24)", () => {
  it("offers no card when the shop has no gateway", async () => {
    stubApi({});
    renderScreen(<CheckoutView pricing={pricing} />, { path: "/checkout" });
    await screen.findAllByTestId("shipping-method");
    expect(screen.queryByLabelText(/Card/)).toBeNull();
    expect(screen.getAllByRole("radio", { name: /delivery|transfer|WhatsApp/i }).length).toBe(3);
  });

  it("offers the card when listed, in both languages, saying the charge is in USD", async () => {
    stubApi({});
    renderScreen(<CheckoutView pricing={pricing} paymentMethods={WITH_CARD} />, {
      lang: "ar",
      path: "/checkout",
    });
    const card = await screen.findByLabelText(/بطاقة/);
    expect(card.closest("label")?.textContent).toContain("USD");
  });

  it("after placing a card order, sends the browser to the payment page and empties the cart", async () => {
    const assign = vi.fn();
    vi.stubGlobal("location", { ...window.location, assign });
    const bodies = stubApi({
      number: "SW-10001",
      status: "pending",
      payment_method: "card",
      payment_status: "unpaid",
      payment_url: PAY_URL,
      access_key: "k",
    });
    renderScreen(<CheckoutView pricing={pricing} paymentMethods={WITH_CARD} />, {
      path: "/checkout",
    });
    await fillAndChoose(/Card/);
    await waitFor(() => expect(assign).toHaveBeenCalledWith(PAY_URL));
    expect(bodies[0]).toMatchObject({ payment_method: "card" });
    expect(await screen.findByText("Order placed. Opening the secure payment page…")).toBeTruthy();
    expect(localStorage.getItem(CART_STORAGE_KEY)).toBeNull();
  });

  it("without a payment page (the gateway failed), opens the order page, which offers the retry", async () => {
    const assign = vi.fn();
    vi.stubGlobal("location", { ...window.location, assign });
    stubApi({
      number: "SW-10002",
      status: "pending",
      payment_method: "card",
      payment_status: "unpaid",
      payment_url: null,
      access_key: "k",
    });
    renderScreen(<CheckoutView pricing={pricing} paymentMethods={WITH_CARD} />, {
      path: "/checkout",
    });
    await fillAndChoose(/Card/);
    expect((await screen.findByTestId("location")).textContent).toBe("/order/SW-10002?key=k");
    expect(assign).not.toHaveBeenCalled();
  });
});
