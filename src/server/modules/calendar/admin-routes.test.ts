import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { CAPACITY_MESSAGES } from "../../../shared/domain/ready-days.ts";
import { createTestApp, type TestApp } from "../../test/app.ts";
import { createUserWithToken, type TestUser } from "../../test/fixtures.ts";
import { addProduct, orderBody, placeOrder } from "../orders/test-fixtures.ts";

// Wednesday 2 December 2026, 09:00 in Damascus.
const NOW = new Date("2026-12-02T06:00:00Z");

let t: TestApp;
let owner: TestUser;
let clerk: TestUser;
beforeAll(async () => {
  vi.useFakeTimers({ now: NOW, toFake: ["Date"] });
  t = await createTestApp();
  owner = await createUserWithToken(t.app, { admin: true, name: "Owner Calendar" });
  clerk = await createUserWithToken(t.app, { admin: true, roles: ["orders"] });
});
afterAll(async () => {
  await t.close();
  vi.useRealTimers();
});

const get = (query: string, headers = owner.auth) =>
  t.app.inject({ url: `/api/admin/calendar?${query}`, headers });
const put = (date: string, payload: unknown, headers = owner.auth) =>
  t.app.inject({
    method: "PUT",
    url: `/api/admin/calendar/${date}`,
    headers,
    payload: payload as object,
  });

describe("GET/PUT /api/admin/calendar", () => {
  it("is the owner's: 401 without a token, 403 for the orders role", async () => {
    expect(
      (await t.app.inject("/api/admin/calendar?from=2026-12-01&to=2026-12-31")).statusCode,
    ).toBe(401);
    expect((await get("from=2026-12-01&to=2026-12-31", clerk.auth)).statusCode).toBe(403);
    expect((await put("2026-12-10", { closed: true }, clerk.auth)).statusCode).toBe(403);
  });

  it("lists each day with its capacity, what is booked and whether it is closed", async () => {
    const product = await addProduct(t.database.db, { stockGrams: null });
    const placed = await placeOrder(
      t.app,
      orderBody([{ productId: product, grams: 1000, qty: 2 }], {
        shipping_method: "delivery:1",
        ready_date: "2026-12-03",
      }),
    );
    expect(placed.statusCode).toBe(201);
    const res = await get("from=2026-12-03&to=2026-12-04");
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([
      {
        date: "2026-12-03",
        weekday: 4,
        capacity_grams: null,
        booked_grams: 2000,
        orders: 1,
        closed: false,
        override: null,
        season: null,
      },
      {
        date: "2026-12-04",
        weekday: 5,
        capacity_grams: null,
        booked_grams: 0,
        orders: 0,
        closed: true,
        override: null,
        season: null,
      },
    ]);
  });

  it("the owner gives a day 20 kg and opens a Friday; the quote follows at once; the history records it", async () => {
    const res = await put("2026-12-10", { capacity_grams: 20_000 });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      date: "2026-12-10",
      capacity_grams: 20_000,
      closed: false,
    });
    expect((await put("2026-12-04", { closed: false })).json().data.closed).toBe(false);
    const quote = await t.app.inject({
      method: "POST",
      url: "/api/shipping/quote",
      payload: { country: "SY", lines: [{ productId: 1, grams: 1000, qty: 1 }] },
    });
    const days = quote.json().data.methods[0].days.map((d: { date: string }) => d.date);
    expect(days).toContain("2026-12-04");
    const history = await t.app.inject({
      url: "/api/admin/audit?entity=calendar_day&entity_id=2026-12-10",
      headers: owner.auth,
    });
    expect(history.json().data[0]).toMatchObject({
      action: "create",
      changes: [{ field: "capacity_grams", before: "as the weekday", after: 20_000 }],
    });
    // A field left out is kept; both back to the weekday remove the date's own row.
    expect((await put("2026-12-10", { closed: true })).json().data).toMatchObject({
      capacity_grams: 20_000,
      closed: true,
    });
    const back = await put("2026-12-10", { closed: null, capacity_grams: null });
    expect(back.json().data).toMatchObject({ override: null, capacity_grams: null, closed: false });
  });

  it.each([
    [
      "capacity below zero",
      "2026-12-10",
      { capacity_grams: -1 },
      "capacity_grams",
      CAPACITY_MESSAGES.CAPACITY,
    ],
    [
      "fractional grams",
      "2026-12-10",
      { capacity_grams: 1.5 },
      "capacity_grams",
      CAPACITY_MESSAGES.CAPACITY,
    ],
    ["a past day", "2026-12-01", { closed: true }, "date", CAPACITY_MESSAGES.DAY_PAST],
  ])("refuses %s with a 422 and writes nothing", async (_name, date, body, field, message) => {
    const before = (await get(`from=${date}&to=${date}`)).json().data;
    const res = await put(date, body);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ message, errors: { [field]: [message] } });
    expect((await get(`from=${date}&to=${date}`)).json().data).toEqual(before);
  });

  it.each([
    ["a date that does not exist", "from=2026-02-30&to=2026-03-01"],
    ["a range that runs backwards", "from=2026-12-10&to=2026-12-01"],
    ["more than 400 days", "from=2026-01-01&to=2027-12-31"],
  ])("answers 400 to %s", async (_name, query) => {
    expect((await get(query)).statusCode).toBe(400);
  });
});
