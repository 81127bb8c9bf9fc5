import { describe, expect, it } from "vitest";
import { localizePath } from "../../../shared/domain/language-path.ts";
import { orderPath } from "../../../shared/domain/paths.ts";
import type { OrderDto } from "../../../shared/schemas/order.ts";
import { defaultShopSettings } from "../../../shared/schemas/settings.ts";
import { orderChangedMail, paymentLinkMail } from "../orders/order-change-mail.ts";
import { restockMail } from "../restock-alerts/mail.ts";
import {
  emailChangedMail,
  emailVerificationMail,
  passwordResetMail,
  paymentReminderMail,
  traderInvitationMail,
} from "./account-templates.ts";
import { finishMail } from "./finish.ts";
import { orderStatusMail, type StatusMailOrder } from "./order-status-templates.ts";
import {
  lowStockNotice,
  type Mail,
  newOrderNotice,
  orderCancelledMail,
  orderConfirmation,
} from "./templates.ts";

const ORIGIN = "https://shop.example.com";
const BIDI = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;

const shipping: OrderDto["shipping"] = {
  method: "delivery:1",
  kind: "delivery",
  zone: "Damascus",
  zone_ar: "دمشق",
  name: "Courier",
  name_ar: "مندوب",
  fee: 15,
  delivery_date: null,
  pickup: null,
  carrier: "Post",
  carrier_ar: "البريد",
  tracking_number: "TR123",
  tracking_url: "https://track.example.com/TR123",
};

const order = {
  number: "SW-10003",
  name: "رنا حداد",
  phone: "+963944123456",
  email: "rana@example.com",
  country: "SY",
  city: "Damascus",
  address: "بناء 12",
  notes: null,
  payment_method: "cod",
  payment_url: null,
  subtotal: 46,
  discount: 9.2,
  discount_percent: 20,
  delivery_fee: 15,
  gift_wrap_fee: 0,
  total: 51.8,
  gift: null,
  ready_date: "2026-12-01",
  slot: null,
  shipping,
  lines: [
    { name: "Baklava", name_ar: "بقلاوة", grams: 1000, qty: 2, line_total: 40, contents: [] },
    { name: "Maamoul", name_ar: "معمول", grams: 500, qty: 1, line_total: 6, contents: [] },
  ],
} as unknown as OrderDto;

const statusOrder: StatusMailOrder = {
  number: order.number,
  name: order.name,
  totalCents: 5180,
  paymentStatus: "paid",
  paidCents: 5180,
  address: order.address,
  city: order.city,
  country: order.country,
  shipping,
};

/** The order's page as the mail kit's callers build it: in the e-mail's language. */
const orderLink = (lang: "en" | "ar") => ORIGIN + localizePath(lang, orderPath(order.number, "k"));

/** Every e-mail the shop sends, by name, in one language. */
function everyMail(lang: "en" | "ar"): Record<string, Mail> {
  const link = orderLink(lang);
  const snapshot = (total: number) =>
    ({
      lines: [
        {
          product_id: 1,
          name: "Baklava",
          grams: 1000,
          qty: 1,
          line_total: total,
          weighed_grams: null,
        },
      ],
      total,
    }) as never;
  return {
    confirmation: orderConfirmation(order, lang, link, defaultShopSettings),
    cancelledUnpaid: orderCancelledMail(statusOrder, lang, "reservation_expired", {
      order: link,
      shop: ORIGIN + localizePath(lang, "/shop"),
    }),
    ...Object.fromEntries(
      (["confirmed", "shipped", "completed", "canceled", "paid"] as const).map((kind) => [
        `status_${kind}`,
        orderStatusMail(statusOrder, lang, kind, { link }),
      ]),
    ),
    changed: orderChangedMail({
      number: order.number,
      name: order.name,
      lang,
      before: snapshot(20),
      after: snapshot(40),
      balanceDueCents: 2000,
      link,
    }),
    paymentLink: paymentLinkMail({
      number: order.number,
      name: order.name,
      lang,
      amountCents: 2000,
      url: "https://pay.example.com/s/1",
      expiresAt: new Date("2026-12-01T10:00:00Z"),
    }),
    reset: passwordResetMail(lang, "Rana", `${ORIGIN}/reset?t=1`),
    verify: emailVerificationMail(lang, "Rana", `${ORIGIN}/verify?t=1`),
    changedEmail: emailChangedMail(lang, "Rana", "new@example.com"),
    invite: traderInvitationMail(lang, "Rana", `${ORIGIN}/reset?t=2`),
    reminder: paymentReminderMail(
      lang,
      "Sweet Co",
      [{ number: "SW-10001", amount: "$12.00", due: "2026-12-01" }],
      "$12.00",
    ),
    restock: restockMail(lang, "Baklava", {
      product: `${ORIGIN}/product/1-baklava`,
      stop: `${ORIGIN}/restock/stop?t=1`,
    }),
    shopNotice: newOrderNotice(order, `${ORIGIN}/admin-orders`, lang),
    lowStock: lowStockNotice(
      {
        nameEn: "Baklava",
        nameAr: "بقلاوة",
        sku: "B1",
        stockGrams: 900,
        thresholdGrams: 2000,
      },
      order,
      `${ORIGIN}/admin-products/1`,
      lang,
    ),
  };
}

describe("every e-mail, laid out, in both languages", () => {
  for (const lang of ["en", "ar"] as const) {
    for (const [name, raw] of Object.entries(everyMail(lang))) {
      it(`(${lang}) ${name}: the shop's layout, its direction, absolute links, clean text`, () => {
        const mail = finishMail(raw, { origin: ORIGIN });
        // The frame: the logo from the shop's origin, one document, the language's direction.
        expect(mail.html).toMatch(/^<!DOCTYPE html><html /);
        expect(mail.html).toContain(`src="${ORIGIN}/icons/icon-192.png"`);
        expect(mail.html.match(/<body/g)).toHaveLength(1);
        expect(mail.html).toContain(`lang="${lang}"`);
        expect(mail.html).toContain(`dir="${lang === "ar" ? "rtl" : "ltr"}"`);
        if (lang === "ar") expect(mail.html).not.toContain('dir="ltr" lang');
        // Every link is absolute; the shop's own links to an order are in the e-mail's language.
        const hrefs = [...mail.html.matchAll(/href="([^"]+)"/g)].map((m) => m[1]!);
        expect(hrefs.length).toBeGreaterThan(0);
        for (const href of hrefs) expect(href).toMatch(/^https:\/\//);
        for (const href of hrefs.filter((h) => h.includes("/order/")))
          expect(new URL(href.replaceAll("&amp;", "&")).pathname.startsWith("/ar/")).toBe(
            lang === "ar",
          );
        // The plain-text part reads cleanly: no invisible direction marks.
        expect(mail.text).not.toMatch(BIDI);
        expect(mail.subject.length).toBeGreaterThan(0);
        // Laying out twice changes nothing.
        expect(finishMail(mail, { origin: ORIGIN }).html).toBe(mail.html);
      });
    }
  }

  for (const lang of ["en", "ar"] as const) {
    it(`(${lang}) the confirmation's lines and totals sit in one table, amounts at the row's end`, () => {
      const mail = finishMail(everyMail(lang).confirmation!, { origin: ORIGIN });
      const end = lang === "ar" ? "left" : "right";
      const table = /<table role="presentation" width="100%"[^>]*>([\s\S]*?)<\/table>/.exec(
        mail.html.slice(mail.html.indexOf("data-opening")),
      )?.[1];
      expect(table).toBeDefined();
      const amounts = [...table!.matchAll(/<td align="(\w+)"[^>]*><span dir="ltr">([^<]+)</g)];
      // Two lines, subtotal, discount, delivery and total, every amount at the end.
      expect(amounts).toHaveLength(6);
      for (const [, align] of amounts) expect(align).toBe(end);
      const figures = amounts.map(([, , amount]) => amount!.replace(/[^\d.]/g, ""));
      expect(figures).toEqual(["40.00", "6.00", "46.00", "9.20", "15.00", "51.80"]);
      // The same total in the plain text, and the order's link in the language.
      expect(mail.text).toMatch(lang === "ar" ? /51\.80\u00a0US\$/ : /\$51\.80/);
      expect(mail.text).toContain(orderLink(lang));
      expect(mail.text).toContain(lang === "ar" ? "/ar/order/SW-10003" : "/order/SW-10003");
    });
  }

  for (const lang of ["en", "ar"] as const) {
    it(`(${lang}) the shop's new-order notice: facts and money in tables, no preformatted text`, () => {
      const mail = finishMail(everyMail(lang).shopNotice!, { origin: ORIGIN });
      const start = lang === "ar" ? "right" : "left";
      const end = lang === "ar" ? "left" : "right";
      expect(mail.html).not.toContain("<pre");
      const tables = [
        ...mail.html.matchAll(/<table role="presentation" width="100%"[^>]*>([\s\S]*?)<\/table>/g),
      ].map((m) => m[1]!);
      const facts = tables.find((table) => table.includes('<th scope="row"'));
      expect(facts).toBeDefined();
      // Who and how, each label at the row's start in the notice's language.
      const labels = [...facts!.matchAll(/<th scope="row" align="(\w+)"[^>]*>([^<]+)</g)];
      for (const [, align] of labels) expect(align).toBe(start);
      expect(labels.map(([, , label]) => label)).toEqual(
        expect.arrayContaining(
          lang === "ar" ? ["الزبون", "العنوان", "الدفع"] : ["Customer", "Address", "Payment"],
        ),
      );
      // The payment method by its name, not its code.
      expect(facts).toContain(lang === "ar" ? "الدفع عند الاستلام" : "Cash on delivery");
      // Lines, subtotal, discount, delivery and total, every amount at the row's end.
      const money = tables.find((table) => table.includes('<span dir="ltr">'))!;
      const amounts = [...money.matchAll(/<td align="(\w+)"[^>]*><span dir="ltr">([^<]+)</g)];
      expect(amounts).toHaveLength(6);
      for (const [, align] of amounts) expect(align).toBe(end);
      expect(amounts.map(([, , a]) => a!.replace(/[^\d.]/g, ""))).toEqual([
        "40.00",
        "6.00",
        "46.00",
        "9.20",
        "15.00",
        "51.80",
      ]);
      expect(mail.subject).toContain("SW-10003");
      expect(mail.subject).toContain(lang === "ar" ? "طلب جديد" : "New order");
      expect(mail.text).toContain(`${ORIGIN}/admin-orders`);
      expect(mail.text).toMatch(lang === "ar" ? /51\.80\u00a0US\$/ : /\$51\.80/);
    });

    it(`(${lang}) the shop's low-stock notice: the product, what is left and the threshold in a table`, () => {
      const mail = finishMail(everyMail(lang).lowStock!, { origin: ORIGIN });
      expect(mail.html).not.toContain("<pre");
      const rows = [
        ...mail.html.matchAll(/<th scope="row"[^>]*>([^<]+)<\/th><td[^>]*>([\s\S]*?)<\/td>/g),
      ];
      const cell = (label: string) =>
        rows.find(([, l]) => l === label)?.[2]?.replace(/<[^>]+>/g, "");
      if (lang === "ar") {
        expect(cell("المنتج")).toBe("بقلاوةBaklava");
        expect(cell("الباقي في المخزون")).toBe("900 غ");
        expect(cell("حد المخزون المنخفض")).toBe("2 كغ");
        expect(mail.subject).toBe("مخزون منخفض: بقلاوة (بقي 900 غ)");
      } else {
        expect(cell("Product")).toBe("Baklavaبقلاوة");
        expect(cell("Left in stock")).toBe("900 g");
        expect(cell("Low-stock threshold")).toBe("2 kg");
        expect(mail.subject).toBe("Low stock: Baklava (900 g left)");
      }
      expect(cell(lang === "ar" ? "الطلب" : "Order")).toBe("SW-10003");
      expect(cell(lang === "ar" ? "رمز المنتج" : "SKU")).toBe("B1");
      expect(mail.text).toContain(`${ORIGIN}/admin-products/1`);
    });
  }

  it("the owner's opening sentence replaces the default in HTML and text, {order} filled", () => {
    const openings = {
      order_shipped: { en: "Off it goes: order {order} left us today.", ar: "" },
    };
    const en = finishMail(
      orderStatusMail(statusOrder, "en", "shipped", { link: orderLink("en") }),
      {
        origin: ORIGIN,
        openings,
      },
    );
    expect(en.html).toContain("Off it goes: order SW-10003 left us today.");
    expect(en.text).toContain("Off it goes: order SW-10003 left us today.");
    expect(en.text).not.toContain("has left our kitchen");
    // Arabic left empty: the default sentence stays.
    const ar = finishMail(
      orderStatusMail(statusOrder, "ar", "shipped", { link: orderLink("ar") }),
      {
        origin: ORIGIN,
        openings,
      },
    );
    expect(ar.text).toContain("غادر طلبك SW-10003 مطبخنا");
    expect(ar.html).not.toContain("Off it goes");
  });

  it("the owner's sentence is text, never markup", () => {
    const mail = finishMail(passwordResetMail("en", "Rana", `${ORIGIN}/reset?t=1`), {
      origin: ORIGIN,
      openings: { password_reset: { en: "<b>Hi</b> & welcome", ar: "" } },
    });
    expect(mail.html).toContain("&lt;b&gt;Hi&lt;/b&gt; &amp; welcome");
  });
});
