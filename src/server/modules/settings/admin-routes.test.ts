import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { settingsToForm } from "../../../shared/domain/settings.ts";
import { SHIPPING_MESSAGES } from "../../../shared/domain/shipping.ts";
import { defaultShopSettings, SETTINGS_MESSAGES } from "../../../shared/schemas/settings.ts";
import { createTestApp, type TestApp } from "../../test/app.ts";
import { createUserWithToken } from "../../test/fixtures.ts";
import { addProduct, orderBody, placeOrder } from "../orders/test-fixtures.ts";

let t: TestApp;
let admin: Awaited<ReturnType<typeof createUserWithToken>>;
let customer: Awaited<ReturnType<typeof createUserWithToken>>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUserWithToken(t.app, { admin: true, name: "Owner Settings" });
  customer = await createUserWithToken(t.app);
});
afterAll(() => t.close());

const { updated_at: _u, ...defaults } = settingsToForm(defaultShopSettings);

const put = (payload: unknown, headers: Record<string, string> = admin.auth) =>
  t.app.inject({ method: "PUT", url: "/api/admin/settings", headers, payload: payload as object });

describe("GET/PUT /api/admin/settings", () => {
  it("401 anonymous and 403 for a customer, on both", async () => {
    expect((await t.app.inject("/api/admin/settings")).statusCode).toBe(401);
    expect((await put(defaults, {})).statusCode).toBe(401);
    const asCustomer = await t.app.inject({ url: "/api/admin/settings", headers: customer.auth });
    expect(asCustomer.statusCode).toBe(403);
    expect((await put(defaults, customer.auth)).statusCode).toBe(403);
  });

  it("answers the seeded demo values in the form's shape (dollars, x + x_ar)", async () => {
    const res = await t.app.inject({ url: "/api/admin/settings", headers: admin.auth });
    expect(res.statusCode).toBe(200);
    const { updated_at, ...data } = res.json().data;
    expect(data).toEqual(defaults);
    expect(data.delivery_fee).toBe(15);
    expect(updated_at === null || typeof updated_at === "string").toBe(true);
  });

  it.each<[string, Record<string, unknown>, string, string]>([
    [
      "a percent of 150",
      { cart_discount_percent: 150 },
      "cart_discount_percent",
      SETTINGS_MESSAGES.PERCENT,
    ],
    ["a negative fee", { delivery_fee: -5 }, "delivery_fee", SETTINGS_MESSAGES.FEE],
    ["a fee as words", { delivery_fee: "free" }, "delivery_fee", SETTINGS_MESSAGES.FEE],
    ["no phones", { phones: [] }, "phones", SETTINGS_MESSAGES.PHONES_COUNT],
    [
      "a bad second e-mail",
      { emails: ["a@example.com", "nope"] },
      "emails.1",
      SETTINGS_MESSAGES.EMAIL,
    ],
    [
      "a messaging number with +",
      { messaging_number: "+963900" },
      "messaging_number",
      SETTINGS_MESSAGES.MESSAGING,
    ],
    [
      "a javascript: link",
      { facebook_url: "javascript:alert(1)" },
      "facebook_url",
      SETTINGS_MESSAGES.URL,
    ],
    [
      "empty instructions",
      { bank_transfer_instructions: "" },
      "bank_transfer_instructions",
      SETTINGS_MESSAGES.REQUIRED,
    ],
    [
      "a NUL byte",
      { bank_transfer_instructions_ar: "a\u0000b" },
      "bank_transfer_instructions_ar",
      "This text contains characters that are not allowed.",
    ],
    ["no locations", { locations: [] }, "locations", SETTINGS_MESSAGES.LOCATIONS_COUNT],
    [
      "a location at latitude 95",
      { locations: [{ ...defaults.locations[0], lat: 95 }] },
      "locations.0.lat",
      SETTINGS_MESSAGES.LAT,
    ],
    [
      "a location without a title",
      { locations: [{ ...defaults.locations[0], title: " " }] },
      "locations.0.title",
      SETTINGS_MESSAGES.REQUIRED,
    ],
    // Issue 23: pickup per location, closed weekdays and the cut-off hour.
    [
      "pickup as a word",
      { locations: [{ ...defaults.locations[0], pickup: "maybe" }] },
      "locations.0.pickup",
      SETTINGS_MESSAGES.PICKUP,
    ],
    [
      "weekday 7",
      { delivery_closed_weekdays: [5, 7] },
      "delivery_closed_weekdays.1",
      SHIPPING_MESSAGES.WEEKDAYS,
    ],
    [
      "weekdays as a word",
      { delivery_closed_weekdays: "friday" },
      "delivery_closed_weekdays.0",
      SHIPPING_MESSAGES.WEEKDAYS,
    ],
    [
      "a cut-off of 24",
      { delivery_cutoff_hour: 24 },
      "delivery_cutoff_hour",
      SHIPPING_MESSAGES.CUTOFF_HOUR,
    ],
    [
      "a cut-off of 9.5",
      { delivery_cutoff_hour: 9.5 },
      "delivery_cutoff_hour",
      SHIPPING_MESSAGES.CUTOFF_HOUR,
    ],
  ])(
    "refuses %s with 422 keyed by the field, changing nothing",
    async (_name, patch, field, message) => {
      const res = await put({ ...defaults, ...patch });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors[field]).toEqual([message]);
      const after = await t.app.inject({ url: "/api/admin/settings", headers: admin.auth });
      expect(after.json().data.delivery_fee).toBe(15);
    },
  );

  it("saves pickup, closed weekdays and the cut-off; the quote follows at once", async () => {
    const changed = {
      ...defaults,
      locations: defaults.locations.map((l, i) => ({ ...l, pickup: i === 1 })),
      delivery_closed_weekdays: "6,5,5",
      delivery_cutoff_hour: "0",
    };
    const res = await put(changed);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      delivery_closed_weekdays: [5, 6],
      delivery_cutoff_hour: 0,
    });
    const pub = (await t.app.inject("/api/settings")).json().data;
    expect(pub.delivery_closed_weekdays).toEqual([5, 6]);
    expect(pub.locations.map((l: { pickup: boolean }) => l.pickup)).toEqual([false, true]);
    const quote = await t.app.inject({
      method: "POST",
      url: "/api/shipping/quote",
      payload: { country: "SY", lines: [{ productId: 1, grams: 500, qty: 1 }] },
    });
    const methods = quote.json().data.methods;
    expect(methods.map((m: { id: string }) => m.id)).toEqual(["delivery:1", "pickup:1"]);
    // Cut-off 0: never today; Fridays and Saturdays closed.
    for (const day of methods[0].days as string[]) {
      expect([5, 6]).not.toContain(new Date(`${day}T00:00:00Z`).getUTCDay());
    }
    expect(methods[0].days).toHaveLength(5);
    const history = await t.app.inject({
      url: "/api/admin/audit?entity=settings",
      headers: admin.auth,
    });
    const fields = history.json().data[0].changes.map((c: { field: string }) => c.field);
    expect(fields).toEqual(
      expect.arrayContaining([
        "delivery_closed_weekdays",
        "delivery_cutoff_hour",
        "locations.1.pickup",
      ]),
    );
    expect((await put(defaults)).statusCode).toBe(200);
  });

  it("saves the invoices' seller and tax rate; the shop's public settings do not show them", async () => {
    const res = await put({
      ...defaults,
      seller_legal_name: "Golden Syrup Sweets LLC",
      seller_legal_name_ar: "حلويات القطر الذهبي",
      seller_address: "Example Street 1",
      seller_address_ar: "شارع المثال 1",
      seller_tax_number: "TAX-1",
      tax_rate_percent: "7.5",
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      seller_legal_name: "Golden Syrup Sweets LLC",
      seller_legal_name_ar: "حلويات القطر الذهبي",
      seller_tax_number: "TAX-1",
      tax_rate_percent: 7.5,
    });
    const pub = (await t.app.inject("/api/settings")).json().data;
    expect(pub).not.toHaveProperty("seller_tax_number");
    expect(pub).not.toHaveProperty("tax_rate_percent");
    // Left out: kept. Blank: no tax.
    const { seller_tax_number: _n, tax_rate_percent: _r, ...older } = defaults;
    expect((await put(older)).json().data).toMatchObject({
      seller_tax_number: "TAX-1",
      tax_rate_percent: 7.5,
    });
    expect((await put({ ...defaults, tax_rate_percent: "" })).json().data.tax_rate_percent).toBe(
      null,
    );
  });

  it.each([["101"], ["-1"], ["abc"], ["7.555"]])(
    "a tax rate of %j is a 422 and changes nothing",
    async (rate) => {
      const res = await put({ ...defaults, tax_rate_percent: rate });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.tax_rate_percent).toEqual([SETTINGS_MESSAGES.TAX_RATE]);
    },
  );

  it("a body that is not an object, or lacks fields, is a 422 (never a 500)", async () => {
    expect((await put([])).statusCode).toBe(422);
    const res = await put({ delivery_fee: 3 });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors)).toContain("phones");
  });

  it("a save shows at once: public settings, the order's delivery fee and discount, and the history", async () => {
    const product = await addProduct(t.database.db, { priceCents: 2000 });
    const changed = {
      ...defaults,
      delivery_fee: "7.5",
      cart_discount_percent: 10,
      phones: ["+963 11 222 3333"],
      locations: [{ ...defaults.locations[0], title: "Old town (demo)", title_ar: "" }],
    };
    // Warm the public cache first: the save must invalidate it.
    expect((await t.app.inject("/api/settings")).json().data.delivery_fee).toBe(15);
    const res = await put(changed);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ delivery_fee: 7.5, cart_discount_percent: 10 });
    expect(res.json().data.updated_at).toEqual(expect.any(String));

    const pub = (await t.app.inject("/api/settings")).json().data;
    expect(pub).toMatchObject({ delivery_fee: 7.5, cart_discount_percent: 10 });
    expect(pub.phones).toEqual(["+963 11 222 3333"]);
    expect(pub.locations).toHaveLength(1);
    expect(pub.locations[0].title).toBe("Old town (demo)");
    expect(pub).not.toHaveProperty("updated_at");
    expect((await t.app.services.settings.get()).deliveryFeeCents).toBe(750);

    // 1 kg at 20.00: discount 10% = 2.00, delivery 7.50 -> 25.50.
    const order = await placeOrder(t.app, orderBody([{ productId: product, grams: 1000, qty: 1 }]));
    expect(order.statusCode).toBe(201);
    expect(order.json().data).toMatchObject({
      subtotal: 20,
      discount: 2,
      delivery_fee: 7.5,
      total: 25.5,
    });

    const history = await t.app.inject({
      url: "/api/admin/audit?entity=settings&entity_id=shop",
      headers: admin.auth,
    });
    const [entry] = history.json().data;
    expect(entry.actor.name).toBe("Owner Settings");
    expect(entry.changes).toEqual(
      expect.arrayContaining([
        { field: "delivery_fee", before: 15, after: 7.5 },
        { field: "cart_discount_percent", before: 20, after: 10 },
        { field: "locations.0.title", before: "Main shop (demo)", after: "Old town (demo)" },
        { field: "locations.1.title", before: "Kitchen branch (demo)", after: null },
      ]),
    );

    // Saving the same values again records nothing new.
    await put(changed);
    const again = await t.app.inject({
      url: "/api/admin/audit?entity=settings&entity_id=shop",
      headers: admin.auth,
    });
    expect(again.json().meta.total).toBe(history.json().meta.total);
  });
});
