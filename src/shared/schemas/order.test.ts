import { describe, expect, it } from "vitest";
import { countryName } from "../domain/countries.ts";
import { checkShipping, NO_SHIPPING_COUNTRIES, WEIGHT_LIMIT_GRAMS } from "../domain/shipping.ts";
import { couponProblemMessage } from "./coupon.ts";
import { idempotencyKeySchema, placeOrderSchema, shippingProblemMessage } from "./order.ts";

const valid = {
  name: "Layla",
  phone: "+963 944 000 111",
  country: "SY",
  city: "Damascus",
  address: "Example Street 5",
  payment_method: "cod",
  lines: [{ productId: "12", grams: 500, qty: 2, price: 9.99, name: "Baklava" }],
};

describe("placeOrderSchema (checkout form and POST /api/orders)", () => {
  it("normalises a valid order and drops client prices", () => {
    const parsed = placeOrderSchema.parse({ ...valid, email: " ", notes: "", country: "sy" });
    expect(parsed).toEqual({
      name: "Layla",
      phone: "+963 944 000 111",
      email: null,
      country: "SY",
      city: "Damascus",
      address: "Example Street 5",
      notes: null,
      payment_method: "cod",
      coupon: null,
      lines: [{ productId: 12, grams: 500, qty: 2 }],
      // Issue 23: absent = the cheapest delivery, no day chosen.
      shipping_method: null,
      ready_date: null,
      delivery_date: null,
      // Issue 29: absent = not a gift.
      gift: null,
      dishes: [],
      slot: null,
      // Absent = no gift cards bought.
      gift_cards: [],
    });
  });

  it.each([
    ["phone", { phone: undefined }, "Please enter your phone number."],
    ["phone", { phone: "12" }, "Please enter a valid phone number."],
    ["email", { email: "a@" }, "Please enter a valid email address."],
    ["country", { country: "" }, "Please choose a country."],
    ["country", { country: "ZZ" }, "Please choose a country from the list."],
    ["payment_method", { payment_method: "paypal" }, "Please choose a payment method."],
    [
      "lines.0.qty",
      { lines: [{ productId: 1, grams: 500, qty: 9 }] },
      "The quantity must be a whole number between 1 and 8.",
    ],
    [
      "lines.0.productId",
      { lines: [{ productId: -1, grams: 500, qty: 1 }] },
      "This product is not valid.",
    ],
  ])("refuses a bad %s", (field, override, message) => {
    const result = placeOrderSchema.safeParse({ ...valid, ...override });
    expect(result.success).toBe(false);
    const issue = result.error!.issues.find((i) => i.path.join(".") === field);
    expect(issue?.message).toBe(message);
  });
});

describe("idempotencyKeySchema", () => {
  it.each([
    ["a UUID", "0b0e8f5e-8c1d-4a43-9d4f-0f1d2b3c4d5e", true],
    ["16 characters", "abcdefghijklmnop", true],
    ["15 characters", "abcdefghijklmno", false],
    ["spaces", "abcdefgh ijklmnop", false],
    ["201 characters", "a".repeat(201), false],
  ])("%s -> %s", (_label, key, ok) => {
    expect(idempotencyKeySchema.safeParse(key).success).toBe(ok);
  });
});

describe("shippingProblemMessage", () => {
  it.each([...NO_SHIPPING_COUNTRIES])("names %s in both languages when refused", (code) => {
    const check = checkShipping(code, 100);
    if (check.ok) throw new Error(`${code} should be refused`);
    expect(shippingProblemMessage(check, code, "en")).toBe(
      `Sorry, we do not ship to ${countryName(code, "en")}.`,
    );
    expect(shippingProblemMessage(check, code, "ar")).toContain(countryName(code, "ar"));
  });

  it.each(Object.entries(WEIGHT_LIMIT_GRAMS).filter(([code]) => !NO_SHIPPING_COUNTRIES.has(code)))(
    "names %s and its %i g limit just over the limit",
    (code, max) => {
      const check = checkShipping(code, max + 1);
      if (check.ok || check.reason !== "weight_limit") throw new Error(`${code} should be capped`);
      expect(shippingProblemMessage(check, code, "en")).toBe(
        `Orders shipped to ${countryName(code, "en")} may weigh at most ${max / 1000} kg. Please reduce your cart.`,
      );
      const ar = shippingProblemMessage(check, code, "ar");
      expect(ar).toContain(countryName(code, "ar"));
      expect(ar).toContain(`${max / 1000} كغ`);
    },
  );
});

describe("couponProblemMessage", () => {
  it.each([
    ["unknown", "This promotion code is not known."],
    ["expired", "This promotion code has expired."],
    ["used_up", "This promotion code has been used up."],
  ] as const)("%s has an English and an Arabic text", (reason, en) => {
    expect(couponProblemMessage(reason, "en")).toBe(en);
    expect(couponProblemMessage(reason, "ar")).toMatch(/[\u0600-\u06FF]/);
  });
});
