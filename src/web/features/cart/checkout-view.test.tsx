import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { CART_STORAGE_KEY } from "../../../shared/domain/cart.ts";
import { setAppliedCoupon } from "./applied-coupon.ts";
import { resetCartStoreForTests } from "./cart-store.ts";
import { CheckoutView } from "./checkout-view.tsx";
import { renderScreen } from "./render-for-test.tsx";

const pricing = { cartDiscountPercent: 20, deliveryFeeCents: 1500 };
const line = { name: "Baklava", price: 25, image: "", timestamp: 1 };

function seed(lines: unknown[]) {
  localStorage.setItem(CART_STORAGE_KEY, JSON.stringify(lines));
}

const order = {
  number: "ORD-000123",
  status: "pending",
  payment_method: "cod",
  access_key: "secret-key",
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

async function chooseCountry(code: string) {
  fireEvent.change(await screen.findByLabelText("Country"), { target: { value: code } });
}

function fillDetails() {
  fireEvent.input(screen.getByLabelText("Full name"), { target: { value: "Rana Haddad" } });
  fireEvent.input(screen.getByLabelText("Phone"), { target: { value: "+963 944 000 000" } });
  fireEvent.input(screen.getByLabelText("City"), { target: { value: "Damascus" } });
  fireEvent.input(screen.getByLabelText("Address"), { target: { value: "Street 1" } });
}

const submitButton = () => screen.getByRole("button", { name: "Place order" }) as HTMLButtonElement;

describe("checkout shipping rules", () => {
  it("starts on Syria, domestic, with every country in the list", async () => {
    seed([{ ...line, productId: "1", qty: 1, grams: 500 }]);
    renderScreen(<CheckoutView pricing={pricing} />, { path: "/checkout" });
    const select = (await screen.findByLabelText("Country")) as HTMLSelectElement;
    expect(select.value).toBe("SY");
    expect(select.options[0]?.textContent).toBe("Syria");
    expect(select.options.length).toBe(249);
    expect(screen.getByTestId("shipping-message").textContent).toBe("Delivery within Syria.");
  });

  it("refuses a no-shipping country and Portugal, and disables the order button", async () => {
    seed([{ ...line, productId: "1", qty: 1, grams: 500 }]);
    renderScreen(<CheckoutView pricing={pricing} />, { path: "/checkout" });
    await chooseCountry("PT");
    expect(screen.getByTestId("shipping-message").textContent).toBe(
      "Sorry, we do not ship to Portugal.",
    );
    expect(submitButton().disabled).toBe(true);
    await chooseCountry("EG");
    expect(screen.getByTestId("shipping-message").textContent).toBe(
      "Sorry, we do not ship to Egypt.",
    );
    await chooseCountry("CA");
    expect(screen.getByTestId("shipping-message").textContent).toBe(
      "International shipping by courier.",
    );
    expect(submitButton().disabled).toBe(false);
  });

  it("checks the cart weight against the 1 kg and 3 kg limits as the cart changes", async () => {
    // 2 x 500 g + one line without a weight (counted as 1 kg) = 2 kg
    seed([
      { ...line, productId: "1", qty: 2, grams: 500 },
      { ...line, productId: "2", qty: 1 },
    ]);
    renderScreen(<CheckoutView pricing={pricing} />, { path: "/checkout" });
    await chooseCountry("FR");
    expect(screen.getByTestId("shipping-message").textContent).toBe(
      "Orders shipped to France may weigh at most 1 kg. Please reduce your cart.",
    );
    expect(submitButton().disabled).toBe(true);
    await chooseCountry("DE");
    expect(screen.getByTestId("shipping-message").textContent).toBe(
      "International shipping by courier.",
    );
    expect(screen.getByText("Cart weight: 2 kg")).toBeTruthy();
  });

  it("speaks Arabic in Arabic", async () => {
    seed([{ ...line, productId: "1", qty: 1, grams: 500 }]);
    renderScreen(<CheckoutView pricing={pricing} />, { lang: "ar", path: "/checkout" });
    const select = (await screen.findByLabelText("الدولة")) as HTMLSelectElement;
    expect(select.options[0]?.textContent).toBe("سوريا");
    fireEvent.change(select, { target: { value: "ES" } });
    expect(screen.getByTestId("shipping-message").textContent).toBe("عذراً، لا نشحن إلى إسبانيا.");
  });
});

describe("placing the order", () => {
  it("shows the schema's messages next to the fields and sends nothing", async () => {
    seed([{ ...line, productId: "1", qty: 1, grams: 500 }]);
    const fetchMock = vi.fn();
    vi.stubGlobal("fetch", fetchMock);
    renderScreen(<CheckoutView pricing={pricing} />, { path: "/checkout" });
    fireEvent.click(await screen.findByRole("button", { name: "Place order" }));
    expect(await screen.findByText("Name is required")).toBeTruthy();
    expect(screen.getByText("Please enter your phone number.")).toBeTruthy();
    expect(screen.getByText("Please enter your city.")).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("posts the lines with one idempotency key, clears the cart only on 201 and opens the confirmation", async () => {
    seed([
      { ...line, productId: "7", qty: 2, grams: 500 },
      { ...line, productId: "8", qty: 1, default_grams: 250 },
    ]);
    setAppliedCoupon({ code: "SWEET30", percent: 30 });
    const calls: Array<{ headers: Record<string, string>; body: Record<string, unknown> }> = [];
    let attempt = 0;
    vi.stubGlobal("fetch", async (_url: string, init: RequestInit) => {
      calls.push({
        headers: init.headers as Record<string, string>,
        body: JSON.parse(String(init.body)),
      });
      attempt += 1;
      // The first answer is lost on the way back: the shopper retries.
      if (attempt === 1) throw new TypeError("Failed to fetch");
      return Response.json({ data: order }, { status: 201 });
    });
    renderScreen(<CheckoutView pricing={pricing} />, { path: "/checkout" });
    await screen.findByLabelText("Full name");
    fillDetails();
    fireEvent.click(screen.getByLabelText(/Bank transfer/));
    fireEvent.click(submitButton());
    expect(
      await screen.findByText("Your order could not be placed. Please try again."),
    ).toBeTruthy();
    expect(localStorage.getItem(CART_STORAGE_KEY)).not.toBeNull();

    fireEvent.click(submitButton());
    expect((await screen.findByTestId("location")).textContent).toBe(
      "/order/ORD-000123?key=secret-key",
    );
    expect(calls).toHaveLength(2);
    expect(calls[0]?.headers["idempotency-key"]).toMatch(/^[0-9a-f-]{36}$/);
    expect(calls[1]?.headers["idempotency-key"]).toBe(calls[0]?.headers["idempotency-key"]);
    expect(calls[1]?.body).toMatchObject({
      name: "Rana Haddad",
      phone: "+963 944 000 000",
      email: null,
      country: "SY",
      city: "Damascus",
      address: "Street 1",
      notes: null,
      payment_method: "bank_transfer",
      coupon: "SWEET30",
      lang: "en",
      lines: [
        { productId: 7, grams: 500, qty: 2 },
        { productId: 8, grams: 250, qty: 1 },
      ],
    });
    expect(localStorage.getItem(CART_STORAGE_KEY)).toBeNull();
  });

  it("shows the server's refusals next to their fields and keeps the cart", async () => {
    seed([{ ...line, productId: "1", qty: 1, grams: 500 }]);
    const keys: string[] = [];
    vi.stubGlobal("fetch", async (_url: string, init: RequestInit) => {
      keys.push((init.headers as Record<string, string>)["idempotency-key"] ?? "");
      return Response.json(
        {
          message: "The given data was invalid.",
          errors: {
            phone: ["Please enter a valid phone number."],
            "lines.0": ["This product is not valid."],
          },
        },
        { status: 422 },
      );
    });
    renderScreen(<CheckoutView pricing={pricing} />, { path: "/checkout" });
    await screen.findByLabelText("Full name");
    fillDetails();
    fireEvent.click(submitButton());
    const phone = screen.getByLabelText("Phone");
    await waitFor(() => expect(phone.getAttribute("aria-invalid")).toBe("true"));
    expect(screen.getByText("Please enter a valid phone number.")).toBeTruthy();
    expect(screen.getByRole("alert").textContent).toMatch(/This product is not valid\./);
    expect(localStorage.getItem(CART_STORAGE_KEY)).not.toBeNull();

    // A refused attempt is over: the next one is a new order attempt with a new key.
    fireEvent.click(submitButton());
    await waitFor(() => expect(keys).toHaveLength(2));
    expect(keys[1]).not.toBe(keys[0]);
  });

  it("shows the server's shipping refusal in Arabic next to the country", async () => {
    seed([{ ...line, productId: "1", qty: 1, grams: 500 }]);
    vi.stubGlobal("fetch", async () =>
      Response.json(
        {
          message: "Sorry, we do not ship to Syria.",
          message_ar: "عذراً، لا نشحن إلى سوريا.",
          errors: { country: ["Sorry, we do not ship to Syria."] },
          reason: "no_shipping",
        },
        { status: 422 },
      ),
    );
    renderScreen(<CheckoutView pricing={pricing} />, { lang: "ar", path: "/checkout" });
    fireEvent.input(await screen.findByLabelText("الاسم الكامل"), {
      target: { value: "رنا" },
    });
    fireEvent.input(screen.getByLabelText("الهاتف"), { target: { value: "+963 944 000 000" } });
    fireEvent.input(screen.getByLabelText("المدينة"), { target: { value: "دمشق" } });
    fireEvent.input(screen.getByLabelText("العنوان"), { target: { value: "شارع 1" } });
    fireEvent.click(screen.getByRole("button", { name: "تأكيد الطلب" }));
    expect(await screen.findByText("عذراً، لا نشحن إلى سوريا.")).toBeTruthy();
    expect(screen.getByLabelText("الدولة").getAttribute("aria-invalid")).toBe("true");
  });

  it("fills a signed-in customer's details from the account and orders with their token", async () => {
    seed([{ ...line, productId: "1", qty: 1, grams: 500 }]);
    const user = {
      id: 5,
      name: "Omar Saleh",
      email: "omar@example.com",
      is_admin: 0,
      username: null,
      company: null,
      phone: "+963 933 111 222",
      country: "QA",
      location: null,
    };
    localStorage.setItem("customer_token", "token-5");
    localStorage.setItem("customer_user", JSON.stringify(user));
    const auth: Array<string | undefined> = [];
    vi.stubGlobal("fetch", async (url: string, init: RequestInit) => {
      auth.push((init.headers as Record<string, string>).authorization);
      if (url === "/api/account") return Response.json({ data: user });
      return Response.json({ data: order }, { status: 201 });
    });
    renderScreen(<CheckoutView pricing={pricing} />, { path: "/checkout" });
    expect(
      await screen.findByText("Signed in as Omar Saleh: your details are filled in."),
    ).toBeTruthy();
    expect((screen.getByLabelText("Full name") as HTMLInputElement).value).toBe("Omar Saleh");
    expect((screen.getByLabelText("E-mail") as HTMLInputElement).value).toBe("omar@example.com");
    expect((screen.getByLabelText("Country") as HTMLSelectElement).value).toBe("QA");
    fireEvent.input(screen.getByLabelText("City"), { target: { value: "Doha" } });
    fireEvent.input(screen.getByLabelText("Address"), { target: { value: "Street 2" } });
    fireEvent.click(submitButton());
    expect((await screen.findByTestId("location")).textContent).toBe(
      "/order/ORD-000123?key=secret-key",
    );
    expect(auth).toEqual(["Bearer token-5", "Bearer token-5"]);
  });

  it("makes one request on a double click", async () => {
    seed([{ ...line, productId: "1", qty: 1, grams: 500 }]);
    let release: (response: Response) => void = () => {};
    const fetchMock = vi.fn(
      () =>
        new Promise<Response>((resolve) => {
          release = resolve;
        }),
    );
    vi.stubGlobal("fetch", fetchMock);
    renderScreen(<CheckoutView pricing={pricing} />, { path: "/checkout" });
    await screen.findByLabelText("Full name");
    fillDetails();
    fireEvent.click(submitButton());
    fireEvent.click(submitButton());
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(
      (screen.getByRole("button", { name: "Placing your order…" }) as HTMLButtonElement).disabled,
    ).toBe(true);
    release(Response.json({ data: order }, { status: 201 }));
    expect(await screen.findByTestId("location")).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it("drops a coupon the server no longer accepts and shows why", async () => {
    seed([{ ...line, productId: "1", qty: 1, grams: 500 }]);
    setAppliedCoupon({ code: "FEAST30", percent: 30 });
    vi.stubGlobal("fetch", async () =>
      Response.json(
        {
          message: "This code has expired.",
          errors: { coupon: ["This code has expired."] },
          reason: "expired",
        },
        { status: 422 },
      ),
    );
    renderScreen(<CheckoutView pricing={pricing} />, { path: "/checkout" });
    expect(await screen.findByText("Discount (30%, code FEAST30)")).toBeTruthy();
    fillDetails();
    fireEvent.click(submitButton());
    expect((await screen.findByRole("alert")).textContent).toMatch(/This code has expired\./);
    expect(screen.getByText("Discount (20%)")).toBeTruthy();
  });
});
