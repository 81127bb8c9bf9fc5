import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isolate } from "../../../shared/domain/bidi.ts";
import { SETTINGS_MESSAGES } from "../../../shared/domain/settings.ts";
import { ORDER_MESSAGES } from "../../../shared/schemas/order.ts";
import { createTestApp, type TestApp } from "../../test/app.ts";
import { createUserWithToken } from "../../test/fixtures.ts";
import { orderConfirmation } from "../mail/templates.ts";
import { addProduct, orderBody, placeOrder } from "./test-fixtures.ts";

// Issue 29: gift orders. A recipient, a card message of up to 200 characters in either
// language, and wrapping at the owner's price (0 = free, off = refused); the buyer stays the
// customer, and the desk and the slip see the gift.

let t: TestApp;
let admin: Awaited<ReturnType<typeof createUserWithToken>>;
let product: number;

const asAdmin = (method: "GET" | "PUT", url: string, payload?: object) =>
  t.app.inject({ method, url, headers: admin.auth, ...(payload ? { payload } : {}) });

/** Sets gift wrapping in the settings screen's terms: offered at `price` dollars, or off. */
async function wrapping(offered: boolean, price = 0) {
  const { updated_at: _u, ...settings } = (await asAdmin("GET", "/api/admin/settings")).json().data;
  const res = await asAdmin("PUT", "/api/admin/settings", {
    ...settings,
    gift_wrap_offered: offered,
    gift_wrap_price: price,
  });
  expect(res.statusCode, res.body).toBe(200);
}

const gift = (extra: Record<string, unknown> = {}) =>
  orderBody([{ productId: product, grams: 1000, qty: 1 }], {
    gift: {
      recipient_name: "Salma Haddad",
      recipient_phone: "+963 933 000 222",
      message: "Eid Mubarak! كل عام وأنتِ بخير",
      wrap: true,
      ...extra,
    },
  });

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUserWithToken(t.app, { admin: true });
  product = await addProduct(t.app.database.db, { priceCents: 4000, options: [{ grams: 1000 }] });
});
afterAll(() => t.close());

describe("a gift order", () => {
  it("keeps the recipient and the message, and charges the owner's wrapping price", async () => {
    await wrapping(true, 3.5);
    const res = await placeOrder(t.app, gift());
    expect(res.statusCode, res.body).toBe(201);
    const order = res.json().data;
    expect(order.name).toBe("Layla Haddad"); // the buyer
    expect(order.gift).toEqual({
      recipient_name: "Salma Haddad",
      // Stored in E.164.
      recipient_phone: "+963933000222",
      // Shown nationally, linked with the full number.
      recipient_phone_display: "0933 000 222",
      recipient_phone_messaging: "963933000222",
      message: "Eid Mubarak! كل عام وأنتِ بخير",
      wrap: true,
    });
    // 40.00 - 20% = 32.00, + 15.00 delivery, + 3.50 wrapping.
    expect(order.gift_wrap_fee).toBe(3.5);
    expect(order.total).toBe(50.5);

    // The desk sees it too.
    const list = (await asAdmin("GET", "/api/admin/orders?per_page=50")).json().data;
    const row = list.find((o: { number: string }) => o.number === order.number);
    expect(row.gift).toBe(true);
  });

  it("the buyer's confirmation e-mail names the recipient and the wrapping, in both parts", async () => {
    await wrapping(true, 3.5);
    const order = (await placeOrder(t.app, gift())).json().data;
    const mail = orderConfirmation(order, "ar", "https://shop.example/order/x", {
      bankTransferInstructions: { en: "", ar: "" },
    });
    expect(mail.text).toContain(`هدية إلى: ${isolate("Salma Haddad")}`);
    expect(mail.text).toContain("تغليف الهدية");
    expect(mail.html).toContain("<bdi>Salma Haddad</bdi>");
    // The card's words are the recipient's surprise: not in the buyer's e-mail.
    expect(mail.text).not.toContain("Eid Mubarak");
  });

  it("free wrapping (price 0) costs nothing; no wrapping asked costs nothing", async () => {
    await wrapping(true, 0);
    const free = (await placeOrder(t.app, gift())).json().data;
    expect([free.gift_wrap_fee, free.total]).toEqual([0, 47]);
    await wrapping(true, 3);
    const plain = (await placeOrder(t.app, gift({ wrap: false }))).json().data;
    expect([plain.gift.wrap, plain.gift_wrap_fee, plain.total]).toEqual([false, 0, 47]);
  });

  it("wrapping the shop does not offer is refused, and nothing is written", async () => {
    await wrapping(false);
    const res = await placeOrder(t.app, gift());
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      message: ORDER_MESSAGES.GIFT_WRAP_UNAVAILABLE,
      errors: { "gift.wrap": [ORDER_MESSAGES.GIFT_WRAP_UNAVAILABLE] },
    });
    expect((await placeOrder(t.app, gift({ wrap: false }))).statusCode).toBe(201);
  });

  it("the storefront's settings say the price, or null when wrapping is off", async () => {
    await wrapping(true, 2.25);
    expect((await t.app.inject("/api/settings")).json().data.gift_wrap_price).toBe(2.25);
    await wrapping(false);
    expect((await t.app.inject("/api/settings")).json().data.gift_wrap_price).toBeNull();
  });

  it.each([
    ["a negative price", -1],
    ["more than 1,000", 1000.01],
    ["three decimals", 2.255],
    ["not a number", "three"],
  ])("the settings refuse a wrapping price of %s with 422 and the field", async (_c, price) => {
    const { updated_at: _u, ...settings } = (await asAdmin("GET", "/api/admin/settings")).json()
      .data;
    const res = await asAdmin("PUT", "/api/admin/settings", {
      ...settings,
      gift_wrap_offered: true,
      gift_wrap_price: price,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.gift_wrap_price).toEqual([SETTINGS_MESSAGES.GIFT_WRAP]);
  });

  it("only an owner sets the wrapping price: a customer is refused", async () => {
    const customer = await createUserWithToken(t.app);
    const { updated_at: _u, ...settings } = (await asAdmin("GET", "/api/admin/settings")).json()
      .data;
    const res = await t.app.inject({
      method: "PUT",
      url: "/api/admin/settings",
      headers: customer.auth,
      payload: { ...settings, gift_wrap_offered: true, gift_wrap_price: 0 },
    });
    expect(res.statusCode).toBe(403);
    const anonymous = await t.app.inject({
      method: "PUT",
      url: "/api/admin/settings",
      payload: {},
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it("an order that is not a gift says so", async () => {
    const res = await placeOrder(t.app, orderBody([{ productId: product, grams: 1000, qty: 1 }]));
    expect(res.json().data).toMatchObject({ gift: null, gift_wrap_fee: 0 });
  });

  it.each<[string, Record<string, unknown>, string, string]>([
    [
      "no recipient name",
      { recipient_name: " " },
      "gift.recipient_name",
      ORDER_MESSAGES.RECIPIENT_NAME_REQUIRED,
    ],
    [
      "a recipient phone that is not one",
      { recipient_phone: "call me" },
      "gift.recipient_phone",
      ORDER_MESSAGES.RECIPIENT_PHONE_INVALID,
    ],
    [
      "a message of 201 characters",
      { message: "ب".repeat(201) },
      "gift.message",
      ORDER_MESSAGES.GIFT_MESSAGE_TOO_LONG,
    ],
    [
      "a recipient phone that is no number in the order's country",
      { recipient_phone: "0933 000" },
      "gift.recipient_phone",
      ORDER_MESSAGES.RECIPIENT_PHONE_INVALID,
    ],
    ["wrap that is not true or false", { wrap: "yes" }, "gift.wrap", ""],
  ])("refuses %s with 422 and the field", async (_case, patch, field, message) => {
    const res = await placeOrder(t.app, gift(patch));
    expect(res.statusCode).toBe(422);
    const errors = res.json().errors as Record<string, string[]>;
    expect(Object.keys(errors)).toContain(field);
    if (message) expect(errors[field]).toEqual([message]);
  });

  it("a message of exactly 200 characters in Arabic is kept whole", async () => {
    await wrapping(true, 0);
    const message = "ع".repeat(200);
    const res = await placeOrder(t.app, gift({ message }));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.gift.message).toBe(message);
  });
});
