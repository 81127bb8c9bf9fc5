import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type {
  AdminOrderDetail,
  AdminOrderListItem,
} from "../../../../shared/schemas/admin-order.ts";
import { renderWithKit } from "../../../test/render-with-kit.tsx";
import { OrderDetailScreen } from "./order-detail-screen.tsx";
import { OrdersScreen } from "./orders-screen.tsx";
import { PrintScreen } from "./print-screen.tsx";

const row = (id: number, status: AdminOrderListItem["status"]): AdminOrderListItem => ({
  id,
  number: `SW-${10000 + id}`,
  order: `SW-${10000 + id}`,
  date: "2026-11-20T10:00:00.000Z",
  created_at: "2026-11-20T10:00:00.000Z",
  status,
  customer: "ليلى",
  phone: "+963 11 000 0000",
  email: null,
  country: "SY",
  total: 35,
  payment_method: "bank_transfer",
  lang: "ar",
  is_new: id === 1,
  shipping_kind: "delivery",
  shipping_name: "Home delivery",
  shipping_name_ar: "توصيل إلى العنوان",
  shipping_zone: "Syria",
  shipping_zone_ar: "سوريا",
  delivery_date: null,
});

let urls: string[];
let reply: (url: string) => Response;
beforeEach(() => {
  urls = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string) => {
      urls.push(url);
      return reply(url);
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });

describe("orders list", () => {
  it("shows SPEC's badges, the new mark and payment method, and wires per-page and filters to the API", async () => {
    reply = () =>
      json({
        data: [row(1, "pending"), row(2, "completed"), row(3, "canceled")],
        meta: { page: 1, per_page: 10, total: 3, last_page: 1 },
      });
    renderWithKit(<OrdersScreen />);
    const badges = await screen.findAllByTestId("order-status");
    expect(badges.map((b) => b.className.match(/bg-(\w+)-100/)?.[1])).toEqual([
      "yellow",
      "green",
      "red",
    ]);
    expect(screen.getAllByTestId("order-new")).toHaveLength(1);
    expect(screen.getAllByText("Bank transfer")).toHaveLength(3);
    expect(screen.getAllByTestId("order-link")[0]!.getAttribute("href")).toBe("/admin-orders/1");
    expect(urls[0]).toBe("/api/admin/orders?page=1&per_page=10");

    fireEvent.change(screen.getByTestId("status-filter"), { target: { value: "completed" } });
    await waitFor(() =>
      expect(urls.at(-1)).toBe("/api/admin/orders?status=completed&page=1&per_page=10"),
    );
    const perPage = screen.getByRole("combobox", { name: /per page/i }) as HTMLSelectElement;
    expect([...perPage.options].map((o) => o.value)).toEqual(["10", "20", "50"]);
    fireEvent.change(perPage, { target: { value: "50" } });
    await waitFor(() => expect(urls.at(-1)).toContain("per_page=50"));
  });

  it("names the zone and the method in the admin's language", async () => {
    reply = () =>
      json({
        data: [
          row(1, "pending"),
          {
            ...row(2, "pending"),
            shipping_kind: "pickup",
            shipping_name: "Old town shop",
            shipping_name_ar: "محل المدينة القديمة",
            shipping_zone: null,
            shipping_zone_ar: null,
          },
        ],
        meta: { page: 1, per_page: 10, total: 2, last_page: 1 },
      });
    renderWithKit(<OrdersScreen />, { lang: "ar" });
    const cells = await screen.findAllByTestId("order-shipping-cell");
    expect(cells.map((c) => c.querySelector("p")?.textContent)).toEqual([
      "سوريا",
      "محل المدينة القديمة",
    ]);
  });

  it("says SPEC's text when the list fails", async () => {
    reply = () => json({}, 500);
    renderWithKit(<OrdersScreen />);
    expect(await screen.findByText("Failed to load orders")).toBeTruthy();
  });
});

const detail = (patch: Partial<AdminOrderDetail> = {}): AdminOrderDetail => ({
  id: 7,
  user_id: null,
  lang: "en",
  number: "SW-10007",
  status: "shipped",
  created_at: "2026-11-20T10:00:00.000Z",
  name: "Claire",
  phone: "+33 4 00 00 00 00",
  email: null,
  country: "FR",
  city: "Lyon",
  address: "12 rue de la République",
  notes: null,
  payment_method: "cod",
  payment_status: "unpaid",
  paid_amount: null,
  paid_at: null,
  payment_url: null,
  coupon: null,
  subtotal: 20,
  discount: 0,
  discount_percent: 0,
  discount_source: "none",
  delivery_fee: 15,
  shipping: {
    method: "delivery:2",
    kind: "delivery",
    zone: "Europe",
    zone_ar: "أوروبا",
    name: "Home delivery",
    name_ar: "توصيل إلى العنوان",
    fee: 15,
    delivery_date: null,
    carrier: null,
    carrier_ar: null,
    tracking_number: null,
    tracking_url: null,
  },
  total: 35,
  total_grams: 500,
  lines: [],
  events: [],
  payment_instructions: null,
  messaging_link: null,
  next_statuses: ["completed", "canceled"],
  timeline: [],
  receipts: [],
  customerName: "Claire",
  items: [],
  ...patch,
});

describe("order detail", () => {
  it("says SPEC's text when the order fails", async () => {
    reply = () => json({}, 500);
    renderWithKit(<OrderDetailScreen id={7} />);
    expect(await screen.findByText("Failed to load order details")).toBeTruthy();
  });

  it("issue 29.17: Mark completed asks first, and only the confirmation changes the status", async () => {
    const methods: string[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string, init?: RequestInit) => {
        methods.push(`${init?.method ?? "GET"} ${url}`);
        if (init?.method === "PATCH")
          return json({ data: detail({ status: "completed", next_statuses: [] }) });
        return json({ data: detail() });
      }),
    );
    renderWithKit(<OrderDetailScreen id={7} />);
    fireEvent.click(await screen.findByTestId("to-completed"));
    const dialog = await screen.findByTestId("confirm-dialog");
    expect(dialog.textContent).toContain("Mark this order completed?");
    expect(methods.filter((m) => m.startsWith("PATCH"))).toEqual([]);
    fireEvent.click(screen.getByRole("button", { name: "Not yet" }));
    await waitFor(() => expect(screen.queryByTestId("confirm-dialog")).toBeNull());
    expect(methods.filter((m) => m.startsWith("PATCH"))).toEqual([]);

    fireEvent.click(screen.getByTestId("to-completed"));
    fireEvent.click(await screen.findByTestId("confirm-button"));
    await waitFor(() => expect(methods).toContain("PATCH /api/admin/orders/7"));
    await waitFor(() => expect(screen.queryByTestId("confirm-dialog")).toBeNull());
  });

  for (const [lang, keep, cancel] of [
    ["en", "Keep order", "Cancel order"],
    ["ar", "الإبقاء على الطلب", "إلغاء الطلب"],
  ] as const) {
    it(`issue 29.17 (${lang}): the cancel dialog's dismiss button says "${keep}", not "Cancel"`, async () => {
      reply = () => json({ data: detail() });
      renderWithKit(<OrderDetailScreen id={7} />, { lang });
      fireEvent.click(await screen.findByRole("button", { name: cancel }));
      const dialog = await screen.findByTestId("confirm-dialog");
      const labels = [...dialog.querySelectorAll("button")].map((b) => b.textContent);
      expect(labels).toContain(keep);
      expect(labels).toContain(cancel);
      expect(labels).not.toContain(lang === "en" ? "Cancel" : "إلغاء");
    });
  }
});

describe("issue 29.10: the cancel reason", () => {
  it("goes with the cancel as its note, trimmed", async () => {
    const bodies: unknown[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (_url: string, init?: RequestInit) => {
        if (init?.method === "PATCH") {
          bodies.push(JSON.parse(String(init.body)));
          return json({ data: detail({ status: "canceled", next_statuses: [] }) });
        }
        return json({ data: detail() });
      }),
    );
    renderWithKit(<OrderDetailScreen id={7} />);
    fireEvent.click(await screen.findByRole("button", { name: "Cancel order" }));
    fireEvent.change(await screen.findByLabelText("Reason (optional)"), {
      target: { value: "  Out of pistachios  " },
    });
    fireEvent.click(screen.getByTestId("confirm-button"));
    await waitFor(() =>
      expect(bodies).toEqual([{ status: "canceled", note: "Out of pistachios" }]),
    );
  });
});

describe("issue 29.9: countries by name, not code", () => {
  for (const [lang, france] of [
    ["en", "France"],
    ["ar", "فرنسا"],
  ] as const) {
    it(`the detail names the country in the admin's language (${lang})`, async () => {
      reply = () => json({ data: detail({ lang: lang === "en" ? "ar" : "en" }) });
      renderWithKit(<OrderDetailScreen id={7} />, { lang });
      const address = await screen.findByTestId("order-address");
      expect(address.textContent).toBe(`12 rue de la République, Lyon, ${france}`);
    });

    it(`the packing slip names it in the order's language (${lang} order, other-language admin)`, async () => {
      reply = () => json({ data: detail({ lang }) });
      renderWithKit(<PrintScreen ids={[7]} />, { lang: lang === "en" ? "ar" : "en" });
      const address = await screen.findByTestId("slip-address");
      expect(address.textContent).toBe(`12 rue de la République, Lyon, ${france}`);
    });
  }
});
