import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { SEASON_MESSAGES, seasonOverlapMessage } from "../../../shared/domain/seasons.ts";
import { createTestApp, type TestApp } from "../../test/app.ts";
import {
  ordersIn as countOrdersIn,
  createUserWithToken,
  type TestUser,
} from "../../test/fixtures.ts";
import { addProduct, orderBody, placeOrder } from "../orders/test-fixtures.ts";

// Wednesday 2 December 2026, 09:00 in Damascus: the 7-day window runs to Tuesday the 8th.
const NOW = new Date("2026-12-02T06:00:00Z");

let t: TestApp;
let owner: TestUser;
let product: number;
let maamoul: number;
beforeAll(async () => {
  vi.useFakeTimers({ now: NOW, toFake: ["Date"] });
  t = await createTestApp();
  owner = await createUserWithToken(t.app, { admin: true, name: "Owner Seasons" });
  product = await addProduct(t.database.db, { stockGrams: null, options: [{ grams: 1000 }] });
  maamoul = await addProduct(t.database.db, {
    name: "Eid maamoul",
    nameAr: "معمول العيد",
    stockGrams: null,
    options: [{ grams: 1000 }],
  });
});
afterAll(async () => {
  await t.close();
  vi.useRealTimers();
});

const admin = (
  method: "GET" | "POST" | "PUT" | "DELETE",
  url: string,
  payload?: unknown,
  auth = owner.auth,
) =>
  t.app.inject({ method, url, headers: auth, ...(payload ? { payload: payload as object } : {}) });

// Open for orders today, ready days two to three weeks ahead (beyond the 7-day window).
const WINTER = {
  name: "Winter feast",
  name_ar: "عيد الشتاء",
  first_day: "2026-12-20",
  last_day: "2026-12-22",
  orders_open: "2026-12-01",
};

const ordersIn = (city: string) => countOrdersIn(t.app, city);

const quoteDays = async (productId: number, country = "SY") => {
  const res = await t.app.inject({
    method: "POST",
    url: "/api/shipping/quote",
    payload: { country, lines: [{ productId, grams: 1000, qty: 1 }] },
  });
  expect(res.statusCode).toBe(200);
  return (res.json().data.methods as { id: string; days: { date: string }[] }[]).map((m) => ({
    id: m.id,
    days: m.days.map((d) => d.date),
  }));
};

describe("the owner's seasons", () => {
  it("are the owner's: 401 without a token, 403 for the orders and kitchen roles", async () => {
    const desk = await createUserWithToken(t.app, { admin: true, roles: ["orders", "kitchen"] });
    expect((await admin("GET", "/api/admin/seasons", undefined, {} as never)).statusCode).toBe(401);
    expect((await admin("GET", "/api/admin/seasons", undefined, desk.auth)).statusCode).toBe(403);
    expect((await admin("POST", "/api/admin/seasons", WINTER, desk.auth)).statusCode).toBe(403);
    expect((await admin("PUT", "/api/admin/seasons/1", WINTER, desk.auth)).statusCode).toBe(403);
    expect((await admin("DELETE", "/api/admin/seasons/1", undefined, desk.auth)).statusCode).toBe(
      403,
    );
    expect((await admin("GET", "/api/admin/seasons")).json()).toEqual({ data: [] });
  });

  it("creates one with its Hijri dates; the public list shows it, open; the history records it", async () => {
    const res = await admin("POST", "/api/admin/seasons", { ...WINTER, product_ids: [maamoul] });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({
      name: "Winter feast",
      name_ar: "عيد الشتاء",
      first_day: "2026-12-20",
      last_day: "2026-12-22",
      orders_open: "2026-12-01",
      product_ids: [maamoul],
      open: true,
      hijri: {
        first_day: { en: expect.stringContaining("1448"), ar: expect.stringContaining("1448") },
      },
    });
    const pub = await t.app.inject({ url: "/api/seasons" });
    expect(pub.statusCode).toBe(200);
    expect(pub.json().data.map((s: { name: string; open: boolean }) => [s.name, s.open])).toEqual([
      ["Winter feast", true],
    ]);
    const history = await admin(
      "GET",
      `/api/admin/audit?entity=season&entity_id=${res.json().data.id}`,
    );
    expect(history.json().data[0]).toMatchObject({ action: "create" });
  });

  it.each([
    [
      "days running backwards",
      {
        ...WINTER,
        name: "Backwards",
        first_day: "2027-01-10",
        last_day: "2027-01-05",
        orders_open: "2027-01-01",
      },
      "last_day",
      SEASON_MESSAGES.BACKWARDS,
    ],
    [
      "orders opening after the last day",
      {
        ...WINTER,
        name: "Late",
        first_day: "2027-01-10",
        last_day: "2027-01-12",
        orders_open: "2027-01-13",
      },
      "orders_open",
      SEASON_MESSAGES.OPENS_LATE,
    ],
    [
      "days overlapping another season",
      { ...WINTER, name: "Overlap", first_day: "2026-12-22", last_day: "2026-12-24" },
      "first_day",
      seasonOverlapMessage({
        nameEn: "Winter feast",
        firstDay: "2026-12-20",
        lastDay: "2026-12-22",
      }),
    ],
    [
      "no name",
      { ...WINTER, name: " ", first_day: "2027-02-01", last_day: "2027-02-02" },
      "name",
      SEASON_MESSAGES.NAME,
    ],
    [
      "a date that is not one",
      { ...WINTER, first_day: "2027-02-30" },
      "first_day",
      SEASON_MESSAGES.DAY,
    ],
    [
      "an unknown product",
      { ...WINTER, first_day: "2027-02-01", last_day: "2027-02-02", product_ids: [987_654] },
      "product_ids",
      SEASON_MESSAGES.PRODUCTS,
    ],
    [
      "a product id that is not a number",
      { ...WINTER, first_day: "2027-02-01", last_day: "2027-02-02", product_ids: ["x"] },
      "product_ids.0",
      SEASON_MESSAGES.PRODUCTS,
    ],
  ])(
    "refuses %s with a 422 in the shop's wording, writing nothing",
    async (_name, body, field, message) => {
      const res = await admin("POST", "/api/admin/seasons", body);
      expect(res.statusCode).toBe(422);
      expect(res.json().message).toBeTruthy();
      expect(res.json().errors[field]).toEqual([message]);
      expect((await admin("GET", "/api/admin/seasons")).json().data).toHaveLength(1);
    },
  );

  it("updates and deletes by id; an unknown id is a 404", async () => {
    const created = await admin("POST", "/api/admin/seasons", {
      ...WINTER,
      name: "Spring",
      first_day: "2027-04-01",
      last_day: "2027-04-03",
      orders_open: "2027-03-01",
    });
    const id = created.json().data.id;
    expect(created.json().data.open).toBe(false);
    const updated = await admin("PUT", `/api/admin/seasons/${id}`, {
      ...WINTER,
      name: "Spring feast",
      first_day: "2027-04-01",
      last_day: "2027-04-04",
      orders_open: "2027-03-01",
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().data).toMatchObject({ name: "Spring feast", last_day: "2027-04-04" });
    // Saving a season over its own days is no overlap.
    expect(
      (
        await admin("PUT", `/api/admin/seasons/${id}`, {
          ...WINTER,
          first_day: "2027-04-01",
          last_day: "2027-04-04",
          orders_open: "2027-03-01",
        })
      ).statusCode,
    ).toBe(200);
    expect((await admin("PUT", "/api/admin/seasons/999999", WINTER)).statusCode).toBe(404);
    expect((await admin("PUT", "/api/admin/seasons/abc", WINTER)).statusCode).toBe(400);
    expect((await admin("DELETE", `/api/admin/seasons/${id}`)).statusCode).toBe(204);
    expect((await admin("DELETE", `/api/admin/seasons/${id}`)).statusCode).toBe(404);
    expect((await admin("GET", "/api/admin/seasons")).json().data).toHaveLength(1);
  });
});

describe("seasons at checkout", () => {
  it("the quote offers the open season's days beyond the 7-day window, for delivery and pickup; abroad keeps its dispatch day", async () => {
    const [delivery] = await quoteDays(product);
    expect(delivery!.days).toContain("2026-12-08");
    expect(delivery!.days).toEqual(
      expect.arrayContaining(["2026-12-20", "2026-12-21", "2026-12-22"]),
    );
    expect(delivery!.days).not.toContain("2026-12-15");
    const [abroad] = await quoteDays(product, "QA");
    expect(abroad!.days).toEqual(["2026-12-02"]);
  });

  it("a season-only product is offered its season's days only", async () => {
    const [delivery] = await quoteDays(maamoul);
    expect(delivery!.days).toEqual(["2026-12-20", "2026-12-21", "2026-12-22"]);
  });

  it("an order for a season day is marked with the season; the desk shows and filters it", async () => {
    const placed = await placeOrder(
      t.app,
      orderBody([{ productId: maamoul, grams: 1000, qty: 1 }], {
        city: "Season Buyer",
        shipping_method: "delivery:1",
        ready_date: "2026-12-21",
      }),
      { key: randomUUID() },
    );
    expect(placed.statusCode).toBe(201);
    const season = placed.json().data.season;
    expect(season).toMatchObject({ name: "Winter feast", name_ar: "عيد الشتاء" });
    const plain = await placeOrder(
      t.app,
      orderBody([{ productId: product, grams: 1000, qty: 1 }], {
        city: "Plain Buyer",
        shipping_method: "delivery:1",
        ready_date: "2026-12-03",
      }),
      { key: randomUUID() },
    );
    expect(plain.json().data.season).toBeNull();
    const desk = await admin("GET", `/api/admin/orders?season_id=${season.id}`);
    expect(desk.statusCode).toBe(200);
    expect(desk.json().data.map((o: { customer: string }) => o.customer)).toHaveLength(1);
    expect(desk.json().data[0].season).toEqual(season);
    expect((await admin("GET", "/api/admin/orders?season_id=abc")).statusCode).toBe(400);
    const calendar = await admin("GET", "/api/admin/calendar?from=2026-12-21&to=2026-12-21");
    expect(calendar.json().data[0].season).toEqual(season);
  });

  it("a season-only product outside its season's days is a 422; a day beyond the window outside seasons too", async () => {
    const outside = await placeOrder(
      t.app,
      orderBody([{ productId: maamoul, grams: 1000, qty: 1 }], {
        city: "Too Early",
        shipping_method: "delivery:1",
        ready_date: "2026-12-03",
      }),
      { key: randomUUID() },
    );
    expect(outside.statusCode).toBe(422);
    const beyond = await placeOrder(
      t.app,
      orderBody([{ productId: product, grams: 1000, qty: 1 }], {
        city: "Too Early",
        shipping_method: "delivery:1",
        ready_date: "2026-12-15",
      }),
      { key: randomUUID() },
    );
    expect(beyond.statusCode).toBe(422);
    expect(await ordersIn("Too Early")).toBe(0);
  });

  it("a season-only product of a season not yet open for orders cannot be ordered at all", async () => {
    const later = await admin("POST", "/api/admin/seasons", {
      name: "Spring feast",
      name_ar: "عيد الربيع",
      first_day: "2027-04-01",
      last_day: "2027-04-03",
      orders_open: "2027-03-01",
      product_ids: [product],
    });
    expect(later.json()).toMatchObject({ data: { name: "Spring feast" } });
    const res = await placeOrder(
      t.app,
      orderBody([{ productId: product, grams: 1000, qty: 1 }], {
        city: "Not Yet",
        shipping_method: "delivery:1",
      }),
      { key: randomUUID() },
    );
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      code: "season_only",
      errors: { "lines.0": [expect.stringContaining("is sold only for Spring feast")] },
    });
    expect(res.json().message_ar).toContain("عيد الربيع");
    expect(await ordersIn("Not Yet")).toBe(0);
    // The public list: the open season, then the one to come.
    const pub = await t.app.inject({ url: "/api/seasons" });
    expect(pub.json().data.map((s: { name: string; open: boolean }) => [s.name, s.open])).toEqual([
      ["Winter feast", true],
      ["Spring feast", false],
    ]);
    await admin("DELETE", `/api/admin/seasons/${later.json().data.id}`);
  });
});
