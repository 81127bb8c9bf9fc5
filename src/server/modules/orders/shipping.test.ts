import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { deliveryDays, SHIPPING_MESSAGES } from "../../../shared/domain/shipping.ts";
import { ORDER_MESSAGES } from "../../../shared/schemas/order.ts";
import { createTestApp, type TestApp } from "../../test/app.ts";
import { createUserWithToken } from "../../test/fixtures.ts";
import { addProduct, orderBody, placeOrder } from "./test-fixtures.ts";

// Issue 23 at the order: the server recomputes the method and fee, keeps what it charged,
// and the shipped order carries the carrier's tracking link.

let t: TestApp;
let admin: Awaited<ReturnType<typeof createUserWithToken>>;
let customer: Awaited<ReturnType<typeof createUserWithToken>>;
let product: number;
let gulfId: number;

const send = (
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE",
  url: string,
  payload?: unknown,
) =>
  t.app.inject({
    method,
    url,
    headers: admin.auth,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUserWithToken(t.app, { admin: true });
  customer = await createUserWithToken(t.app);
  product = await addProduct(t.app.database.db, { priceCents: 4000, options: [{ grams: 500 }] });
  // The example: a Gulf zone (AE, QA) at 25.00 up to 1 kg, 40.00 up to 3 kg.
  const zones = (await send("GET", "/api/admin/shipping/zones")).json().data;
  const rest = zones.find((z: { id: number }) => z.id === 4);
  await send("PUT", "/api/admin/shipping/zones/4", {
    ...rest,
    countries: rest.countries.filter((c: string) => c !== "AE" && c !== "QA"),
  });
  const gulf = await send("POST", "/api/admin/shipping/zones", {
    name: "Gulf",
    name_ar: "الخليج",
    countries: ["AE", "QA"],
    max_grams: null,
    rates: [
      { up_to_grams: 1000, fee: 25 },
      { up_to_grams: 3000, fee: 40 },
    ],
  });
  gulfId = gulf.json().data.id;
  // The main shop offers pickup.
  const { updated_at: _u, ...settings } = (await send("GET", "/api/admin/settings")).json().data;
  settings.locations[0].pickup = true;
  expect((await send("PUT", "/api/admin/settings", settings)).statusCode).toBe(200);
});
afterAll(() => t.close());

const qatar = (extra: Record<string, unknown> = {}) =>
  orderBody([{ productId: product, grams: 500, qty: 3 }], {
    country: "QA",
    city: "Doha",
    ...extra,
  });

describe("placing an order charges what the rules say now", () => {
  it("a shopper in Qatar with 1.5 kg pays 40.00, and the order keeps the zone and method", async () => {
    const res = await placeOrder(
      t.app,
      qatar({ shipping_method: `delivery:${gulfId}`, delivery_fee: 0 }),
    );
    expect(res.statusCode).toBe(201);
    const order = res.json().data;
    // 3 x 20.00 = 60.00, 20% off = 48.00, + 40.00.
    expect(order.delivery_fee).toBe(40);
    expect(order.total).toBe(88);
    expect(order.shipping).toEqual({
      method: `delivery:${gulfId}`,
      kind: "delivery",
      zone: "Gulf",
      zone_ar: "الخليج",
      name: "Home delivery",
      name_ar: "توصيل إلى العنوان",
      fee: 40,
      delivery_date: null,
      pickup: null,
      carrier: null,
      carrier_ar: null,
      tracking_number: null,
      tracking_url: null,
    });
  });

  it("without a method (today's clients) the cheapest delivery is used", async () => {
    const res = await placeOrder(t.app, qatar());
    expect(res.statusCode).toBe(201);
    expect(res.json().data.shipping).toMatchObject({ method: `delivery:${gulfId}`, fee: 40 });
  });

  it("a method the quote would not offer is a 422; so is a tampered id", async () => {
    for (const method of ["delivery:1", "pickup:0", "delivery:999"]) {
      const res = await placeOrder(t.app, qatar({ shipping_method: method }));
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.shipping_method).toEqual([SHIPPING_MESSAGES.METHOD_UNKNOWN]);
    }
    const bad = await placeOrder(t.app, qatar({ shipping_method: "free-shipping" }));
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.shipping_method).toBeDefined();
  });

  it("refusals keep their codes and wording", async () => {
    const res = await placeOrder(t.app, qatar({ country: "PT" }));
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      code: "no_shipping",
      message: "Sorry, we do not ship to Portugal.",
    });
    const heavy = await placeOrder(
      t.app,
      orderBody([{ productId: product, grams: 500, qty: 7 }], { country: "QA" }),
    );
    expect(heavy.statusCode).toBe(422);
    expect(heavy.json()).toMatchObject({ code: "weight_limit", max_grams: 3000 });
  });

  it("pickup in Syria is free and named after the location", async () => {
    const res = await placeOrder(
      t.app,
      orderBody([{ productId: product, grams: 500, qty: 1 }], { shipping_method: "pickup:0" }),
    );
    expect(res.statusCode).toBe(201);
    const order = res.json().data;
    expect(order.delivery_fee).toBe(0);
    expect(order.shipping).toMatchObject({
      method: "pickup:0",
      kind: "pickup",
      zone: null,
      name: "Pickup at Main shop (demo)",
      name_ar: "الاستلام من المحل الرئيسي (تجريبي)",
      fee: 0,
    });
  });
});

describe("delivery days", () => {
  // Wednesday 2026-11-25, 09:00 in Damascus: Friday the 27th is closed.
  const now = new Date("2026-11-25T06:00:00Z");
  const syria = (extra: Record<string, unknown>) =>
    orderBody([{ productId: product, grams: 500, qty: 1 }], extra);

  it.each([
    ["today", "2026-11-25", 201],
    ["Saturday", "2026-11-28", 201],
    ["the last day offered", "2026-12-01", 201],
    ["the closed Friday", "2026-11-27", 422],
    ["yesterday", "2026-11-24", 422],
    ["beyond 7 days", "2026-12-02", 422],
  ])("%s (%s) -> %d", async (_label, day, status) => {
    vi.useFakeTimers({ now, toFake: ["Date"] });
    try {
      expect(deliveryDays(now, { closedWeekdays: [5], cutoffHour: 14 })).toContain("2026-11-25");
      const quote = await t.app.inject({
        method: "POST",
        url: "/api/shipping/quote",
        payload: { country: "SY", lines: [{ productId: product, grams: 500, qty: 1 }] },
      });
      const offered = quote.json().data.methods[0].days.map((d: { date: string }) => d.date);
      expect(offered.includes(day)).toBe(status === 201);
      const res = await placeOrder(
        t.app,
        syria({ shipping_method: "delivery:1", delivery_date: day }),
      );
      expect(res.statusCode).toBe(status);
      if (status === 201) {
        expect(res.json().data.shipping.delivery_date).toBe(day);
        expect(res.json().data.ready_date).toBe(day);
      } else expect(res.json().errors.delivery_date).toEqual([SHIPPING_MESSAGES.DATE_NOT_OFFERED]);
    } finally {
      vi.useRealTimers();
    }
  });

  it("pickup takes a day of the same list; abroad only its dispatch day; a non-date is refused by the schema", async () => {
    vi.useFakeTimers({ now, toFake: ["Date"] });
    try {
      const pickup = await placeOrder(
        t.app,
        syria({ shipping_method: "pickup:0", ready_date: "2026-12-01" }),
      );
      expect(pickup.statusCode).toBe(201);
      expect(pickup.json().data.ready_date).toBe("2026-12-01");
      // The delivery day stays a home delivery's field.
      expect(pickup.json().data.shipping.delivery_date).toBeNull();
      const closed = await placeOrder(
        t.app,
        syria({ shipping_method: "pickup:0", ready_date: "2026-11-27" }),
      );
      expect(closed.statusCode).toBe(422);
      expect(closed.json().errors.ready_date).toEqual([SHIPPING_MESSAGES.DATE_NOT_OFFERED]);
      const abroad = await placeOrder(t.app, qatar({ delivery_date: "2026-12-01" }));
      expect(abroad.statusCode).toBe(422);
      // Without a day, abroad gets its dispatch day: today, with no limits set.
      const dispatched = await placeOrder(t.app, qatar());
      expect(dispatched.json().data.ready_date).toBe("2026-11-25");
      const bad = await placeOrder(t.app, syria({ delivery_date: "2026-02-30" }));
      expect(bad.statusCode).toBe(422);
      expect(bad.json().errors.delivery_date).toEqual([SHIPPING_MESSAGES.DATE_INVALID]);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe("pickup asks for no address", () => {
  it("a pickup order needs name and phone only, and keeps where and when to collect it", async () => {
    const res = await placeOrder(
      t.app,
      orderBody([{ productId: product, grams: 500, qty: 1 }], {
        shipping_method: "pickup:0",
        city: undefined,
        address: undefined,
      }),
    );
    expect(res.statusCode).toBe(201);
    const order = res.json().data;
    expect([order.city, order.address]).toEqual(["", ""]);
    expect(order.shipping.pickup).toMatchObject({
      address: expect.any(String),
      address_ar: expect.any(String),
      hours: expect.any(String),
      phone: expect.any(String),
    });
    expect(order.shipping.pickup.address.length).toBeGreaterThan(0);
    expect(order.ready_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it("a delivery still needs both, each named, and writes nothing", async () => {
    const res = await placeOrder(
      t.app,
      orderBody([{ productId: product, grams: 500, qty: 1 }], {
        shipping_method: "delivery:1",
        city: "",
        address: " ",
      }),
    );
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      city: [ORDER_MESSAGES.CITY_REQUIRED],
      address: [ORDER_MESSAGES.ADDRESS_REQUIRED],
    });
  });
});

describe("later edits never change old orders", () => {
  it("repricing and then deleting the zone leaves the order as charged", async () => {
    const placed = (await placeOrder(t.app, qatar())).json().data;
    await send("PUT", `/api/admin/shipping/zones/${gulfId}`, {
      name: "Gulf states",
      name_ar: "دول الخليج",
      countries: ["AE", "QA"],
      max_grams: null,
      rates: [{ up_to_grams: null, fee: 99 }],
    });
    expect((await send("DELETE", `/api/admin/shipping/zones/${gulfId}`)).statusCode).toBe(204);
    const read = await t.app.inject(`/api/orders/${placed.number}?key=${placed.access_key}`);
    expect(read.statusCode).toBe(200);
    expect(read.json().data.shipping).toEqual(placed.shipping);
    expect(read.json().data.delivery_fee).toBe(40);
  });
});

describe("tracking", () => {
  it("marking shipped with a carrier and number gives both order pages the link", async () => {
    const carrier = (
      await send("POST", "/api/admin/shipping/carriers", {
        name: "Example Express",
        name_ar: "إكسبرس المثال",
        tracking_url: "https://track.example.com/t/{number}",
      })
    ).json().data;
    const placed = (
      await placeOrder(t.app, orderBody([{ productId: product, grams: 500, qty: 1 }]), {
        headers: customer.auth,
      })
    ).json().data;
    const list = (await send("GET", `/api/admin/orders?q=${placed.number}`)).json().data;
    const id = list[0].id;
    for (const status of ["confirmed", "preparing"]) {
      expect((await send("PATCH", `/api/admin/orders/${id}`, { status })).statusCode).toBe(200);
    }
    // Only on the way to shipped.
    const early = await send("PATCH", `/api/admin/orders/${id}`, {
      status: "completed",
      carrier: carrier.id,
    });
    expect(early.statusCode).toBe(422);
    const unknown = await send("PATCH", `/api/admin/orders/${id}`, {
      status: "shipped",
      carrier: 9999,
    });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors.carrier).toEqual([SHIPPING_MESSAGES.CARRIER_UNKNOWN]);
    const badNumber = await send("PATCH", `/api/admin/orders/${id}`, {
      status: "shipped",
      tracking_number: "<script>",
    });
    expect(badNumber.statusCode).toBe(422);

    const shipped = await send("PATCH", `/api/admin/orders/${id}`, {
      status: "shipped",
      carrier: carrier.id,
      tracking_number: "AB 12/3",
    });
    expect(shipped.statusCode).toBe(200);
    const tracking = {
      carrier: "Example Express",
      carrier_ar: "إكسبرس المثال",
      tracking_number: "AB 12/3",
      tracking_url: "https://track.example.com/t/AB%2012%2F3",
    };
    expect(shipped.json().data.shipping).toMatchObject(tracking);

    // The carrier's later edit or deletion leaves the sent link as it was.
    await send("DELETE", `/api/admin/shipping/carriers/${carrier.id}`);
    expect((await send("GET", `/api/admin/orders/${id}`)).json().data.shipping).toMatchObject(
      tracking,
    );
    const mine = await t.app.inject({ url: "/api/orders", headers: customer.auth });
    const order = mine.json().data.find((o: { number: string }) => o.number === placed.number);
    expect(order.shipping).toMatchObject(tracking);
  });
});

describe("the orders desk", () => {
  it("lists and exports the method, zone and delivery day", async () => {
    const placed = (
      await placeOrder(
        t.app,
        orderBody([{ productId: product, grams: 500, qty: 1 }], {
          shipping_method: "delivery:1",
          delivery_date: deliveryDays(new Date(), { closedWeekdays: [5], cutoffHour: 14 })[0],
        }),
      )
    ).json().data;
    const [row] = (await send("GET", `/api/admin/orders?q=${placed.number}`)).json().data;
    expect(row).toMatchObject({
      shipping_kind: "delivery",
      shipping_name: "Home delivery",
      shipping_zone: "Syria",
      shipping_zone_ar: "سوريا",
      delivery_date: placed.shipping.delivery_date,
    });
    const csv = (await send("GET", `/api/admin/orders.csv?q=${placed.number}`)).body;
    // Issue 29: the gift column (yes/no), then the ready day, end the row.
    expect(csv).toContain(
      `,Home delivery,Syria,${placed.shipping.delivery_date},no,${placed.ready_date}\r\n`,
    );
  });
});
