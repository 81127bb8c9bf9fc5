import { describe, expect, it } from "vitest";
import {
  messageKindForStatus,
  type OrderMessageKind,
  type OrderStateMessageInput,
  orderStateMessage,
} from "./order-messages.ts";
import type { OrderStatus } from "./order-states.ts";

const base: OrderStateMessageInput = {
  number: "SW-000123",
  name: "Layla Haddad",
  status: "confirmed",
  paymentStatus: "unpaid",
  totalCents: 4700,
  lang: "en",
  link: "https://shop.example.com/order/SW-000123",
};

describe("orderStateMessage", () => {
  it.each<[string, Partial<OrderStateMessageInput>, string]>([
    [
      "a confirmed order in English",
      {},
      [
        "Hello Layla Haddad, this is Golden Syrup Sweets about your order SW-000123.",
        "State: Confirmed",
        "Payment: Not paid yet",
        "Total: $47.00 (charged in US dollars)",
        "Follow your order here: https://shop.example.com/order/SW-000123",
      ].join("\n"),
    ],
    [
      "a confirmed order in Arabic",
      { lang: "ar", name: "ليلى" },
      [
        "مرحباً ليلى، نراسلك من حلويات القطر الذهبي بخصوص طلبك SW-000123.",
        "الحالة: مؤكَّد",
        "الدفع: لم يُدفع بعد",
        "الإجمالي: \u200f47.00\u00a0US$ (يُحتسب بالدولار الأمريكي)",
        "تابع طلبك من هنا: https://shop.example.com/order/SW-000123",
      ].join("\n"),
    ],
    [
      "a shipped, paid order names the carrier and the tracking link",
      {
        status: "shipped",
        paymentStatus: "paid",
        carrier: "Fast Post",
        trackingNumber: "FP123",
        trackingUrl: "https://track.example.com/FP123",
      },
      [
        "Hello Layla Haddad, this is Golden Syrup Sweets about your order SW-000123.",
        "State: On its way",
        "Payment: Paid",
        "Total: $47.00 (charged in US dollars)",
        "Carrier: Fast Post",
        "Tracking: https://track.example.com/FP123",
        "Follow your order here: https://shop.example.com/order/SW-000123",
      ].join("\n"),
    ],
    [
      "a tracking number without a link is given as it is (Arabic)",
      { lang: "ar", name: "", status: "shipped", carrier: "البريد السريع", trackingNumber: "FP9" },
      [
        "نراسلك من حلويات القطر الذهبي بخصوص طلبك SW-000123.",
        "الحالة: في الطريق إليك",
        "الدفع: لم يُدفع بعد",
        "الإجمالي: \u200f47.00\u00a0US$ (يُحتسب بالدولار الأمريكي)",
        "شركة الشحن: البريد السريع",
        "التتبع: FP9",
        "تابع طلبك من هنا: https://shop.example.com/order/SW-000123",
      ].join("\n"),
    ],
    [
      "carrier details are left out before shipping",
      { status: "preparing", carrier: "Fast Post", trackingNumber: "FP1" },
      [
        "Hello Layla Haddad, this is Golden Syrup Sweets about your order SW-000123.",
        "State: Being prepared",
        "Payment: Not paid yet",
        "Total: $47.00 (charged in US dollars)",
        "Follow your order here: https://shop.example.com/order/SW-000123",
      ].join("\n"),
    ],
    [
      "a cancelled, refunded order",
      { status: "canceled", paymentStatus: "refunded", totalCents: 123456 },
      [
        "Hello Layla Haddad, this is Golden Syrup Sweets about your order SW-000123.",
        "State: Cancelled",
        "Payment: Refunded",
        "Total: $1,234.56 (charged in US dollars)",
        "Follow your order here: https://shop.example.com/order/SW-000123",
      ].join("\n"),
    ],
  ])("%s", (_case, input, expected) => {
    expect(orderStateMessage({ ...base, ...input })).toBe(expected);
  });
});

describe("messageKindForStatus", () => {
  it.each<[OrderStatus, OrderMessageKind | null]>([
    ["pending", null],
    ["confirmed", "confirmed"],
    ["preparing", null],
    ["shipped", "shipped"],
    ["completed", "completed"],
    ["canceled", "canceled"],
  ])("%s -> %s", (status, kind) => {
    expect(messageKindForStatus(status)).toBe(kind);
  });
});
