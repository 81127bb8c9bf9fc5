import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { listSeparator } from "../../../../shared/domain/bidi.ts";
import { formatMoney, toCents } from "../../../../shared/domain/money.ts";
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
  payment_status: id === 2 ? "paid" : "unpaid",
  lang: "ar",
  is_new: id === 1,
  shipping_kind: "delivery",
  shipping_name: "Home delivery",
  shipping_name_ar: "توصيل إلى العنوان",
  shipping_zone: "Syria",
  shipping_zone_ar: "سوريا",
  delivery_date: null,
  ready_date: null,
  slot: null,
  season: null,
  source: id === 2 ? "phone" : "web",
  gift: id === 3,
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
    // Issue 24: the payment state beside the status, and its filter.
    expect(screen.getAllByTestId("payment-status").map((b) => b.textContent)).toEqual([
      "Unpaid",
      "Paid",
      "Unpaid",
    ]);
    fireEvent.change(screen.getByTestId("payment-status-filter"), { target: { value: "paid" } });
    await waitFor(() =>
      expect(urls.at(-1)).toBe(
        "/api/admin/orders?status=completed&payment_status=paid&page=1&per_page=10",
      ),
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

  it.each([
    ["en", "17:00–21:00"],
    ["ar", "من 17:00 إلى 21:00"],
  ] as const)("(%s) shows an order's time slot under its ready day", async (lang, label) => {
    reply = () =>
      json({
        data: [
          row(1, "pending"),
          {
            ...row(2, "pending"),
            ready_date: "2026-12-03",
            slot: { id: "17:00-21:00", label: "17:00–21:00", label_ar: "من 17:00 إلى 21:00" },
          },
        ],
        meta: { page: 1, per_page: 10, total: 2, last_page: 1 },
      });
    renderWithKit(<OrdersScreen />, { lang });
    const slots = await screen.findAllByTestId("order-slot");
    expect(slots.map((s) => s.textContent)).toEqual([label]);
  });

  it.each([
    ["en", "Winter feast", "Season: Winter feast ✕"],
    ["ar", "عيد الشتاء", "الموسم: عيد الشتاء ✕"],
  ] as const)(
    "(%s) marks season orders, and the mark filters the list by its season",
    async (lang, name, chip) => {
      const season = { id: 5, name: "Winter feast", name_ar: "عيد الشتاء" };
      reply = () =>
        json({
          data: [row(1, "pending"), { ...row(2, "pending"), ready_date: "2026-12-21", season }],
          meta: { page: 1, per_page: 10, total: 2, last_page: 1 },
        });
      renderWithKit(<OrdersScreen />, { lang });
      const marks = await screen.findAllByTestId("order-season");
      expect(marks.map((m) => m.textContent)).toEqual([name]);
      fireEvent.click(marks[0]!);
      await waitFor(() =>
        expect(urls.at(-1)).toBe("/api/admin/orders?season_id=5&page=1&per_page=10"),
      );
      expect(screen.getByTestId("season-filter").textContent).toBe(chip);
    },
  );

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
  due_date: null,
  payment_status: "unpaid",
  paid_amount: null,
  paid_at: null,
  payment_url: null,
  balance_due: 0,
  refunded_amount: 0,
  version: 0,
  coupon: null,
  subtotal: 20,
  discount: 0,
  discount_percent: 0,
  discount_source: "none",
  delivery_fee: 15,
  gift: null,
  gift_wrap_fee: 0,
  ready_date: null,
  slot: null,
  season: null,
  dishes: [],
  kitchen: null,
  shipping: {
    method: "delivery:2",
    kind: "delivery",
    zone: "Europe",
    zone_ar: "أوروبا",
    name: "Home delivery",
    name_ar: "توصيل إلى العنوان",
    fee: 15,
    delivery_date: null,
    pickup: null,
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
  invoice: null,
  credit_notes: [],
  next_statuses: ["completed", "canceled"],
  timeline: [],
  receipts: [],
  source: "web",
  created_by: null,
  customerName: "Claire",
  items: [],
  line_allergens: [{ contains: [], traces: [], unknown: true }],
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
      // Arabic joins the parts with its own comma, each part isolated (issue 29.11).
      expect(address.textContent).toBe(
        [`12 rue de la République`, "Lyon", france].join(listSeparator(lang)),
      );
      expect([...address.querySelectorAll("bdi")].map((part) => part.textContent)).toEqual([
        "12 rue de la République",
        "Lyon",
        france,
      ]);
    });

    it(`the packing slip and the detail show the time slot (${lang} order)`, async () => {
      const slot = { id: "10:00-13:00", label: "10:00–13:00", label_ar: "من 10:00 إلى 13:00" };
      reply = () => json({ data: detail({ lang, ready_date: "2026-12-03", slot }) });
      renderWithKit(<PrintScreen ids={[7]} />, { lang: lang === "en" ? "ar" : "en" });
      expect((await screen.findByTestId("slip-slot")).textContent).toBe(
        lang === "en" ? slot.label : slot.label_ar,
      );
      cleanup();
      renderWithKit(<OrderDetailScreen id={7} />, { lang });
      expect((await screen.findByTestId("order-slot")).textContent).toBe(
        lang === "en" ? slot.label : slot.label_ar,
      );
    });

    it(`the packing slip names it in the order's language (${lang} order, other-language admin)`, async () => {
      reply = () => json({ data: detail({ lang }) });
      renderWithKit(<PrintScreen ids={[7]} />, { lang: lang === "en" ? "ar" : "en" });
      const address = await screen.findByTestId("slip-address");
      expect(address.textContent).toBe(
        [`12 rue de la République`, "Lyon", france].join(listSeparator(lang)),
      );
    });
  }
});

describe("the customer's phone on the order", () => {
  for (const lang of ["en", "ar"] as const) {
    it.each([
      ["stored in E.164", "+963944123456"],
      // Kept as typed before numbers were stored in E.164: read with the order's country.
      ["stored the domestic way", "0944 123 456"],
    ])(
      `shows a number %s in the national form and links it in full (${lang})`,
      async (_l, phone) => {
        reply = () => json({ data: detail({ phone, country: "SY" }) });
        renderWithKit(<OrderDetailScreen id={7} />, { lang });
        const link = await screen.findByTestId("order-phone");
        expect(link.textContent).toBe("0944 123 456");
        expect(link.getAttribute("href")).toBe("tel:+963944123456");
        const chat = screen.getByRole("link", {
          name: lang === "en" ? "Message on WhatsApp" : "مراسلة على واتساب",
        });
        expect(chat.getAttribute("href")).toBe("https://wa.me/963944123456");
      },
    );
  }

  it("offers no chat link for a number that cannot be read in the order's country", async () => {
    reply = () => json({ data: detail({ phone: "0944 123 456", country: "QA" }) });
    renderWithKit(<OrderDetailScreen id={7} />);
    expect((await screen.findByTestId("order-phone")).textContent).toBe("0944 123 456");
    expect(screen.queryByRole("link", { name: "Message on WhatsApp" })).toBeNull();
  });
});

describe("issue 24: payment state on the order", () => {
  type Call = { method: string; url: string; body: unknown };
  let calls: Call[];
  const stub = (answer: (call: Call) => Response) => {
    calls = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string, init?: RequestInit) => {
        const call = {
          method: init?.method ?? "GET",
          url,
          body: init?.body ? JSON.parse(String(init.body)) : undefined,
        };
        calls.push(call);
        return answer(call);
      }),
    );
  };
  const posts = () => calls.filter((c) => c.method === "POST");
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Damascus" }).format(new Date());

  it("Mark paid opens the dialog with the order's total and today, and records the payment", async () => {
    stub((call) =>
      call.method === "POST"
        ? json({
            data: detail({
              payment_status: "paid",
              paid_amount: 35,
              paid_at: "2026-11-20T12:00:00.000Z",
              timeline: [
                {
                  kind: "payment",
                  id: 1,
                  amount: 35,
                  paid_at: "2026-11-20T12:00:00.000Z",
                  method: "cash",
                  note: "Courier",
                  actor: { kind: "admin", id: 1, name: "Rana" },
                  at: "2026-11-20T12:00:00.000Z",
                },
              ],
            }),
          })
        : json({ data: detail() }),
    );
    renderWithKit(<OrderDetailScreen id={7} />);
    expect((await screen.findAllByTestId("payment-status"))[0]!.textContent).toBe("Unpaid");
    expect(screen.queryByTestId("refund")).toBeNull();
    fireEvent.click(screen.getByTestId("mark-paid"));
    const dialog = await screen.findByTestId("mark-paid-dialog");
    const amount = screen.getByLabelText(/Amount received/) as HTMLInputElement;
    expect(amount.value).toBe("35.00");
    expect((screen.getByLabelText(/Date received/) as HTMLInputElement).value).toBe(today);
    fireEvent.change(screen.getByLabelText(/Note/), { target: { value: " Courier " } });
    fireEvent.click(dialog.querySelector("button[type=submit]")!);
    await waitFor(() =>
      expect(posts()).toEqual([
        {
          method: "POST",
          url: "/api/admin/orders/7/payments",
          body: { amount: 35, paid_at: today, note: "Courier" },
        },
      ]),
    );
    await waitFor(() => expect(screen.queryByTestId("mark-paid-dialog")).toBeNull());
    expect(screen.getAllByTestId("payment-status")[0]!.textContent).toBe("Paid");
    const entry = screen.getByTestId("timeline").querySelector('[data-kind="payment"]')!;
    expect(entry.textContent).toContain("Rana");
    expect(entry.textContent).toContain("Payment received");
    expect(entry.textContent).toContain("$35.00");
    expect(entry.textContent).toContain("Courier");
    expect(screen.getByTestId("refund")).toBeTruthy();
    expect(screen.queryByTestId("mark-paid")).toBeNull();
  });

  it("refuses a bad amount in the form, in Arabic, without calling the server", async () => {
    stub(() => json({ data: detail() }));
    renderWithKit(<OrderDetailScreen id={7} />, { lang: "ar" });
    fireEvent.click(await screen.findByTestId("mark-paid"));
    const dialog = await screen.findByTestId("mark-paid-dialog");
    fireEvent.change(screen.getByLabelText(/المبلغ المستلم/), { target: { value: "10.123" } });
    fireEvent.click(dialog.querySelector("button[type=submit]")!);
    expect((await screen.findByTestId("field-error")).textContent).toContain(
      "بمنزلتين عشريتين على الأكثر",
    );
    expect(posts()).toEqual([]);
  });

  it("shows the server's refusal inside the dialog, in the admin's language", async () => {
    stub((call) =>
      call.method === "POST"
        ? json(
            {
              message: "The order is already paid.",
              errors: { status: ["The order is already paid."] },
            },
            422,
          )
        : json({ data: detail() }),
    );
    renderWithKit(<OrderDetailScreen id={7} />, { lang: "ar" });
    fireEvent.click(await screen.findByTestId("mark-paid"));
    const dialog = await screen.findByTestId("mark-paid-dialog");
    fireEvent.click(dialog.querySelector("button[type=submit]")!);
    await waitFor(() =>
      expect(screen.getByTestId("form-errors").textContent).toBe("الطلب مدفوع مسبقًا."),
    );
  });

  it("Refund asks what to refund first, then records it; no Mark paid on a cancelled unpaid order", async () => {
    stub((call) =>
      call.method === "POST"
        ? json({ data: detail({ payment_status: "refunded", paid_amount: 35 }) })
        : json({ data: detail({ payment_status: "paid", paid_amount: 35 }) }),
    );
    renderWithKit(<OrderDetailScreen id={7} />);
    fireEvent.click(await screen.findByTestId("refund"));
    const dialog = await screen.findByTestId("refund-dialog");
    expect(dialog.textContent).toContain("Refund this order");
    expect(posts()).toEqual([]);
    fireEvent.change(screen.getByLabelText("Note (optional)"), { target: { value: "Broken box" } });
    fireEvent.click(screen.getByTestId("confirm-refund"));
    await waitFor(() =>
      expect(posts()).toEqual([
        { method: "POST", url: "/api/admin/orders/7/refund", body: { note: "Broken box" } },
      ]),
    );
    await waitFor(() =>
      expect(screen.getAllByTestId("payment-status")[0]!.textContent).toBe("Refunded"),
    );
    expect(screen.queryByTestId("refund")).toBeNull();
    cleanup();

    stub(() => json({ data: detail({ status: "canceled", next_statuses: [] }) }));
    renderWithKit(<OrderDetailScreen id={7} />);
    await screen.findByTestId("order-payment");
    expect(screen.queryByTestId("mark-paid")).toBeNull();
    expect(screen.queryByTestId("refund")).toBeNull();
  });

  it("shows the receipts through object URLs: a photo's thumbnail, a PDF's link; none said so", async () => {
    const created: string[] = [];
    // A stand-in for the browser's object URLs (a subclass: the real URL stays untouched).
    class FakeUrl extends URL {
      static override createObjectURL = vi.fn(() => {
        created.push(`blob:receipt-${created.length + 1}`);
        return created.at(-1)!;
      });
      static override revokeObjectURL = vi.fn();
    }
    vi.stubGlobal("URL", FakeUrl);
    const receipts = [
      {
        id: 1,
        content_type: "image/jpeg",
        bytes: 10,
        created_at: "2026-11-20T10:00:00.000Z",
        url: "/api/admin/orders/7/receipts/1",
      },
      {
        id: 2,
        content_type: "application/pdf",
        bytes: 10,
        created_at: "2026-11-20T11:00:00.000Z",
        url: "/api/admin/orders/7/receipts/2",
      },
    ];
    stub((call) =>
      call.url.includes("/receipts/")
        ? new Response(new Blob(["x"]), { status: 200 })
        : json({ data: detail({ payment_method: "bank_transfer", receipts }) }),
    );
    renderWithKit(<OrderDetailScreen id={7} />);
    const image = (await screen.findByTestId("receipt-image")).querySelector("img")!;
    expect(image.getAttribute("src")).toMatch(/^blob:receipt-/);
    expect(image.getAttribute("alt")).toBe("Receipt 1");
    const pdf = await screen.findByTestId("receipt-pdf");
    expect(pdf.getAttribute("href")).toMatch(/^blob:receipt-/);
    expect(pdf.textContent).toContain("PDF");
    expect(calls.filter((c) => c.url.includes("/receipts/")).map((c) => c.url)).toEqual([
      "/api/admin/orders/7/receipts/1",
      "/api/admin/orders/7/receipts/2",
    ]);
    cleanup();
    stub(() => json({ data: detail({ payment_method: "bank_transfer" }) }));
    renderWithKit(<OrderDetailScreen id={7} />);
    expect((await screen.findByTestId("order-receipts")).textContent).toContain(
      "The customer has not uploaded a receipt.",
    );
  });

  for (const [lang, uploaded] of [
    ["en", "Uploaded a transfer receipt."],
    ["ar", "رفع إيصال تحويل."],
  ] as const)
    it(`(${lang}) a card-paid order waits for no receipt; an upload is on the timeline`, async () => {
      stub(() =>
        json({
          data: detail({
            payment_method: "card",
            payment_status: "paid",
            timeline: [
              {
                kind: "receipt",
                id: 3,
                actor: { kind: "customer", id: null, name: null },
                at: "2026-11-20T11:00:00.000Z",
              },
            ],
          }),
        }),
      );
      renderWithKit(<OrderDetailScreen id={7} />, { lang });
      await screen.findByTestId("order-payment");
      expect(screen.queryByTestId("order-receipts")).toBeNull();
      const entry = screen.getByTestId("timeline").querySelector('[data-kind="receipt"]');
      expect(entry?.textContent).toContain(uploaded);
    });
});

describe("issue 29: gift orders on the desk", () => {
  const MESSAGE = "كل عام وأنتم بخير\nEid Mubarak  — Sami";
  const giftOrder = (lang: "en" | "ar", wrap: boolean, fee: number) =>
    detail({
      lang,
      gift: {
        recipient_name: "Hala Haddad",
        recipient_phone: "+963944123456",
        message: MESSAGE,
        wrap,
      },
      gift_wrap_fee: fee,
      subtotal: 24.68,
      delivery_fee: 15.79,
      total: 40.47 + fee,
      lines: [
        {
          line_id: 13,
          product_id: 3,
          name: "Baklava",
          name_ar: "بقلاوة",
          grams: 1000,
          qty: 2,
          unit_price: 12.34,
          line_total: 24.68,
          weighed_grams: null,
          refunded: 0,
          image_url: null,
          contents: null,
        },
      ],
    });

  for (const [lang, word] of [
    ["en", "Gift"],
    ["ar", "هدية"],
  ] as const) {
    it(`marks a gift row with an icon and the word "${word}" (${lang})`, async () => {
      reply = () =>
        json({
          data: [row(1, "pending"), row(3, "pending")],
          meta: { page: 1, per_page: 10, total: 2, last_page: 1 },
        });
      renderWithKit(<OrdersScreen />, { lang });
      const marks = await screen.findAllByTestId("order-gift");
      expect(marks).toHaveLength(1);
      expect(marks[0]!.textContent).toBe(word);
      expect(marks[0]!.querySelector("svg")?.getAttribute("aria-hidden")).toBe("true");
      expect(marks[0]!.closest("tr")?.textContent).toContain("SW-10003");
    });

    it(`the order page shows the recipient, the card in its own direction and the wrapping (${lang})`, async () => {
      reply = () => json({ data: giftOrder(lang, true, 3.21) });
      renderWithKit(<OrderDetailScreen id={7} />, { lang });
      const section = await screen.findByTestId("order-gift-details");
      expect(section.textContent).toContain("Hala Haddad");
      const phone = screen.getByTestId("gift-phone");
      expect(phone.getAttribute("href")).toBe("tel:+963944123456");
      // A Syrian number on an order to France: shown with its calling code.
      expect(phone.textContent).toBe("+963 944 123 456");
      expect(phone.getAttribute("dir")).toBe("ltr");
      const message = screen.getByTestId("gift-message");
      expect(message.getAttribute("dir")).toBe("auto");
      expect(message.textContent).toBe(MESSAGE);
      expect(message.className).toContain("whitespace-pre-wrap");
      expect(screen.getByTestId("gift-wrap").textContent).toBe(lang === "en" ? "Yes" : "نعم");
      expect(screen.getByTestId("gift-wrap-fee").textContent).toContain(
        formatMoney(toCents(3.21), lang),
      );
    });
  }

  it("says free wrapping when wrapped at no charge, and no wrapping line for a plain order", async () => {
    reply = () => json({ data: giftOrder("en", true, 0) });
    renderWithKit(<OrderDetailScreen id={7} />);
    expect((await screen.findByTestId("gift-wrap-fee")).textContent).toBe("Free");
    cleanup();
    reply = () => json({ data: detail() });
    renderWithKit(<OrderDetailScreen id={7} />);
    await screen.findByTestId("order-customer");
    expect(screen.queryByTestId("gift-wrap-fee")).toBeNull();
    expect(screen.queryByTestId("order-gift-details")).toBeNull();
  });

  for (const lang of ["en", "ar"] as const) {
    it(`the gift slip names the recipient, keeps the card's direction and shows no price (${lang})`, async () => {
      reply = () => json({ data: giftOrder(lang, true, 3.21) });
      // The test kit holds the admin's language only (the app loads both for a slip).
      renderWithKit(<PrintScreen ids={[7]} />, { lang });
      const slip = await screen.findByTestId("slip");
      expect(slip.getAttribute("data-gift")).toBe("true");
      expect(slip.getAttribute("lang")).toBe(lang);
      const recipient = screen.getByTestId("slip-recipient");
      expect(recipient.textContent).toContain("Hala Haddad");
      expect(recipient.textContent).toContain("+963 944 123 456");
      expect(screen.getByTestId("slip-sender").textContent).toContain("Claire");
      const message = screen.getByTestId("slip-gift-message");
      expect(message.getAttribute("dir")).toBe("auto");
      expect(message.textContent).toBe(MESSAGE);
      expect(screen.getByTestId("slip-gift-wrap").textContent).toBe(
        lang === "en" ? "Gift wrap" : "تغليف هدية",
      );
      // No amount of any kind: no currency sign, no total, no line price.
      expect(slip.textContent).not.toContain("$");
      for (const amount of [12.34, 24.68, 15.79, 3.21, 43.68]) {
        expect(slip.textContent).not.toContain(formatMoney(toCents(amount), lang));
        expect(slip.textContent).not.toContain(amount.toFixed(2));
      }
      // The line's weight and quantity, the weight isolated.
      expect(slip.querySelector("tbody td:last-child bdi")).toBeTruthy();
    });
  }

  for (const lang of ["en", "ar"] as const) {
    it(`a kitchen pickup order's slip says where to collect it and lists the dishes by portions (${lang})`, async () => {
      reply = () =>
        json({
          data: detail({
            lang,
            country: "SY",
            city: "",
            address: "",
            delivery_fee: 0,
            subtotal: 19,
            total: 19,
            ready_date: "2026-12-02",
            slot: { id: "k-19:00", label: "From 19:00", label_ar: "ابتداءً من 19:00" },
            dishes: [
              {
                dish_id: 3,
                name: "Molokhia",
                name_ar: "ملوخية",
                portions: 2,
                unit_price: 9.5,
                line_total: 19,
              },
            ],
            shipping: {
              method: "pickup:1",
              kind: "pickup",
              zone: null,
              zone_ar: null,
              name: "Kitchen branch",
              name_ar: "فرع المطبخ",
              fee: 0,
              delivery_date: null,
              pickup: {
                address: "Mezzeh Villas 4",
                address_ar: "فيلات المزة 4",
                hours: "9:00–23:00",
                hours_ar: "9:00–23:00",
                phone: "+963 11 000 0000",
              },
              carrier: null,
              carrier_ar: null,
              tracking_number: null,
              tracking_url: null,
            },
          }),
        });
      renderWithKit(<PrintScreen ids={[7]} />, { lang });
      const shipping = await screen.findByTestId("slip-shipping");
      expect(shipping.textContent).toContain(lang === "en" ? "Kitchen branch" : "فرع المطبخ");
      expect(shipping.textContent).toContain(lang === "en" ? "Mezzeh Villas 4" : "فيلات المزة 4");
      const dish = screen.getByTestId("slip-dish");
      expect(dish.textContent).toContain(lang === "en" ? "Molokhia" : "ملوخية");
      expect(within(dish).getAllByRole("cell")[2]!.textContent).toBe("2");
    });
  }

  it("a plain order's slip still carries its prices", async () => {
    reply = () => json({ data: detail() });
    renderWithKit(<PrintScreen ids={[7]} />);
    const slip = await screen.findByTestId("slip");
    expect(slip.getAttribute("data-gift")).toBeNull();
    expect(slip.textContent).toContain("$35.00");
    expect(screen.queryByTestId("slip-gift-message")).toBeNull();
  });
});

describe("the customer's Arabic texts and the discount keep their order", () => {
  for (const lang of ["en", "ar"] as const) {
    it(`(${lang}) name, address and notes in their own direction; the minus before the amount`, async () => {
      reply = () =>
        json({
          data: detail({
            name: "سامي حداد",
            address: "بناء 12، شارع بغداد",
            city: "دمشق",
            notes: "الطابق 3، بناء 12",
            discount: 9.4,
            discount_percent: 20,
            discount_source: "standing",
          }),
        });
      renderWithKit(<OrderDetailScreen id={7} />, { lang });
      const address = await screen.findByTestId("order-address");
      // Each part of the address isolated: its direction is its own, not the screen's.
      expect(address.querySelector("bdi")?.textContent).toBe("بناء 12، شارع بغداد");
      expect(screen.getByTestId("order-name").getAttribute("dir")).toBe("auto");
      expect(screen.getByTestId("order-notes").getAttribute("dir")).toBe("auto");
      // One left-to-right run, the minus first: "−9.40 US$", never "9.40 US$-".
      const discount = screen.getByTestId("order-discount");
      expect(discount.getAttribute("dir")).toBe("ltr");
      expect(discount.textContent).toBe(
        lang === "ar" ? "\u2212\u200f9.40\u00a0US$" : "\u2212$9.40",
      );
      expect(discount.closest("dd")?.textContent).toBe(discount.textContent);
    });
  }
});
