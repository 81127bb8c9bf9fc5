import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { settingsToForm } from "../../../shared/domain/settings.ts";
import { defaultShopSettings, SETTINGS_MESSAGES } from "../../../shared/schemas/settings.ts";
import { createTestApp, type TestApp } from "../../test/app.ts";
import { createUserWithToken } from "../../test/fixtures.ts";

// Issue 24: display currencies in the settings (admin PUT, public GET) and their bad input.

let t: TestApp;
let admin: Awaited<ReturnType<typeof createUserWithToken>>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUserWithToken(t.app, { admin: true, name: "Owner Currencies" });
});
afterAll(() => t.close());

const { updated_at: _u, ...defaults } = settingsToForm(defaultShopSettings);
const put = (payload: unknown) =>
  t.app.inject({
    method: "PUT",
    url: "/api/admin/settings",
    headers: admin.auth,
    payload: payload as object,
  });
const adminGet = async () =>
  (await t.app.inject({ url: "/api/admin/settings", headers: admin.auth })).json().data;
const publicGet = async () => (await t.app.inject("/api/settings")).json().data;

describe("display currencies in the settings", () => {
  it("none by default, in the admin form and the public settings", async () => {
    expect((await adminGet()).currencies).toEqual([]);
    expect((await publicGet()).currencies).toEqual([]);
  });

  it("saves a list (codes upper-cased, a blank symbol is the table's); GET /api/settings carries it at once", async () => {
    expect((await publicGet()).currencies).toEqual([]); // warm the public cache
    const res = await put({
      ...defaults,
      currencies: [
        { code: "eur", rate: "0,92", symbol: "" },
        { code: "SYP", rate: 13000, symbol: "ل.س" },
        { code: "KWD", rate: 0.307, symbol: " " },
      ],
      pending_expiry_hours: "0",
    });
    expect(res.statusCode).toBe(200);
    const saved = [
      { code: "EUR", rate: 0.92, symbol: "€" },
      { code: "SYP", rate: 13000, symbol: "ل.س" },
      { code: "KWD", rate: 0.307, symbol: "KWD" },
    ];
    expect(res.json().data.currencies).toEqual(saved);
    expect(res.json().data.pending_expiry_hours).toBe(0);
    expect((await adminGet()).currencies).toEqual(saved);
    expect((await publicGet()).currencies).toEqual(saved);

    // The history reads the list as one line.
    const history = await t.app.inject({
      url: "/api/admin/audit?entity=settings&entity_id=shop",
      headers: admin.auth,
    });
    expect(history.json().data[0].changes).toEqual(
      expect.arrayContaining([
        { field: "currencies", before: "", after: "EUR 0.92 €, SYP 13000 ل.س, KWD 0.307 KWD" },
      ]),
    );
  });

  it("a save without the currencies keeps them (an older form)", async () => {
    const { currencies: _c, ...withoutCurrencies } = await adminGet();
    const res = await put({ ...withoutCurrencies, cart_discount_percent: 15 });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.currencies.map((c: { code: string }) => c.code)).toEqual([
      "EUR",
      "SYP",
      "KWD",
    ]);
  });

  it.each<[string, unknown, string, string]>([
    [
      "an unknown code",
      [{ code: "XYZ", rate: 2, symbol: "" }],
      "currencies.0.code",
      SETTINGS_MESSAGES.CURRENCY_CODE,
    ],
    [
      "a blank code",
      [{ code: "", rate: 2, symbol: "" }],
      "currencies.0.code",
      SETTINGS_MESSAGES.CURRENCY_CODE,
    ],
    [
      "US dollars",
      [{ code: "usd", rate: 1, symbol: "" }],
      "currencies.0.code",
      SETTINGS_MESSAGES.CURRENCY_USD,
    ],
    [
      "a currency twice",
      [
        { code: "EUR", rate: 0.92, symbol: "" },
        { code: "GBP", rate: 0.79, symbol: "" },
        { code: "eur", rate: 0.93, symbol: "" },
      ],
      "currencies.2.code",
      SETTINGS_MESSAGES.CURRENCY_DUPLICATE,
    ],
    [
      "a rate of 0",
      [{ code: "EUR", rate: 0, symbol: "" }],
      "currencies.0.rate",
      SETTINGS_MESSAGES.CURRENCY_RATE,
    ],
    [
      "a negative rate",
      [{ code: "EUR", rate: -1, symbol: "" }],
      "currencies.0.rate",
      SETTINGS_MESSAGES.CURRENCY_RATE,
    ],
    [
      "an absurd rate",
      [{ code: "LBP", rate: 1e9, symbol: "" }],
      "currencies.0.rate",
      SETTINGS_MESSAGES.CURRENCY_RATE,
    ],
    [
      "a rate as a word",
      [{ code: "EUR", rate: "lots", symbol: "" }],
      "currencies.0.rate",
      SETTINGS_MESSAGES.CURRENCY_RATE,
    ],
    [
      "a rate with 7 decimals",
      [{ code: "EUR", rate: 0.9234567, symbol: "" }],
      "currencies.0.rate",
      SETTINGS_MESSAGES.CURRENCY_RATE,
    ],
    [
      "no rate",
      [{ code: "EUR", symbol: "" }],
      "currencies.0.rate",
      SETTINGS_MESSAGES.CURRENCY_RATE,
    ],
    [
      "a long symbol",
      [{ code: "EUR", rate: 0.92, symbol: "EUROS!" }],
      "currencies.0.symbol",
      SETTINGS_MESSAGES.CURRENCY_SYMBOL,
    ],
    [
      "a symbol with digits",
      [{ code: "EUR", rate: 0.92, symbol: "E1" }],
      "currencies.0.symbol",
      SETTINGS_MESSAGES.CURRENCY_SYMBOL,
    ],
    [
      "21 currencies",
      Array.from({ length: 21 }, () => ({ code: "EUR", rate: 1, symbol: "" })),
      "currencies",
      SETTINGS_MESSAGES.CURRENCIES_COUNT,
    ],
    ["a list as a word", "EUR", "currencies", SETTINGS_MESSAGES.CURRENCIES_COUNT],
  ])(
    "refuses %s with 422 keyed by the field, changing nothing",
    async (_name, currencies, field, message) => {
      const before = await adminGet();
      const res = await put({ ...defaults, currencies });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({ message: expect.any(String) });
      expect(res.json().errors[field]).toEqual([message]);
      expect((await adminGet()).currencies).toEqual(before.currencies);
    },
  );

  it("an empty list removes them all", async () => {
    const res = await put({ ...defaults, currencies: [] });
    expect(res.statusCode).toBe(200);
    expect((await publicGet()).currencies).toEqual([]);
  });
});
