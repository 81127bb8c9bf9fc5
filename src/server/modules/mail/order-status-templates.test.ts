import { describe, expect, it } from "vitest";
import { orderStatusMail, type StatusMailOrder } from "./order-status-templates.ts";

const order: StatusMailOrder = {
  number: "SW-10007",
  name: "Rana Haddad",
  totalCents: 4620,
  paymentStatus: "paid",
  paidCents: 4620,
  address: "Street 1",
  city: "Doha",
  country: "QA",
  shipping: {
    method: "delivery:2",
    kind: "delivery",
    zone: "Gulf",
    zone_ar: "الخليج",
    name: "Courier",
    name_ar: "شركة شحن",
    fee: 15,
    delivery_date: null,
    pickup: null,
    carrier: null,
    carrier_ar: null,
    tracking_number: null,
    tracking_url: null,
  },
};
const link = "https://shop.example.com/order/SW-10007?key=k";

describe("the shipped e-mail of a gift names its recipient", () => {
  for (const [lang, toRecipient, toYou] of [
    ["en", "is on its way to Salma Idris.", "on its way to you"],
    ["ar", "في الطريق إلى Salma Idris.", "في الطريق إليك"],
  ] as const) {
    it(`(${lang}) a gift: on its way to the recipient, never "to you"; HTML isolates the name`, () => {
      const mail = orderStatusMail({ ...order, giftRecipient: "Salma Idris" }, lang, "shipped", {
        link,
      });
      expect(mail.text).toContain(toRecipient);
      expect(mail.text).not.toContain(toYou);
      expect(mail.subject).not.toContain(toYou);
      expect(mail.html).toContain('<bdi dir="auto">Salma Idris</bdi>');
    });

    it(`(${lang}) not a gift: still on its way to the buyer`, () => {
      const mail = orderStatusMail(order, lang, "shipped", { link });
      expect(mail.text).toContain(toYou);
    });
  }

  it("an Arabic recipient's name is escaped and isolated in an English e-mail", () => {
    const mail = orderStatusMail({ ...order, giftRecipient: "سلمى <إدريس>" }, "en", "shipped", {
      link,
    });
    expect(mail.html).toContain('<bdi dir="auto">سلمى &lt;إدريس&gt;</bdi>');
  });
});
