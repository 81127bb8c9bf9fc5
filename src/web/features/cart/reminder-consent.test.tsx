import { act, cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { CART_STORAGE_KEY } from "../../../shared/domain/cart.ts";
import { setAppliedCoupon } from "./applied-coupon.ts";
import { resetCartStoreForTests } from "./cart-store.ts";
import { CheckoutView } from "./checkout-view.tsx";
import { CONTACT_PAUSE_MS } from "./record-checkout-contact.ts";
import { renderScreen } from "./render-for-test.tsx";

const pricing = { cartDiscountPercent: 20, deliveryFeeCents: 1500 };

function stubApi() {
  const contacts: Array<Record<string, unknown>> = [];
  vi.stubGlobal("fetch", async (url: string, init: RequestInit) => {
    if (url === "/api/checkout/contact") {
      contacts.push(JSON.parse(String(init.body)));
      return Response.json({ data: { ok: true } }, { status: 202 });
    }
    if (url === "/api/account/trader") return Response.json({ data: null });
    if (url === "/api/shipping/quote")
      return Response.json({
        data: { ok: false, reason: "no_shipping", message: "No.", message_ar: "لا." },
      });
    return Response.json({}, { status: 500 });
  });
  return contacts;
}

const pause = () =>
  act(async () => {
    await new Promise((resolve) => setTimeout(resolve, CONTACT_PAUSE_MS + 50));
  });

beforeEach(() => {
  localStorage.clear();
  resetCartStoreForTests();
  setAppliedCoupon(null);
  localStorage.setItem(
    CART_STORAGE_KEY,
    JSON.stringify([
      { productId: "1", name: "Baklava", price: 25, image: "", timestamp: 1, qty: 2, grams: 500 },
    ]),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("checkout's reminder consent", () => {
  it("is not offered while the owner has reminders off", async () => {
    stubApi();
    renderScreen(<CheckoutView pricing={pricing} />, { path: "/checkout" });
    await screen.findByRole("textbox", { name: /^E-mail/u });
    expect(screen.queryByRole("checkbox", { name: /reminder/u })).toBeNull();
  });

  it("sends nothing without consent, then records once when ticked with a whole address", async () => {
    const contacts = stubApi();
    renderScreen(<CheckoutView pricing={pricing} reminders />, { path: "/checkout" });
    const email = await screen.findByRole("textbox", { name: /^E-mail/u });
    fireEvent.input(email, { target: { value: "rana@example.com" } });
    fireEvent.blur(email);
    await pause();
    expect(contacts).toEqual([]);

    fireEvent.click(screen.getByRole("checkbox", { name: /reminder/u }));
    fireEvent.blur(email);
    await waitFor(() => expect(contacts).toHaveLength(1));
    expect(contacts[0]).toEqual({
      email: "rana@example.com",
      consent: true,
      lines: [{ productId: 1, grams: 500, qty: 2 }],
      lang: "en",
    });

    // Typing alone sends nothing; the same settled address is not sent again.
    fireEvent.input(email, { target: { value: "rana@exa" } });
    fireEvent.blur(email);
    fireEvent.input(email, { target: { value: "rana@example.com" } });
    fireEvent.blur(email);
    await pause();
    expect(contacts).toHaveLength(1);
  });

  it("speaks Arabic and sends the page's language", async () => {
    const contacts = stubApi();
    renderScreen(<CheckoutView pricing={pricing} reminders />, {
      lang: "ar",
      path: "/ar/checkout",
    });
    const email = await screen.findByRole("textbox", { name: /^البريد الإلكتروني/u });
    fireEvent.click(screen.getByRole("checkbox", { name: /ذكّرني/u }));
    fireEvent.input(email, { target: { value: "rana@example.com" } });
    fireEvent.blur(email);
    await waitFor(() => expect(contacts).toHaveLength(1));
    expect(contacts[0]?.lang).toBe("ar");
  });
});
