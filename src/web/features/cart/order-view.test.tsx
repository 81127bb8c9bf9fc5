import { cleanup, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { SYSTEM_CANCEL_NOTES } from "../../../shared/domain/reservations.ts";
import type { OrderDto } from "../../../shared/schemas/order.ts";
import { OrderView } from "./order-view.tsx";
import { renderScreen } from "./render-for-test.tsx";

const order: OrderDto = {
  number: "ORD-000123",
  status: "pending",
  created_at: "2026-11-21T10:00:00.000Z",
  name: "Rana Haddad",
  phone: "+963 944 000 000",
  email: null,
  country: "SY",
  city: "Damascus",
  address: "Street 1",
  notes: null,
  payment_method: "bank_transfer",
  due_date: null,
  payment_status: "unpaid",
  paid_amount: null,
  paid_at: null,
  payment_url: null,
  balance_due: 0,
  refunded_amount: 0,
  version: 0,
  coupon: null,
  subtotal: 60.5,
  discount: 12.1,
  discount_percent: 20,
  discount_source: "standing",
  delivery_fee: 15,
  gift: null,
  gift_wrap_fee: 0,
  ready_date: null,
  slot: null,
  season: null,
  dishes: [],
  kitchen: null,
  shipping: {
    method: "delivery:1",
    kind: "delivery",
    zone: "Syria",
    zone_ar: "سوريا",
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
  total: 63.4,
  total_grams: 2000,
  lines: [
    {
      line_id: 17,
      product_id: 7,
      name: "Baklava",
      name_ar: "بقلاوة",
      grams: 500,
      qty: 2,
      unit_price: 25,
      line_total: 50,
      weighed_grams: null,
      refunded: 0,
      image_url: null,
      contents: null,
    },
  ],
  events: [{ status: "pending", at: "2026-11-21T10:00:00.000Z", actor: "customer", note: null }],
  payment_instructions: { en: "Transfer to Example Bank.", ar: "حوّل إلى بنك المثال." },
  messaging_link: null,
  invoice: null,
  credit_notes: [],
};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("order confirmation", () => {
  it("loads the order by its private key and shows number, status, lines, totals and instructions", async () => {
    const fetchMock = vi.fn(async (_url: string) => Response.json({ data: order }));
    vi.stubGlobal("fetch", fetchMock);
    renderScreen(<OrderView number="ORD-000123" accessKey="secret" />, {
      path: "/order/ORD-000123?key=secret",
    });
    expect(await screen.findByRole("heading", { name: "Order ORD-000123" })).toBeTruthy();
    expect(fetchMock.mock.calls[0]?.[0]).toBe("/api/orders/ORD-000123?key=secret");
    expect(screen.getByTestId("order-status").textContent).toBe("Pending");
    expect(screen.getByText("Baklava")).toBeTruthy();
    expect(screen.getByText("0.5 kg")).toBeTruthy();
    expect(screen.getByTestId("order-total").textContent).toBe("$63.40");
    expect(screen.getByTestId("payment-instructions").textContent).toBe(
      "Transfer to Example Bank.",
    );
  });

  it("shows the Arabic names and instructions in Arabic", async () => {
    vi.stubGlobal("fetch", async () => Response.json({ data: order }));
    renderScreen(<OrderView number="ORD-000123" accessKey="secret" />, { lang: "ar" });
    expect(await screen.findByText("بقلاوة")).toBeTruthy();
    expect(screen.getByTestId("payment-instructions").textContent).toBe("حوّل إلى بنك المثال.");
    expect(screen.getByTestId("order-status").textContent).toBe("قيد الانتظار");
  });

  it.each([
    ["en", "Collect from", "Old City, Damascus", "Pickup day", "Sat", "Pickup time", "16:00–20:00"],
    [
      "ar",
      "الاستلام من",
      "المدينة القديمة، دمشق",
      "يوم الاستلام",
      "السبت",
      "وقت الاستلام",
      "من 16:00 إلى 20:00",
    ],
  ] as const)(
    "a pickup order (%s) says where and when to collect it, not a home address",
    async (lang, collect, address, dayLabel, weekday, slotLabel, slot) => {
      const pickup: OrderDto = {
        ...order,
        city: "",
        address: "",
        ready_date: "2026-11-28",
        slot: { id: "16:00-20:00", label: "16:00–20:00", label_ar: "من 16:00 إلى 20:00" },
        shipping: {
          ...order.shipping,
          method: "pickup:0",
          kind: "pickup",
          zone: null,
          zone_ar: null,
          name: "Pickup at Main shop",
          name_ar: "الاستلام من المحل الرئيسي",
          fee: 0,
          pickup: {
            address: "Old City, Damascus",
            address_ar: "المدينة القديمة، دمشق",
            hours: "Daily 9:00-22:00",
            hours_ar: "يومياً 9:00-22:00",
            phone: "+963 11 000 0000",
          },
        },
      };
      vi.stubGlobal("fetch", async () => Response.json({ data: pickup }));
      renderScreen(<OrderView number="ORD-000123" accessKey="secret" />, { lang });
      expect((await screen.findByTestId("pickup-address")).textContent).toBe(address);
      expect(screen.getByText(collect)).toBeTruthy();
      expect(screen.getByTestId("pickup-hours").textContent).toContain("9:00-22:00");
      expect(screen.queryByTestId("deliver-to")).toBeNull();
      expect(screen.getByText(dayLabel)).toBeTruthy();
      expect(screen.getByTestId("delivery-day").textContent).toContain(weekday);
      expect(screen.getByText(slotLabel)).toBeTruthy();
      expect(screen.getByTestId("order-slot").textContent).toBe(slot);
    },
  );

  it("offers the messaging link for an order via the messaging app", async () => {
    const link = "https://wa.me/963900000000?text=Order%20ORD-000123";
    vi.stubGlobal("fetch", async () =>
      Response.json({
        data: {
          ...order,
          payment_method: "messaging_app",
          payment_instructions: null,
          messaging_link: link,
        },
      }),
    );
    renderScreen(<OrderView number="ORD-000123" accessKey="secret" />);
    const button = await screen.findByRole("link", { name: "Send your order on WhatsApp" });
    expect(button.getAttribute("href")).toBe(link);
    expect(button.getAttribute("target")).toBe("_blank");
  });

  it("says 'Not found.' for a wrong key", async () => {
    vi.stubGlobal("fetch", async () => Response.json({ message: "Not found." }, { status: 404 }));
    renderScreen(<OrderView number="ORD-000123" accessKey="wrong" />);
    expect(await screen.findByRole("heading", { name: "Not found." })).toBeTruthy();
  });

  for (const [lang, canceled, thanks, reasonLabel] of [
    ["en", "This order was canceled.", "Thank you! We have received your order.", "Reason:"],
    ["ar", "أُلغي هذا الطلب.", "شكراً لك! لقد استلمنا طلبك.", "السبب:"],
  ] as const) {
    it(`issue 29.10 (${lang}): a cancelled order says so, with its reason and the shop's phone and e-mail`, async () => {
      const cancelled: OrderDto = {
        ...order,
        status: "canceled",
        events: [
          ...order.events,
          {
            status: "canceled",
            at: "2026-11-21T11:00:00.000Z",
            actor: "admin:1",
            note: "Out of pistachios",
          },
        ],
      };
      vi.stubGlobal("fetch", async () => Response.json({ data: cancelled }));
      renderScreen(
        <OrderView
          number="ORD-000123"
          accessKey="secret"
          contact={{ phones: ["+963 11 000 0000"], emails: ["info@example.com"] }}
        />,
        { lang },
      );
      const box = await screen.findByTestId("order-canceled");
      expect(box.textContent).toContain(canceled);
      expect(document.body.textContent).not.toContain(thanks);
      expect(screen.getByTestId("cancel-reason").textContent).toBe(
        `${reasonLabel} Out of pistachios`,
      );
      const links = [...screen.getByTestId("cancel-contact").querySelectorAll("a")];
      expect(links.map((a) => a.getAttribute("href"))).toEqual([
        "tel:+963110000000",
        "mailto:info@example.com",
      ]);
      // Nothing left to pay on a cancelled order.
      expect(screen.queryByTestId("payment-instructions")).toBeNull();
    });
  }

  it("issue 29.10: a cancelled order with no reason says so without a reason line", async () => {
    vi.stubGlobal("fetch", async () =>
      Response.json({
        data: {
          ...order,
          status: "canceled",
          events: [
            ...order.events,
            { status: "canceled", at: order.created_at, actor: "admin:1", note: null },
          ],
        },
      }),
    );
    renderScreen(
      <OrderView
        number="ORD-000123"
        accessKey="secret"
        contact={{ phones: [], emails: ["a@example.com"] }}
      />,
    );
    expect((await screen.findByTestId("order-canceled")).textContent).toContain(
      "This order was canceled.",
    );
    expect(screen.queryByTestId("cancel-reason")).toBeNull();
  });
});

describe("payment state (issue 24)", () => {
  const card: OrderDto = {
    ...order,
    payment_method: "card",
    payment_instructions: null,
    payment_url: "https://checkout.stripe.com/c/pay/cs_test_1",
  };

  for (const [lang, waiting, payNow] of [
    ["en", "Waiting for the payment", "Pay now"],
    ["ar", "بانتظار الدفع", "ادفع الآن"],
  ] as const) {
    it(`(${lang}) a card order waiting for its payment offers the open payment page`, async () => {
      vi.stubGlobal("fetch", async () => Response.json({ data: card }));
      renderScreen(<OrderView number="ORD-000123" accessKey="secret" />, { lang });
      expect((await screen.findByTestId("payment-status")).textContent).toBe(waiting);
      const link = screen.getByRole("link", { name: payNow });
      expect(link.getAttribute("href")).toBe(card.payment_url);
      expect(screen.queryByTestId("pay-retry")).toBeNull();
    });
  }

  it("without an open page, offers to open one and goes there", async () => {
    const assign = vi.fn();
    vi.stubGlobal("location", { ...window.location, assign });
    const fetchMock = vi.fn(async (_url: string, init?: RequestInit) =>
      init?.method === "POST"
        ? Response.json({ data: card })
        : Response.json({ data: { ...card, payment_url: null } }),
    );
    vi.stubGlobal("fetch", fetchMock);
    renderScreen(<OrderView number="ORD-000123" accessKey="k 1" />);
    const retry = await screen.findByRole("button", { name: "Open the payment page" });
    retry.click();
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith(card.payment_url));
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === "POST");
    expect(post?.[0]).toBe("/api/orders/ORD-000123/payment-session?key=k+1");
  });

  it("says when the payment page cannot be opened for a moment", async () => {
    vi.stubGlobal("fetch", async (_url: string, init?: RequestInit) =>
      init?.method === "POST"
        ? Response.json({ message: "busy" }, { status: 503 })
        : Response.json({ data: { ...card, payment_url: null } }),
    );
    renderScreen(<OrderView number="ORD-000123" accessKey="secret" />);
    (await screen.findByRole("button", { name: "Open the payment page" })).click();
    expect((await screen.findByRole("alert")).textContent).toContain("try again in a minute");
  });

  it("a paid order says Paid and offers no payment page", async () => {
    vi.stubGlobal("fetch", async () =>
      Response.json({
        data: { ...card, payment_status: "paid", paid_amount: 63.4, payment_url: null },
      }),
    );
    renderScreen(<OrderView number="ORD-000123" accessKey="secret" />, { lang: "ar" });
    expect((await screen.findByTestId("payment-status")).textContent).toBe("مدفوع");
    expect(screen.queryByTestId("card-payment")).toBeNull();
  });

  it("a cash order not yet paid says so, without a card panel", async () => {
    vi.stubGlobal("fetch", async () =>
      Response.json({ data: { ...order, payment_method: "cod" } }),
    );
    renderScreen(<OrderView number="ORD-000123" accessKey="secret" />);
    expect((await screen.findByTestId("payment-status")).textContent).toBe("Not paid yet");
    expect(screen.queryByTestId("card-payment")).toBeNull();
  });

  it("back from the payment page, asks again until the payment is confirmed", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      let calls = 0;
      vi.stubGlobal("fetch", async () => {
        calls += 1;
        return Response.json({
          data: calls < 3 ? card : { ...card, payment_status: "paid", payment_url: null },
        });
      });
      renderScreen(<OrderView number="ORD-000123" accessKey="secret" paymentReturn />);
      expect((await screen.findByTestId("card-returned")).textContent).toContain("waiting");
      await vi.advanceTimersByTimeAsync(5_000);
      await vi.waitFor(() => expect(screen.getByTestId("payment-status").textContent).toBe("Paid"));
    } finally {
      vi.useRealTimers();
    }
  });

  for (const [lang, expected] of [
    ["en", "The card payment was not completed in time"],
    ["ar", "لم يكتمل الدفع بالبطاقة في الوقت المحدد"],
  ] as const) {
    it(`(${lang}) a reservation the system ended gives its reason in the page's language`, async () => {
      vi.stubGlobal("fetch", async () =>
        Response.json({
          data: {
            ...card,
            status: "canceled",
            payment_url: null,
            events: [
              ...order.events,
              {
                status: "canceled",
                at: order.created_at,
                actor: "system",
                note: SYSTEM_CANCEL_NOTES.card_session_expired,
              },
            ],
          },
        }),
      );
      renderScreen(<OrderView number="ORD-000123" accessKey="secret" />, { lang });
      expect((await screen.findByTestId("cancel-reason")).textContent).toContain(expected);
      expect(screen.queryByTestId("card-payment")).toBeNull();
    });
  }
});

describe("the order's headline and progress follow its state", () => {
  const event = (status: OrderDto["status"]) => ({
    status,
    at: "2026-11-22T10:00:00.000Z",
    actor: "admin",
    note: null,
  });
  const cases = [
    {
      what: "shipped",
      order: { ...order, status: "shipped", events: [event("pending"), event("shipped")] },
      en: ["Your order is on its way.", "Placed|Confirmed|Shipped*|Delivered"],
      ar: ["طلبك في الطريق إليك.", "تم الطلب|مؤكَّد|تم الشحن*|تم التوصيل"],
    },
    {
      what: "delivered",
      order: { ...order, status: "completed", payment_status: "paid" },
      en: ["Your order was delivered.", "Placed|Confirmed|Shipped|Delivered*"],
      ar: ["تم توصيل طلبك.", "تم الطلب|مؤكَّد|تم الشحن|تم التوصيل*"],
    },
    {
      what: "refunded after a cancel from confirmed",
      order: {
        ...order,
        status: "canceled",
        payment_status: "refunded",
        events: [event("pending"), event("confirmed"), event("canceled")],
      },
      en: [null, "Placed|Confirmed|Cancelled|Refunded*"],
      ar: [null, "تم الطلب|مؤكَّد|ملغى|مُسترد*"],
    },
    {
      what: "a card payment not made yet",
      order: { ...order, payment_method: "card", payment_url: null },
      en: [
        "Your order is saved and waits for the card payment.",
        "Placed*|Confirmed|Shipped|Delivered",
      ],
      ar: ["حُفظ طلبك وهو بانتظار الدفع بالبطاقة.", "تم الطلب*|مؤكَّد|تم الشحن|تم التوصيل"],
    },
  ] as const;
  for (const lang of ["en", "ar"] as const)
    for (const c of cases)
      it(`(${lang}) ${c.what}: says so, never "thank you, we received it"`, async () => {
        vi.stubGlobal("fetch", async () => Response.json({ data: c.order }));
        renderScreen(<OrderView number="ORD-000123" accessKey="secret" />, { lang });
        const progress = await screen.findByTestId("order-progress");
        const [headline, steps] = c[lang];
        if (headline) expect(screen.getByTestId("order-headline").textContent).toBe(headline);
        else expect(screen.getByTestId("order-canceled")).toBeTruthy();
        // The steps in reading order, the current one starred.
        const read = [...progress.querySelectorAll("li")]
          .map(
            (li) =>
              `${li.textContent?.replace("→", "")}${li.getAttribute("aria-current") ? "*" : ""}`,
          )
          .join("|");
        expect(read).toBe(steps);
        expect(document.body.textContent).not.toContain(
          lang === "en" ? "We have received your order" : "لقد استلمنا طلبك",
        );
      });
});

describe("a gift order's confirmation", () => {
  for (const [lang, name] of [
    ["en", "Salma Idris"],
    ["ar", "سلمى إدريس"],
  ] as const)
    it(`(${lang}) delivers to the recipient, not to the buyer`, async () => {
      const gift = {
        ...order,
        gift: {
          recipient_name: name,
          recipient_phone: "+974 5555 0000",
          message: null,
          wrap: false,
        },
      };
      vi.stubGlobal("fetch", async () => Response.json({ data: gift }));
      renderScreen(<OrderView number="ORD-000123" accessKey="secret" />, { lang });
      const deliverTo = await screen.findByTestId("deliver-to");
      expect(deliverTo.textContent).toContain(name);
      expect(deliverTo.textContent).not.toContain("Rana Haddad");
    });
});

describe("the order's invoice and credit notes", () => {
  const invoiced: OrderDto = {
    ...order,
    status: "canceled",
    invoice: {
      number: "INV-2026-000123",
      issued_at: "2026-11-21T11:00:00.000Z",
      url: "/api/orders/ORD-000123/invoice.pdf",
    },
    credit_notes: [
      {
        number: "CN-2026-000045",
        issued_at: "2026-11-22T11:00:00.000Z",
        refers_to: "INV-2026-000123",
        reason: "cancellation",
        url: "/api/orders/ORD-000123/credit-notes/CN-2026-000045.pdf",
      },
    ],
  };

  it("before it is issued, says when it will be", async () => {
    vi.stubGlobal("fetch", async () => Response.json({ data: order }));
    renderScreen(<OrderView number="ORD-000123" accessKey="secret" />);
    await screen.findByRole("heading", { name: "Order ORD-000123" });
    expect(screen.queryByTestId("invoice-download")).toBeNull();
    expect(screen.getByTestId("documents").textContent).toContain(
      "The invoice is issued when the order is confirmed or paid.",
    );
  });

  it.each([
    ["en", "Download invoice INV-2026-000123", "Credit note CN-2026-000045"],
    ["ar", "تنزيل الفاتورة INV-2026-000123", "إشعار دائن CN-2026-000045"],
  ] as const)(
    "in %s: downloads the PDF with the private key",
    async (lang, invoiceText, noteText) => {
      const fetchMock = vi.fn(async (url: string) =>
        url.includes(".pdf")
          ? new Response("%PDF-1.7", {
              headers: {
                "content-type": "application/pdf",
                "content-disposition": 'attachment; filename="INV-2026-000123.pdf"',
              },
            })
          : Response.json({ data: invoiced }),
      );
      vi.stubGlobal("fetch", fetchMock);
      // Stand-ins for the browser's object URLs and the download click (a subclass: the real
      // URL stays untouched; the click must not take the test document to the blob).
      class FakeUrl extends URL {
        static override createObjectURL = () => "blob:x";
        static override revokeObjectURL = () => {};
      }
      vi.stubGlobal("URL", FakeUrl);
      vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(() => {});
      renderScreen(<OrderView number="ORD-000123" accessKey="secret" />, { lang });
      const button = await screen.findByTestId("invoice-download");
      expect(button.textContent).toBe(invoiceText);
      expect(screen.getByTestId("credit-note-download").textContent).toBe(noteText);
      button.click();
      await vi.waitFor(() =>
        expect(fetchMock.mock.calls.map((c) => c[0])).toContain(
          "/api/orders/ORD-000123/invoice.pdf?key=secret",
        ),
      );
    },
  );
});
