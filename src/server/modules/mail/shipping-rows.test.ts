import { describe, expect, it } from "vitest";
import type { OrderShipping } from "../../../shared/schemas/order.ts";
import { shippingRows } from "./templates.ts";

const shipping = (kind: "delivery" | "pickup"): OrderShipping => ({
  method: kind === "pickup" ? "pickup:0" : "delivery:1",
  kind,
  zone: kind === "pickup" ? null : "Syria",
  zone_ar: kind === "pickup" ? null : "سوريا",
  name: kind === "pickup" ? "Pickup at Main shop" : "Home delivery",
  name_ar: kind === "pickup" ? "الاستلام من المحل الرئيسي" : "توصيل إلى العنوان",
  fee: 0,
  delivery_date: null,
  pickup: null,
  carrier: null,
  carrier_ar: null,
  tracking_number: null,
  tracking_url: null,
});
const slot = { label: "17:00–21:00", label_ar: "من 17:00 إلى 21:00" };
const order = { address: "Street 5", city: "Damascus", country: "SY", ready_date: "2026-12-03" };

describe("the e-mails' shipping rows name the time slot", () => {
  it.each([
    ["en", "delivery", "Delivery time", "17:00–21:00"],
    ["ar", "delivery", "وقت التوصيل", "من 17:00 إلى 21:00"],
    ["en", "pickup", "Pickup time", "17:00–21:00"],
    ["ar", "pickup", "وقت الاستلام", "من 17:00 إلى 21:00"],
  ] as const)("(%s, %s) %s: %s", (lang, kind, label, value) => {
    const rows = shippingRows({ ...order, shipping: shipping(kind), slot }, lang);
    expect(rows).toContainEqual({ label, value });
  });

  it("an order without a slot has no such row", () => {
    const rows = shippingRows({ ...order, shipping: shipping("delivery"), slot: null }, "en");
    expect(rows.map((r) => r.label)).not.toContain("Delivery time");
  });
});
