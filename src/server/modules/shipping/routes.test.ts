import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { countries } from "../../../shared/domain/countries.ts";
import { SHIPPING_MESSAGES, todaysRules } from "../../../shared/domain/shipping.ts";
import { createTestApp, type TestApp } from "../../test/app.ts";
import { createUserWithToken } from "../../test/fixtures.ts";
import { zoneToDto } from "./service.ts";

let t: TestApp;
let admin: Awaited<ReturnType<typeof createUserWithToken>>;
let customer: Awaited<ReturnType<typeof createUserWithToken>>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUserWithToken(t.app, { admin: true, name: "Owner Shipping" });
  customer = await createUserWithToken(t.app);
});
afterAll(() => t.close());

const send = (
  method: "GET" | "POST" | "PUT" | "DELETE",
  url: string,
  payload?: unknown,
  headers: Record<string, string> = admin.auth,
) =>
  t.app.inject({
    method,
    url,
    headers,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

const quote = (country: string, grams: number, qty = 1) =>
  t.app.inject({
    method: "POST",
    url: "/api/shipping/quote",
    payload: { country, lines: [{ productId: 1, grams, qty }] },
  });

const gulf = {
  name: "Gulf",
  name_ar: "الخليج",
  countries: ["AE", "QA"],
  max_grams: null,
  rates: [
    { up_to_grams: 1000, fee: 25 },
    { up_to_grams: 3000, fee: 40 },
  ],
};

describe("the seed: today's rules, so nothing a shopper sees changes on upgrade", () => {
  it("GET /api/shipping lists the four seeded zones and 36 refused countries at 15.00", async () => {
    const res = await t.app.inject("/api/shipping");
    expect(res.statusCode).toBe(200);
    const seed = todaysRules(
      countries.map((c) => c.code),
      1500,
    );
    const sorted = (zone: ReturnType<typeof zoneToDto>) => ({
      ...zone,
      countries: [...zone.countries].sort(),
    });
    expect(res.json().data).toEqual({
      zones: seed.zones.map((z) => sorted(zoneToDto(z))),
      refused: [...seed.refused].sort(),
    });
  });

  it.each([
    ["SY", 50_000, { ok: true, fee: 15, id: "delivery:1" }],
    ["FR", 1000, { ok: true, fee: 15, id: "delivery:2" }],
    ["DE", 3000, { ok: true, fee: 15, id: "delivery:3" }],
    ["QA", 9000, { ok: true, fee: 15, id: "delivery:4" }],
  ])("quote %s %d g", async (country, grams, expected) => {
    const res = await quote(country, grams);
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.ok).toBe(true);
    expect(data.methods[0]).toMatchObject({ id: expected.id, kind: "delivery", fee: expected.fee });
  });

  it("keeps the existing refusal wording in both languages", async () => {
    expect((await quote("PT", 100)).json().data).toEqual({
      ok: false,
      reason: "no_shipping",
      message: "Sorry, we do not ship to Portugal.",
      message_ar: "عذراً، لا نشحن إلى البرتغال.",
    });
    expect((await quote("FR", 600, 2)).json().data).toEqual({
      ok: false,
      reason: "weight_limit",
      message: "Orders shipped to France may weigh at most 1 kg. Please reduce your cart.",
      message_ar: "الحد الأقصى لوزن الطلب المشحون إلى فرنسا هو 1 كغ. يرجى تقليل الكمية.",
      max_grams: 1000,
    });
  });

  it("domestic delivery and pickup list their days; abroad its one dispatch day", async () => {
    const sy = (await quote("SY", 500)).json().data;
    expect(sy.methods[0].days.length).toBeGreaterThanOrEqual(5);
    for (const day of sy.methods[0].days) expect(day.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    for (const method of sy.methods) expect(method.days).toEqual(sy.methods[0].days);
    const abroad = (await quote("QA", 500)).json().data.methods[0].days;
    expect(abroad).toEqual([sy.methods[0].days[0]]);
  });

  it.each([
    [{ country: "ZZ", lines: [{ productId: 1, grams: 500, qty: 1 }] }, "country"],
    [{ country: "SY", lines: [] }, "lines"],
    [{ country: "SY", lines: [{ productId: 1, grams: -1, qty: 1 }] }, "lines.0.grams"],
    [{ lines: [{ productId: 1, grams: 5, qty: 1 }] }, "country"],
  ])("quote refuses bad input with a 422 (%#)", async (payload, field) => {
    const res = await t.app.inject({ method: "POST", url: "/api/shipping/quote", payload });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[field]).toBeDefined();
  });
});

describe("who may edit", () => {
  it.each([
    ["GET", "/api/admin/shipping/zones"],
    ["POST", "/api/admin/shipping/zones"],
    ["PUT", "/api/admin/shipping/zones/1"],
    ["DELETE", "/api/admin/shipping/zones/1"],
    ["GET", "/api/admin/shipping/refused"],
    ["PUT", "/api/admin/shipping/refused"],
    ["GET", "/api/admin/shipping/carriers"],
    ["POST", "/api/admin/shipping/carriers"],
    ["PUT", "/api/admin/shipping/carriers/1"],
    ["DELETE", "/api/admin/shipping/carriers/1"],
  ] as const)("%s %s: 401 without a token, 403 for a customer", async (method, url) => {
    expect(
      (await send(method, url, method === "GET" || method === "DELETE" ? undefined : {}, {}))
        .statusCode,
    ).toBe(401);
    expect(
      (
        await send(
          method,
          url,
          method === "GET" || method === "DELETE" ? undefined : {},
          customer.auth,
        )
      ).statusCode,
    ).toBe(403);
  });
});

describe("zones", () => {
  let gulfId: number;

  it("the owner creates the Gulf zone; the quote and the page follow at once", async () => {
    // Qatar and the Emirates are in the rest-of-world zone: take them out first.
    const zones = (await send("GET", "/api/admin/shipping/zones")).json().data;
    const rest = zones.find((z: { id: number }) => z.id === 4);
    const put = await send("PUT", "/api/admin/shipping/zones/4", {
      ...rest,
      countries: rest.countries.filter((c: string) => c !== "AE" && c !== "QA"),
    });
    expect(put.statusCode).toBe(200);
    expect((await quote("QA", 500)).json().data).toMatchObject({
      ok: false,
      reason: "no_shipping",
    });

    const res = await send("POST", "/api/admin/shipping/zones", gulf);
    expect(res.statusCode).toBe(201);
    gulfId = res.json().data.id;
    expect(gulfId).toBeGreaterThan(4);
    expect(res.json().data).toEqual({ id: gulfId, ...gulf });

    const q = (await quote("QA", 750, 2)).json().data;
    expect(q).toEqual({
      ok: true,
      methods: [
        {
          id: `delivery:${gulfId}`,
          kind: "delivery",
          name: "Home delivery",
          name_ar: "توصيل إلى العنوان",
          fee: 40,
          days: [{ date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) }],
        },
      ],
    });
    expect((await quote("AE", 1000)).json().data.methods[0].fee).toBe(25);
    expect((await quote("AE", 3001)).json().data).toMatchObject({
      ok: false,
      reason: "weight_limit",
      max_grams: 3000,
    });
    const page = (await t.app.inject("/api/shipping")).json().data;
    expect(page.zones.find((z: { id: number }) => z.id === gulfId)).toEqual({
      id: gulfId,
      ...gulf,
    });
  });

  it("audits the create with the form's fields", async () => {
    const res = await send("GET", `/api/admin/audit?entity=shipping_zone&entity_id=${gulfId}`);
    expect(res.statusCode).toBe(200);
    const [entry] = res.json().data;
    expect(entry.action).toBe("create");
    expect(entry.actor.name).toBe("Owner Shipping");
    expect(entry.changes).toEqual(
      expect.arrayContaining([
        { field: "countries", before: null, after: "AE, QA" },
        { field: "rates", before: null, after: "up to 1000 g: 25.00; up to 3000 g: 40.00" },
      ]),
    );
  });

  it("a country in another zone is a 422 naming that zone; nothing is saved", async () => {
    const res = await send("POST", "/api/admin/shipping/zones", {
      ...gulf,
      name: "Overlap",
      countries: ["KW", "QA", "DE"],
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.countries).toEqual([
      "Germany is already in the zone Northern Europe (3 kg limit).",
      "Kuwait is already in the zone Rest of the world.",
      "Qatar is already in the zone Gulf.",
    ]);
    const names = (await send("GET", "/api/admin/shipping/zones"))
      .json()
      .data.map((z: { name: string }) => z.name);
    expect(names).not.toContain("Overlap");
    expect((await quote("KW", 100)).json().data.methods[0].id).toBe("delivery:4");
  });

  it("a refused country may not join a zone", async () => {
    const res = await send("PUT", `/api/admin/shipping/zones/${gulfId}`, {
      ...gulf,
      countries: ["QA", "PT"],
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.countries).toEqual([
      "Portugal is on the refused list; remove it there first.",
    ]);
    expect((await quote("AE", 100)).json().data.ok).toBe(true);
  });

  it.each<[string, Record<string, unknown>, string, string]>([
    [
      "an unknown country",
      { countries: ["QA", "XX"] },
      "countries.1",
      SHIPPING_MESSAGES.COUNTRIES_INVALID,
    ],
    [
      "a country twice",
      { countries: ["QA", "qa"] },
      "countries",
      SHIPPING_MESSAGES.COUNTRIES_DUPLICATE,
    ],
    ["no name", { name: " " }, "name", SHIPPING_MESSAGES.NAME_REQUIRED],
    [
      "bands out of order",
      {
        rates: [
          { up_to_grams: 3000, fee: 40 },
          { up_to_grams: 1000, fee: 25 },
        ],
      },
      "rates.1.up_to_grams",
      SHIPPING_MESSAGES.RATES_ORDER,
    ],
    [
      "two equal bands",
      {
        rates: [
          { up_to_grams: 1000, fee: 40 },
          { up_to_grams: 1000, fee: 25 },
        ],
      },
      "rates.1.up_to_grams",
      SHIPPING_MESSAGES.RATES_ORDER,
    ],
    [
      "an open band before the last",
      {
        rates: [
          { up_to_grams: null, fee: 40 },
          { up_to_grams: 1000, fee: 25 },
        ],
      },
      "rates.0.up_to_grams",
      SHIPPING_MESSAGES.RATES_OPEN_LAST,
    ],
    ["no bands", { rates: [] }, "rates", SHIPPING_MESSAGES.RATES_REQUIRED],
    [
      "a negative fee",
      { rates: [{ up_to_grams: null, fee: -1 }] },
      "rates.0.fee",
      SHIPPING_MESSAGES.FEE,
    ],
    [
      "a three-decimal fee",
      { rates: [{ up_to_grams: null, fee: 1.005 }] },
      "rates.0.fee",
      SHIPPING_MESSAGES.FEE,
    ],
    [
      "a fee as words",
      { rates: [{ up_to_grams: null, fee: "free" }] },
      "rates.0.fee",
      SHIPPING_MESSAGES.FEE,
    ],
    ["a cap of 0 g", { max_grams: 0 }, "max_grams", SHIPPING_MESSAGES.MAX_GRAMS],
    ["a fractional cap", { max_grams: 1.5 }, "max_grams", SHIPPING_MESSAGES.MAX_GRAMS],
  ])("%s: 422 on create and update, nothing saved", async (_label, change, field, message) => {
    const before = (await send("GET", "/api/admin/shipping/zones")).json().data;
    const created = await send("POST", "/api/admin/shipping/zones", {
      ...gulf,
      countries: ["KW"],
      ...change,
    });
    expect(created.statusCode).toBe(422);
    expect(created.json().errors[field]).toContain(message);
    const updated = await send("PUT", `/api/admin/shipping/zones/${gulfId}`, {
      ...gulf,
      ...change,
    });
    expect(updated.statusCode).toBe(422);
    expect(updated.json().errors[field]).toContain(message);
    expect((await send("GET", "/api/admin/shipping/zones")).json().data).toEqual(before);
  });

  it("a form's blank cap and a string fee are read as none and dollars", async () => {
    const res = await send("PUT", `/api/admin/shipping/zones/${gulfId}`, {
      ...gulf,
      max_grams: "",
      rates: [
        { up_to_grams: "1000", fee: "25.5" },
        { up_to_grams: "", fee: "40" },
      ],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.rates).toEqual([
      { up_to_grams: 1000, fee: 25.5 },
      { up_to_grams: null, fee: 40 },
    ]);
    expect((await quote("QA", 99_000)).json().data.methods[0].fee).toBe(40);
    await send("PUT", `/api/admin/shipping/zones/${gulfId}`, gulf);
  });

  it("404 for a zone that does not exist, 400 for a bad id", async () => {
    expect((await send("PUT", "/api/admin/shipping/zones/9999", gulf)).statusCode).toBe(404);
    expect((await send("DELETE", "/api/admin/shipping/zones/9999")).statusCode).toBe(404);
    expect((await send("DELETE", "/api/admin/shipping/zones/abc")).statusCode).toBe(400);
  });

  it("deleting a zone refuses its countries with the no-shipping message", async () => {
    const res = await send("POST", "/api/admin/shipping/zones", {
      ...gulf,
      name: "Kuwait only",
      countries: [],
    });
    const id = res.json().data.id;
    expect((await send("DELETE", `/api/admin/shipping/zones/${id}`)).statusCode).toBe(204);
    const log = (await send("GET", `/api/admin/audit?entity=shipping_zone&entity_id=${id}`)).json()
      .data;
    expect(log.map((e: { action: string }) => e.action)).toEqual(["delete", "create"]);
  });
});

describe("the refused list", () => {
  it("reads and replaces it, audited; a refused country answers no_shipping at once", async () => {
    const before = (await send("GET", "/api/admin/shipping/refused")).json().data.countries;
    expect(before).toHaveLength(36);
    // Kuwait must leave its zone first.
    const zones = (await send("GET", "/api/admin/shipping/zones")).json().data;
    const rest = zones.find((z: { id: number }) => z.id === 4);
    const blocked = await send("PUT", "/api/admin/shipping/refused", {
      countries: [...before, "KW"],
    });
    expect(blocked.statusCode).toBe(422);
    expect(blocked.json().errors.countries).toEqual([
      "Kuwait is in the zone Rest of the world; remove it there first.",
    ]);
    await send("PUT", "/api/admin/shipping/zones/4", {
      ...rest,
      countries: rest.countries.filter((c: string) => c !== "KW"),
    });
    const res = await send("PUT", "/api/admin/shipping/refused", { countries: [...before, "kw"] });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.countries).toContain("KW");
    expect((await quote("KW", 100)).json().data).toMatchObject({
      ok: false,
      reason: "no_shipping",
    });
    expect((await t.app.inject("/api/shipping")).json().data.refused).toContain("KW");
    const [entry] = (await send("GET", "/api/admin/audit?entity=shipping_refused")).json().data;
    expect(entry.changes[0].after).toContain("KW");
  });

  it.each([
    [{ countries: ["XX"] }, "countries.0"],
    [{ countries: "PT" }, "countries"],
    [{ countries: ["PT", "PT"] }, "countries"],
  ])("422 for bad input (%#)", async (payload, field) => {
    const res = await send("PUT", "/api/admin/shipping/refused", payload);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[field]).toBeDefined();
  });
});

describe("carriers", () => {
  it("creates, lists, updates and deletes, each audited", async () => {
    const created = await send("POST", "/api/admin/shipping/carriers", {
      name: "Example Express",
      name_ar: "إكسبرس المثال",
      tracking_url: "https://track.example.com/{number}",
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().data.id;
    expect((await send("GET", "/api/admin/shipping/carriers")).json().data).toEqual([
      {
        id,
        name: "Example Express",
        name_ar: "إكسبرس المثال",
        tracking_url: "https://track.example.com/{number}",
      },
    ]);
    const updated = await send("PUT", `/api/admin/shipping/carriers/${id}`, {
      name: "Example Express",
      name_ar: "إكسبرس المثال",
      tracking_url: "https://track.example.com/t?n={number}",
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().data.tracking_url).toBe("https://track.example.com/t?n={number}");
    expect((await send("DELETE", `/api/admin/shipping/carriers/${id}`)).statusCode).toBe(204);
    expect((await send("DELETE", `/api/admin/shipping/carriers/${id}`)).statusCode).toBe(404);
    const log = (await send("GET", `/api/admin/audit?entity=carrier&entity_id=${id}`)).json().data;
    expect(log.map((e: { action: string }) => e.action)).toEqual(["delete", "update", "create"]);
  });

  it.each([
    [{ name: "", tracking_url: "https://t.example.com/{number}" }, "name"],
    [{ name: "X", tracking_url: "http://t.example.com/{number}" }, "tracking_url"],
    [{ name: "X", tracking_url: "https://t.example.com/track" }, "tracking_url"],
    [{ name: "X" }, "tracking_url"],
  ])("422 for bad input (%#)", async (payload, field) => {
    const res = await send("POST", "/api/admin/shipping/carriers", payload);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[field]).toBeDefined();
  });
});

describe("the delivery-fee setting and the domestic zone are one number", () => {
  it("a zone save moves the cart page's fee; a settings save moves the zone", async () => {
    const syria = (await send("GET", "/api/admin/shipping/zones"))
      .json()
      .data.find((z: { id: number }) => z.id === 1);
    await send("PUT", "/api/admin/shipping/zones/1", {
      ...syria,
      rates: [{ up_to_grams: null, fee: 12.5 }],
    });
    expect((await t.app.inject("/api/settings")).json().data.delivery_fee).toBe(12.5);

    const settings = (await send("GET", "/api/admin/settings")).json().data;
    const { updated_at: _u, ...form } = settings;
    expect(form.delivery_fee).toBe(12.5);
    expect(
      (await send("PUT", "/api/admin/settings", { ...form, delivery_fee: 9 })).statusCode,
    ).toBe(200);
    expect((await quote("SY", 100)).json().data.methods[0].fee).toBe(9);
    // Leaving the field out keeps the zone's fee.
    const { delivery_fee: _f, ...withoutFee } = form;
    expect((await send("PUT", "/api/admin/settings", withoutFee)).statusCode).toBe(200);
    expect((await quote("SY", 100)).json().data.methods[0].fee).toBe(9);
  });
});
