import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderWithKit } from "../../../test/render-with-kit.tsx";
import { NewOrderScreen } from "./new-order-screen.tsx";

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });

const product = {
  id: 5,
  name: "Pistachio baklava",
  name_ar: "بقلاوة بالفستق",
  price: 24,
  discount_price: null,
  in_stock: true,
  default_grams: 500,
  default_price: 12,
  price_source: "retail",
};

let calls: Array<{ method: string; url: string; body: unknown; headers: Record<string, string> }>;
let placed: () => Response;

beforeEach(() => {
  calls = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? "GET";
      calls.push({
        method,
        url,
        body: init?.body ? JSON.parse(String(init.body)) : undefined,
        headers: (init?.headers ?? {}) as Record<string, string>,
      });
      if (url === "/api/settings") return json({ data: { payment_methods: ["cod", "card"] } });
      if (url.startsWith("/api/products?")) return json({ data: [product] });
      if (url === "/api/products/5")
        return json({
          data: {
            ...product,
            weights: [
              { label: "500 g", label_ar: "٥٠٠ غ", grams: 500, price: 12, discount_price: null },
              { label: "1 kg", label_ar: "١ كغ", grams: 1000, price: 22, discount_price: null },
            ],
          },
        });
      if (url === "/api/shipping/quote")
        return json({
          data: {
            ok: true,
            methods: [
              { id: "pickup:0", kind: "pickup", name: "Old City shop", name_ar: "محل", fee: 0 },
              {
                id: "delivery:1",
                kind: "delivery",
                name: "Home",
                name_ar: "المنزل",
                fee: 15,
                days: [{ date: "2026-12-01" }, { date: "2026-12-02" }],
              },
            ],
          },
        });
      if (url.startsWith("/api/admin/customers?"))
        return json({
          data: [
            {
              key: "a-42",
              user_id: 42,
              name: "Hala Account",
              email: "hala@example.com",
              phone: "+963 944 000 333",
              country: "LB",
            },
          ],
          meta: { page: 1, per_page: 10, total: 1, last_page: 1 },
        });
      if (url === "/api/admin/orders" && method === "POST") return placed();
      return json({ message: "not stubbed" }, 404);
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function fillAndAddProduct() {
  const label = (re: RegExp) => screen.getByLabelText(re);
  fireEvent.change(await screen.findByLabelText(/^(Name|الاسم)/), {
    target: { value: "Hala" },
  });
  fireEvent.change(label(/^(Phone|الهاتف)/), { target: { value: "+963 944 000 222" } });
  fireEvent.change(label(/^(City|المدينة)/), { target: { value: "Damascus" } });
  fireEvent.change(label(/^(Address|العنوان)/), { target: { value: "Street 1" } });
  const add = await screen.findByRole("button", { name: /Pistachio baklava|بقلاوة بالفستق/ });
  fireEvent.click(add);
  const line = await screen.findByTestId("new-order-line");
  // The weight options come from the product: pick 1 kg, two of them.
  await within(line).findByRole("option", { name: /1 kg|١ كغ/ });
  fireEvent.change(within(line).getByRole("combobox"), { target: { value: "1000" } });
  fireEvent.change(within(line).getByRole("spinbutton"), { target: { value: "2" } });
}

describe("new order (issue 27)", () => {
  it("refuses to save without a product, before asking the server", async () => {
    renderWithKit(<NewOrderScreen />);
    fireEvent.click(await screen.findByRole("button", { name: "Save order" }));
    expect(await screen.findByText("Add at least one product.")).toBeTruthy();
    expect(calls.filter((c) => c.method === "POST" && c.url === "/api/admin/orders")).toEqual([]);
  });

  it("sends checkout's body with the source, the chosen method and an Idempotency-Key", async () => {
    placed = () => json({}, 500);
    renderWithKit(<NewOrderScreen />);
    await fillAndAddProduct();
    // Delivery is chosen first; the owner may pick the pickup instead.
    const shipping = await screen.findByTestId("new-order-shipping");
    const home = await within(shipping).findByRole("radio", { name: /Home/ });
    await waitFor(() => expect((home as HTMLInputElement).checked).toBe(true));
    fireEvent.change(screen.getByLabelText(/^Order came by/), { target: { value: "messaging" } });
    // A domestic delivery may be booked for one of the quote's days.
    fireEvent.change(screen.getByLabelText(/^Delivery day/), { target: { value: "2026-12-02" } });
    fireEvent.click(screen.getByRole("button", { name: "Save order" }));
    await waitFor(() =>
      expect(calls.some((c) => c.method === "POST" && c.url === "/api/admin/orders")).toBe(true),
    );
    const post = calls.find((c) => c.method === "POST" && c.url === "/api/admin/orders")!;
    expect(post.body).toMatchObject({
      name: "Hala",
      phone: "+963 944 000 222",
      country: "SY",
      source: "messaging",
      payment_method: "cod",
      lang: "en",
      lines: [{ productId: 5, grams: 1000, qty: 2 }],
      shipping_method: "delivery:1",
      ready_date: "2026-12-02",
      customer_id: null,
    });
    expect(post.headers["idempotency-key"]).toMatch(/^[0-9a-f-]{36}$/);
    // A 5xx may have saved it: the form says so generally, and keeps the key for the retry.
    expect(await screen.findByText("The order could not be saved.")).toBeTruthy();
  });

  it("shows a stock refusal in the admin's language (Arabic)", async () => {
    placed = () =>
      json(
        {
          message: "Sorry, only 0.5 kg of Pistachio baklava is left.",
          message_ar: "عذراً، بقي 0.5 كغ فقط من بقلاوة بالفستق.",
          code: "out_of_stock",
          errors: { "lines.0": ["Sorry, only 0.5 kg of Pistachio baklava is left."] },
        },
        409,
      );
    renderWithKit(<NewOrderScreen />, { lang: "ar" });
    await fillAndAddProduct();
    const shipping = await screen.findByTestId("new-order-shipping");
    await within(shipping).findByRole("radio", { name: /المنزل/ });
    fireEvent.click(screen.getByRole("button", { name: "احفظ الطلب" }));
    const errors = await screen.findByTestId("form-errors");
    await waitFor(() => expect(errors.textContent).toContain("عذراً، بقي 0.5 كغ فقط"));
    expect(errors.textContent).toContain("لم يُحفظ الطلب");
  });

  it("a customer found by search fills the form and the order goes to their account", async () => {
    placed = () => json({}, 500);
    renderWithKit(<NewOrderScreen />);
    fireEvent.change(await screen.findByRole("searchbox", { name: /^Find a customer/ }), {
      target: { value: "hala" },
    });
    fireEvent.click(await screen.findByRole("button", { name: "Use Hala Account" }));
    expect((screen.getByLabelText(/^Name/) as HTMLInputElement).value).toBe("Hala Account");
    expect((screen.getByLabelText(/^Country/) as HTMLSelectElement).value).toBe("LB");
    expect(screen.getByTestId("attached-account").textContent).toContain("Hala Account");
    expect(calls.some((c) => c.url === "/api/admin/customers?search=hala&per_page=10")).toBe(true);
    fireEvent.change(screen.getByLabelText(/^City/), { target: { value: "Beirut" } });
    fireEvent.change(screen.getByLabelText(/^Address/), { target: { value: "Hamra 1" } });
    const add = await screen.findByRole("button", { name: /Pistachio baklava/ });
    fireEvent.click(add);
    await within(await screen.findByTestId("new-order-shipping")).findByRole("radio", {
      name: /Home/,
    });
    fireEvent.click(screen.getByRole("button", { name: "Save order" }));
    await waitFor(() =>
      expect(calls.some((c) => c.method === "POST" && c.url === "/api/admin/orders")).toBe(true),
    );
    const post = calls.find((c) => c.method === "POST" && c.url === "/api/admin/orders")!;
    expect(post.body).toMatchObject({
      name: "Hala Account",
      email: "hala@example.com",
      phone: "+963 944 000 333",
      country: "LB",
      customer_id: 42,
    });
  });
});
