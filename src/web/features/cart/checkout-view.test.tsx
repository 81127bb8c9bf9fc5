import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { CART_STORAGE_KEY } from "../../../shared/domain/cart.ts";
import { formatInCurrency } from "../../../shared/domain/currency.ts";
import { displayCurrencies } from "../../../shared/domain/currency-codes.ts";
import type { ShippingQuote, ShippingQuoteRequest } from "../../../shared/schemas/shipping.ts";
import { DisplayCurrencyProvider } from "../../components/ui/display-currency.tsx";
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
  fireEvent.change(await screen.findByLabelText(/^Country \*/u), { target: { value: code } });
}

function fillDetails() {
  fireEvent.input(screen.getByLabelText(/^Full name \*/u), { target: { value: "Rana Haddad" } });
  fireEvent.input(screen.getByLabelText(/^Phone \*/u), { target: { value: "+963 944 000 000" } });
  fireEvent.input(screen.getByLabelText(/^City \*/u), { target: { value: "Damascus" } });
  fireEvent.input(screen.getByLabelText(/^Address \*/u), { target: { value: "Street 1" } });
}

const submitButton = () => screen.getByRole("button", { name: "Place order" }) as HTMLButtonElement;

const DAYS = ["2026-11-26", "2026-11-28"];
/** What the server's zones answer (issue 23), by country; the cart's weight decides the caps. */
function quoteFor({ country, lines }: ShippingQuoteRequest): ShippingQuote {
  const grams = lines.reduce((sum, line) => sum + line.grams * line.qty, 0);
  const refused = (name: string, nameAr: string): ShippingQuote => ({
    ok: false,
    reason: "no_shipping",
    message: `Sorry, we do not ship to ${name}.`,
    message_ar: `عذراً، لا نشحن إلى ${nameAr}.`,
  });
  if (country === "PT") return refused("Portugal", "البرتغال");
  if (country === "EG") return refused("Egypt", "مصر");
  if (country === "ES") return refused("Spain", "إسبانيا");
  if (country === "FR" && grams > 1000)
    return {
      ok: false,
      reason: "weight_limit",
      message: "Orders shipped to France may weigh at most 1 kg. Please reduce your cart.",
      message_ar: "الحد الأقصى لوزن الطلب المشحون إلى فرنسا هو 1 كغ. يرجى تقليل الكمية.",
      max_grams: 1000,
    };
  if (country === "SY")
    return {
      ok: true,
      methods: [
        {
          id: "delivery:1",
          kind: "delivery",
          name: "Home delivery",
          name_ar: "توصيل إلى المنزل",
          fee: 15,
          days: DAYS.map((date) => ({ date })),
        },
        {
          id: "pickup:0",
          kind: "pickup",
          name: "Main shop",
          name_ar: "المحل الرئيسي",
          fee: 0,
          // Pickup has time slots here; delivery has none.
          days: DAYS.map((date) => ({ date, slots: PICKUP_SLOTS })),
        },
      ],
    };
  const gulf = country === "QA" || country === "AE";
  const fee = gulf ? (grams <= 1000 ? 25 : 40) : 15;
  return {
    ok: true,
    methods: [
      {
        id: gulf ? "delivery:5" : "delivery:4",
        kind: "delivery",
        name: gulf ? "Gulf" : "Rest of the world",
        name_ar: gulf ? "الخليج" : "باقي دول العالم",
        fee,
      },
    ],
  };
}

const PICKUP_SLOTS = [
  { id: "10:00-12:00", label: "10:00–12:00", label_ar: "من 10:00 إلى 12:00", available: 3 },
  { id: "16:00-20:00", label: "16:00–20:00", label_ar: "من 16:00 إلى 20:00", available: null },
];

type Call = { url: string; headers: Record<string, string>; body: Record<string, unknown> };

/**
 * The API as checkout sees it: quotes from `quoteFor`, everything else from `other` (the
 * order). Returns every call, and the order calls apart.
 */
function stubApi(
  other: (url: string, init: RequestInit) => Response | Promise<Response> = () =>
    Response.json({}, { status: 500 }),
) {
  const calls: Call[] = [];
  vi.stubGlobal("fetch", async (url: string, init: RequestInit) => {
    const body = init.body ? JSON.parse(String(init.body)) : {};
    calls.push({ url, headers: init.headers as Record<string, string>, body });
    if (url === "/api/shipping/quote") return Response.json({ data: quoteFor(body) });
    // A retail account: no trader prices.
    if (url === "/api/account/trader") return Response.json({ data: null });
    return other(url, init);
  });
  return {
    calls,
    quotes: () => calls.filter((c) => c.url === "/api/shipping/quote"),
    orders: () => calls.filter((c) => c.url === "/api/orders"),
  };
}

/** Waits for the quote's methods and the order button they enable. */
async function quoted() {
  await screen.findAllByTestId("shipping-method");
  const submit = () => document.querySelector<HTMLButtonElement>('button[type="submit"]');
  await waitFor(() => expect(submit()?.disabled).toBe(false));
}

describe("checkout shipping: quoted by the server as the country and cart change", () => {
  it("starts on Syria, quotes delivery with its days and a free pickup, every country listed", async () => {
    seed([{ ...line, productId: "1", qty: 1, grams: 500 }]);
    const api = stubApi();
    renderScreen(<CheckoutView pricing={pricing} />, { path: "/checkout" });
    const select = (await screen.findByLabelText(/^Country \*/u)) as HTMLSelectElement;
    expect(select.value).toBe("SY");
    expect(select.options[0]?.textContent).toBe("Syria");
    expect(select.options.length).toBe(249);
    expect(screen.getByTestId("shipping-message").textContent).toBe(
      "Finding the shipping options for your country…",
    );
    expect(submitButton().disabled).toBe(true);
    await quoted();
    expect(screen.getByTestId("shipping-message").textContent).toBe("Delivery within Syria.");
    expect(api.quotes()).toHaveLength(1);
    expect(api.quotes()[0]?.body).toEqual({
      country: "SY",
      lines: [{ productId: 1, grams: 500, qty: 1 }],
    });
    // The cheapest delivery is chosen, on the earliest day offered.
    expect((screen.getByRole("radio", { name: /Home delivery/ }) as HTMLInputElement).checked).toBe(
      true,
    );
    expect(
      ((await screen.findByRole("radio", { name: /^Thu,? 26 Nov$/ })) as HTMLInputElement).checked,
    ).toBe(true);
    expect(screen.getByTestId("summary-delivery").textContent).toBe("$15.00");
    expect(submitButton().disabled).toBe(false);

    // A free pickup: the summary follows, and the day asked is the pickup day.
    fireEvent.click(screen.getByRole("radio", { name: /Main shop/ }));
    expect(screen.getByTestId("summary-delivery").textContent).toBe("$0.00");
    expect(screen.getByTestId("summary-total").textContent).toBe("$20.00");
    expect(screen.getByTestId("delivery-days").querySelector("legend")?.textContent).toBe(
      "Pickup day",
    );
  });

  it("shows the server's refusal, disables the order button, and asks only for the last country", async () => {
    seed([{ ...line, productId: "1", qty: 1, grams: 500 }]);
    const api = stubApi();
    renderScreen(<CheckoutView pricing={pricing} />, { path: "/checkout" });
    await quoted();
    await chooseCountry("PT");
    await waitFor(() =>
      expect(screen.getByTestId("shipping-message").textContent).toBe(
        "Sorry, we do not ship to Portugal.",
      ),
    );
    expect(screen.getByLabelText(/^Country \*/u).getAttribute("aria-invalid")).toBe("true");
    expect(submitButton().disabled).toBe(true);
    expect(screen.queryAllByTestId("shipping-method")).toHaveLength(0);

    // Quick changes ask once, for the country the shopper stopped on.
    const before = api.quotes().length;
    const select = screen.getByLabelText(/^Country \*/u);
    fireEvent.change(select, { target: { value: "EG" } });
    fireEvent.change(select, { target: { value: "CA" } });
    await waitFor(() =>
      expect(screen.getByTestId("shipping-message").textContent).toBe(
        "International shipping by courier.",
      ),
    );
    expect(
      api
        .quotes()
        .slice(before)
        .map((q) => q.body.country),
    ).toEqual(["CA"]);
    expect(submitButton().disabled).toBe(false);
  });

  it("follows the cart weight: a capped country links back to the cart, a Gulf rate by weight", async () => {
    // 2 x 500 g + one line without a weight (counted as 1 kg) = 2 kg
    seed([
      { ...line, productId: "1", qty: 2, grams: 500 },
      { ...line, productId: "2", qty: 1 },
    ]);
    stubApi();
    renderScreen(<CheckoutView pricing={pricing} />, { path: "/checkout" });
    await quoted();
    await chooseCountry("FR");
    await waitFor(() =>
      expect(screen.getByTestId("shipping-message").textContent).toBe(
        "Orders shipped to France may weigh at most 1 kg. Please reduce your cart.",
      ),
    );
    expect(screen.getByRole("link", { name: "Change your cart" }).getAttribute("href")).toBe(
      "/cart",
    );
    expect(submitButton().disabled).toBe(true);
    await chooseCountry("QA");
    await waitFor(() => expect(screen.getByTestId("summary-delivery").textContent).toBe("$40.00"));
    expect(screen.getByText("Cart weight: 2 kg")).toBeTruthy();
  });

  it("speaks Arabic in Arabic", async () => {
    seed([{ ...line, productId: "1", qty: 1, grams: 500 }]);
    stubApi();
    renderScreen(<CheckoutView pricing={pricing} />, { lang: "ar", path: "/checkout" });
    const select = (await screen.findByLabelText(/^الدولة \*/u)) as HTMLSelectElement;
    expect(select.options[0]?.textContent).toBe("سوريا");
    fireEvent.change(select, { target: { value: "ES" } });
    await waitFor(() =>
      expect(screen.getByTestId("shipping-message").textContent).toBe("عذراً، لا نشحن إلى إسبانيا."),
    );
  });
});

describe("placing the order", () => {
  it("shows the schema's messages next to the fields and sends nothing", async () => {
    seed([{ ...line, productId: "1", qty: 1, grams: 500 }]);
    const api = stubApi();
    renderScreen(<CheckoutView pricing={pricing} />, { path: "/checkout" });
    await quoted();
    fireEvent.click(await screen.findByRole("button", { name: "Place order" }));
    expect(await screen.findByText("Please enter your name.")).toBeTruthy();
    expect(screen.getByText("Please enter your phone number.")).toBeTruthy();
    expect(screen.getByText("Please enter your city.")).toBeTruthy();
    expect(api.orders()).toHaveLength(0);
  });

  it("posts the lines with one idempotency key, clears the cart only on 201 and opens the confirmation", async () => {
    seed([
      { ...line, productId: "7", qty: 2, grams: 500 },
      { ...line, productId: "8", qty: 1, default_grams: 250 },
    ]);
    setAppliedCoupon({ code: "SWEET30", percent: 30 });
    let attempt = 0;
    const api = stubApi(() => {
      attempt += 1;
      // The first answer is lost on the way back: the shopper retries.
      if (attempt === 1) throw new TypeError("Failed to fetch");
      return Response.json({ data: order }, { status: 201 });
    });
    renderScreen(<CheckoutView pricing={pricing} />, { path: "/checkout" });
    await quoted();
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
    const calls = api.orders();
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
      // Issue 23: the quoted method and, for a domestic delivery, the day.
      shipping_method: "delivery:1",
      ready_date: "2026-11-26",
      slot: null,
    });
    expect(localStorage.getItem(CART_STORAGE_KEY)).toBeNull();
  });

  it("shows the server's refusals next to their fields and keeps the cart", async () => {
    seed([{ ...line, productId: "1", qty: 1, grams: 500 }]);
    const keys: string[] = [];
    stubApi((_url: string, init: RequestInit) => {
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
    await quoted();
    fillDetails();
    fireEvent.click(submitButton());
    const phone = screen.getByLabelText(/^Phone \*/u);
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
    stubApi(() =>
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
    await quoted();
    fireEvent.input(await screen.findByLabelText(/^الاسم الكامل \*/u), {
      target: { value: "رنا" },
    });
    fireEvent.input(screen.getByLabelText(/^الهاتف \*/u), {
      target: { value: "+963 944 000 000" },
    });
    fireEvent.input(screen.getByLabelText(/^المدينة \*/u), { target: { value: "دمشق" } });
    fireEvent.input(screen.getByLabelText(/^العنوان \*/u), { target: { value: "شارع 1" } });
    fireEvent.click(screen.getByRole("button", { name: "تأكيد الطلب" }));
    expect(await screen.findByText("عذراً، لا نشحن إلى سوريا.")).toBeTruthy();
    expect(screen.getByLabelText(/^الدولة \*/u).getAttribute("aria-invalid")).toBe("true");
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
    const api = stubApi((url: string) => {
      if (url === "/api/account") return Response.json({ data: user });
      return Response.json({ data: order }, { status: 201 });
    });
    renderScreen(<CheckoutView pricing={pricing} />, { path: "/checkout" });
    expect(
      await screen.findByText("Signed in as Omar Saleh: your details are filled in."),
    ).toBeTruthy();
    expect((screen.getByLabelText(/^Full name \*/u) as HTMLInputElement).value).toBe("Omar Saleh");
    expect((screen.getByLabelText("E-mail") as HTMLInputElement).value).toBe("omar@example.com");
    expect((screen.getByLabelText(/^Country \*/u) as HTMLSelectElement).value).toBe("QA");
    fireEvent.input(screen.getByLabelText(/^City \*/u), { target: { value: "Doha" } });
    fireEvent.input(screen.getByLabelText(/^Address \*/u), { target: { value: "Street 2" } });
    // Qatar's quote: the summary charges its rate, and the order names that method.
    await waitFor(() => expect(screen.getByTestId("summary-delivery").textContent).toBe("$25.00"));
    fireEvent.click(submitButton());
    expect((await screen.findByTestId("location")).textContent).toBe(
      "/order/ORD-000123?key=secret-key",
    );
    const others = api.calls.filter((c) => c.url !== "/api/shipping/quote");
    // The account, whether it is a trader's, and the order: each with the token.
    expect(others.map((c) => c.headers.authorization)).toEqual([
      "Bearer token-5",
      "Bearer token-5",
      "Bearer token-5",
    ]);
    expect(api.orders()[0]?.body).toMatchObject({
      country: "QA",
      shipping_method: "delivery:5",
      ready_date: null,
    });
  });

  it("a pickup asks for name and phone only, and a pickup day", async () => {
    seed([{ ...line, productId: "1", qty: 1, grams: 500 }]);
    const api = stubApi(() => Response.json({ data: order }, { status: 201 }));
    renderScreen(<CheckoutView pricing={pricing} />, { path: "/checkout" });
    await quoted();
    fireEvent.input(screen.getByLabelText(/^Full name \*/u), { target: { value: "Rana Haddad" } });
    fireEvent.input(screen.getByLabelText(/^Phone \*/u), { target: { value: "+963 944 000 000" } });
    fireEvent.click(screen.getByRole("radio", { name: /Main shop/ }));
    expect(await screen.findByText("Pickup day")).toBeTruthy();
    expect(screen.queryByLabelText(/^City/u)).toBeNull();
    expect(screen.queryByLabelText(/^Address/u)).toBeNull();
    fireEvent.click(screen.getByRole("radio", { name: /28/ }));
    // The day's pickup times: the first is chosen until the shopper picks another.
    expect((await screen.findByTestId("delivery-slots")).textContent).toBe(
      "Pickup time10:00–12:0016:00–20:00",
    );
    fireEvent.click(screen.getByRole("radio", { name: "16:00–20:00" }));
    fireEvent.click(submitButton());
    await waitFor(() => expect(api.orders()).toHaveLength(1));
    expect(api.orders()[0]?.body).toMatchObject({
      shipping_method: "pickup:0",
      ready_date: "2026-11-28",
      slot: "16:00-20:00",
    });
    expect(api.orders()[0]?.body.city ?? "").toBe("");
  });

  it("makes one request on a double click", async () => {
    seed([{ ...line, productId: "1", qty: 1, grams: 500 }]);
    let release: (response: Response) => void = () => {};
    const api = stubApi(
      () =>
        new Promise<Response>((resolve) => {
          release = resolve;
        }),
    );
    renderScreen(<CheckoutView pricing={pricing} />, { path: "/checkout" });
    await quoted();
    fillDetails();
    fireEvent.click(submitButton());
    fireEvent.click(submitButton());
    await waitFor(() => expect(api.orders()).toHaveLength(1));
    expect(
      (screen.getByRole("button", { name: "Placing your order…" }) as HTMLButtonElement).disabled,
    ).toBe(true);
    release(Response.json({ data: order }, { status: 201 }));
    expect(await screen.findByTestId("location")).toBeTruthy();
    expect(api.orders()).toHaveLength(1);
  });

  it("drops a coupon the server no longer accepts and shows why", async () => {
    seed([{ ...line, productId: "1", qty: 1, grams: 500 }]);
    setAppliedCoupon({ code: "FEAST30", percent: 30 });
    stubApi(() =>
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
    await quoted();
    fillDetails();
    fireEvent.click(submitButton());
    expect((await screen.findByRole("alert")).textContent).toMatch(/This code has expired\./);
    expect(screen.getByText("Discount (20%)")).toBeTruthy();
  });
});

describe("gift wrapping's price", () => {
  const EUR = displayCurrencies([{ code: "EUR", rate: 0.5, symbol: "" }])[1]!;
  for (const [lang, isGift, wrapping] of [
    ["en", "This order is a gift", "Gift wrapping"],
    ["ar", "هذا الطلب هدية", "تغليف الهدية"],
  ] as const)
    it(`(${lang}) is in the shopper's display currency, like the rest of checkout`, async () => {
      seed([{ ...line, productId: "1", qty: 1, grams: 500 }]);
      stubApi();
      renderScreen(
        <DisplayCurrencyProvider code="EUR" listed={[EUR]}>
          <CheckoutView pricing={pricing} giftWrapCents={300} />
        </DisplayCurrencyProvider>,
        { lang, path: "/checkout" },
      );
      fireEvent.click(await screen.findByLabelText(isGift));
      const label = await waitFor(() => {
        const found = [...document.querySelectorAll("label")].find((l) =>
          l.textContent?.startsWith(wrapping),
        );
        expect(found).toBeTruthy();
        return found!;
      });
      expect(label.textContent).toContain(`+${formatInCurrency(300, lang, EUR)}`);
      expect(label.textContent).not.toContain("$");
    });
});
