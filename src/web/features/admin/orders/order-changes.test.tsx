import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ORDER_CHANGE_MESSAGES } from "../../../../shared/domain/order-changes.ts";
import type { AdminOrderDetail } from "../../../../shared/schemas/admin-order.ts";
import { renderWithKit } from "../../../test/render-with-kit.tsx";
import { OrderDetailScreen } from "./order-detail-screen.tsx";
import { PrintScreen } from "./print-screen.tsx";

type Call = { method: string; url: string; body: unknown; headers: Record<string, string> };
let calls: Call[] = [];
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });
function stub(answer: (call: Call) => Response) {
  calls = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init?: RequestInit) => {
      const call = {
        method: init?.method ?? "GET",
        url,
        body: init?.body ? JSON.parse(String(init.body)) : undefined,
        headers: (init?.headers ?? {}) as Record<string, string>,
      };
      calls.push(call);
      return answer(call);
    }),
  );
}
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});
const writes = () => calls.filter((c) => c.method !== "GET");

const line = {
  line_id: 41,
  product_id: 3,
  name: "Maamoul",
  name_ar: "معمول",
  grams: 1000,
  qty: 1,
  unit_price: 20,
  line_total: 20,
  weighed_grams: null,
  refunded: 0,
  image_url: null,
  contents: null,
};

const order = (patch: Partial<AdminOrderDetail> = {}): AdminOrderDetail => ({
  id: 7,
  user_id: null,
  lang: "en",
  number: "SW-10007",
  status: "preparing",
  created_at: "2026-11-20T10:00:00.000Z",
  name: "Layla",
  phone: "+963 944 000 111",
  email: "layla@example.com",
  country: "SY",
  city: "Damascus",
  address: "Example Street 5",
  notes: null,
  payment_method: "cod",
  payment_status: "unpaid",
  paid_amount: null,
  paid_at: null,
  payment_url: null,
  balance_due: 31,
  refunded_amount: 0,
  version: 3,
  coupon: null,
  subtotal: 20,
  discount: 4,
  discount_percent: 20,
  discount_source: "standing",
  delivery_fee: 15,
  gift: null,
  gift_wrap_fee: 0,
  ready_date: null,
  slot: null,
  season: null,
  shipping: null as never,
  total: 31,
  total_grams: 1000,
  lines: [line],
  events: [],
  payment_instructions: null,
  messaging_link: null,
  next_statuses: ["shipped", "canceled"],
  timeline: [],
  receipts: [],
  source: "phone",
  created_by: null,
  customerName: "Layla",
  items: [],
  invoice: null,
  credit_notes: [],
  dishes: [],
  kitchen: null,
  line_allergens: [],
  due_date: null,
  ...patch,
});

describe("changing a placed order on the order screen", () => {
  it("records 1,040 g for a line and shows it", async () => {
    stub((call) =>
      call.method === "PUT"
        ? json({ data: order({ lines: [{ ...line, weighed_grams: 1040 }], version: 4 }) })
        : call.url.includes("/api/settings")
          ? json({ data: { payment_methods: ["cod", "card"] } })
          : json({ data: order() }),
    );
    renderWithKit(<OrderDetailScreen id={7} />);
    fireEvent.click(await screen.findByTestId("record-weights"));
    const dialog = await screen.findByTestId("weights-dialog");
    fireEvent.change(within(dialog).getByTestId("weighed-grams"), { target: { value: "1,040" } });
    fireEvent.click(within(dialog).getByTestId("save-weights"));
    await waitFor(() =>
      expect(writes()).toMatchObject([
        {
          method: "PUT",
          url: "/api/admin/orders/7/weights",
          body: { lines: [{ line_id: 41, weighed_grams: 1040 }] },
        },
      ]),
    );
    await waitFor(() => expect(screen.getByTestId("line-weighed").textContent).toBe("1,040 g"));
  });

  it("sends the complete list of lines on the version it read; a stale one says so in Arabic", async () => {
    stub((call) =>
      call.method === "PATCH"
        ? json(
            {
              message: ORDER_CHANGE_MESSAGES.STALE,
              errors: { version: [ORDER_CHANGE_MESSAGES.STALE] },
            },
            409,
          )
        : call.url.startsWith("/api/products/3")
          ? json({ data: { id: 3, weights: [{ grams: 1000, price: 20 }] } })
          : call.url.startsWith("/api/products")
            ? json({ data: [] })
            : json({ data: order() }),
    );
    renderWithKit(<OrderDetailScreen id={7} />, { lang: "ar" });
    fireEvent.click(await screen.findByTestId("edit-lines"));
    const dialog = await screen.findByTestId("edit-lines-dialog");
    fireEvent.click(within(dialog).getByTestId("save-lines"));
    await waitFor(() =>
      expect(writes()).toMatchObject([
        {
          method: "PATCH",
          url: "/api/admin/orders/7/lines",
          body: { version: 3, lines: [{ line_id: 41, grams: 1000, qty: 1 }] },
        },
      ]),
    );
    await waitFor(() =>
      expect(within(dialog).getByTestId("form-errors").textContent).toContain(
        "عدّل شخص آخر هذا الطلب",
      ),
    );
  });

  it("a cash order shows the amount to collect; a payment link is made, e-mailed and shown", async () => {
    stub((call) =>
      call.method === "POST"
        ? json(
            {
              data: {
                url: "http://standin/pay/cs_1",
                expires_at: "2026-11-21T10:00:00.000Z",
                amount: 31,
                emailed: true,
              },
            },
            201,
          )
        : call.url.includes("/api/settings")
          ? json({ data: { payment_methods: ["cod", "card"] } })
          : json({ data: order() }),
    );
    renderWithKit(<OrderDetailScreen id={7} />);
    const box = await screen.findByTestId("payment-link");
    expect(box.textContent).toContain("To collect");
    fireEvent.click(await within(box).findByTestId("create-payment-link"));
    await waitFor(() =>
      expect(writes()).toMatchObject([
        { method: "POST", url: "/api/admin/orders/7/payment-link", body: { send_email: true } },
      ]),
    );
    expect(((await screen.findByTestId("payment-link-url")) as HTMLInputElement).value).toBe(
      "http://standin/pay/cs_1",
    );
  });

  it("refunds an amount with an Idempotency-Key", async () => {
    stub((call) =>
      call.method === "POST"
        ? json({ data: order({ payment_status: "partially_refunded", refunded_amount: 5 }) })
        : json({ data: order({ payment_status: "paid", paid_amount: 31, balance_due: 0 }) }),
    );
    renderWithKit(<OrderDetailScreen id={7} />);
    fireEvent.click(await screen.findByTestId("refund"));
    const dialog = await screen.findByTestId("refund-dialog");
    fireEvent.click(within(dialog).getByTestId("refund-mode-amount"));
    fireEvent.change(within(dialog).getByTestId("refund-amount"), { target: { value: "5" } });
    fireEvent.click(within(dialog).getByTestId("confirm-refund"));
    await waitFor(() => expect(writes()).toHaveLength(1));
    expect(writes()[0]).toMatchObject({
      url: "/api/admin/orders/7/refund",
      body: { amount: "5", note: null },
    });
    expect(writes()[0]!.headers["idempotency-key"]).toMatch(/^[0-9a-f-]{36}$/);
    await waitFor(() => expect(screen.getByTestId("refunded-amount").textContent).toContain("5"));
  });

  it("the slip shows ordered and weighed grams and the new amount to collect", async () => {
    stub(() =>
      json({
        data: order({
          lines: [{ ...line, weighed_grams: 900, line_total: 18 }],
          total: 29.4,
          balance_due: 29.4,
        }),
      }),
    );
    renderWithKit(<PrintScreen ids={[7]} />);
    expect((await screen.findByTestId("slip-weighed")).textContent).toBe("weighed 900 g");
    expect(screen.getByTestId("slip-to-collect").textContent).toContain("29.40");
  });
});
