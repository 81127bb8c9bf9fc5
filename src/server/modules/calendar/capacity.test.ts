import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { CAPACITY_MESSAGES } from "../../../shared/domain/ready-days.ts";
import { SHIPPING_MESSAGES } from "../../../shared/domain/shipping.ts";
import { buildApp } from "../../app.ts";
import { loadConfig } from "../../config.ts";
import { type Database, openPostgres } from "../../db/client.ts";
import { calendarDays } from "../../db/schema/calendar.ts";
import { orders } from "../../db/schema/orders.ts";
import { createTestApp, type TestApp } from "../../test/app.ts";
import {
  ordersIn as countOrdersIn,
  createUserWithToken,
  type TestUser,
} from "../../test/fixtures.ts";
import { addProduct, orderBody, placeOrder, stockOf } from "../orders/test-fixtures.ts";

// Wednesday 2 December 2026, 09:00 in Damascus (before the 14:00 cut-off): the window runs
// from today to Tuesday the 8th, Friday the 4th closed.
const NOW = new Date("2026-12-02T06:00:00Z");

let t: TestApp;
let owner: TestUser;
beforeAll(async () => {
  // The clock stands still on NOW for the whole file (sessions included).
  vi.useFakeTimers({ now: NOW, toFake: ["Date"] });
  t = await createTestApp();
  owner = await createUserWithToken(t.app, { admin: true, name: "Owner Calendar" });
});
afterAll(async () => {
  await t.close();
  vi.useRealTimers();
});

/** A date's own figure, straight in the table (the calendar screen's API writes the same row). */
async function setDay(
  day: string,
  values: { closed?: boolean | null; capacityGrams?: number | null },
) {
  await t.database.db
    .insert(calendarDays)
    .values({ day, closed: values.closed ?? null, capacityGrams: values.capacityGrams ?? null })
    .onConflictDoUpdate({
      target: calendarDays.day,
      set: { closed: values.closed ?? null, capacityGrams: values.capacityGrams ?? null },
    });
}

const quoteDays = async (app: FastifyInstance, country: string, grams: number) => {
  const res = await app.inject({
    method: "POST",
    url: "/api/shipping/quote",
    payload: { country, lines: [{ productId: 1, grams, qty: 1 }] },
  });
  expect(res.statusCode).toBe(200);
  return res.json().data.methods.map((m: { id: string; days: { date: string }[] }) => ({
    id: m.id,
    days: m.days.map((d) => d.date),
  }));
};

const ordersIn = (city: string) => countOrdersIn(t.app, city);

describe("capacity_grams_by_weekday in the settings", () => {
  const form = async () => {
    const res = await t.app.inject({ url: "/api/admin/settings", headers: owner.auth });
    const { updated_at: _u, ...values } = res.json().data;
    return values;
  };
  const put = (payload: unknown) =>
    t.app.inject({
      method: "PUT",
      url: "/api/admin/settings",
      headers: owner.auth,
      payload: payload as object,
    });

  it("defaults to no limit on any day, so an upgraded shop takes orders as before", async () => {
    expect((await form()).capacity_grams_by_weekday).toEqual([
      null,
      null,
      null,
      null,
      null,
      null,
      null,
    ]);
    const days = await quoteDays(t.app, "SY", 400_000);
    expect(days[0].days).toHaveLength(6);
  });

  it.each([
    ["six entries", [1, 2, 3, 4, 5, 6]],
    ["a negative figure", [-1, null, null, null, null, null, null]],
    ["fractional grams", [1.5, null, null, null, null, null, null]],
    ["words", ["lots", null, null, null, null, null, null]],
  ])("refuses %s with a 422 and writes nothing", async (_name, figures) => {
    const before = await form();
    const res = await put({ ...before, capacity_grams_by_weekday: figures });
    expect(res.statusCode).toBe(422);
    expect(JSON.stringify(res.json().errors)).toContain(CAPACITY_MESSAGES.WEEKDAY_CAPACITY);
    expect((await form()).capacity_grams_by_weekday).toEqual(before.capacity_grams_by_weekday);
  });

  it("saves 7 figures (left out by an older client, they are kept) and records them in the history", async () => {
    const before = await form();
    const figures = [null, 100_000, 100_000, 100_000, 150_000, null, 50_000];
    const saved = await put({ ...before, capacity_grams_by_weekday: figures });
    expect(saved.json()).toMatchObject({ data: { capacity_grams_by_weekday: figures } });
    expect((await form()).capacity_grams_by_weekday).toEqual(figures);
    const { capacity_grams_by_weekday: _c, ...older } = before;
    expect((await put(older)).statusCode).toBe(200);
    expect((await form()).capacity_grams_by_weekday).toEqual(figures);
    const history = await t.app.inject({
      url: "/api/admin/audit?entity=settings&entity_id=shop",
      headers: owner.auth,
    });
    expect(JSON.stringify(history.json().data[0].changes)).toContain("Mon: 100000 g");
    // Back to no limit for the other tests.
    const none = Array(7).fill(null);
    expect((await put({ ...before, capacity_grams_by_weekday: none })).statusCode).toBe(200);
  });
});

describe("a day with room for 2 kg", () => {
  it("is offered while the cart fits, then no longer; an order for it is a 409 naming the day, with nothing written and stock untouched", async () => {
    await setDay("2026-12-03", { capacityGrams: 2_000 });
    const product = await addProduct(t.database.db, {
      stockGrams: 50_000,
      options: [{ grams: 1500 }],
    });
    const body = (city: string, day = "2026-12-03") =>
      orderBody([{ productId: product, grams: 1500, qty: 1 }], {
        city,
        shipping_method: "delivery:1",
        ready_date: day,
      });

    expect((await quoteDays(t.app, "SY", 1500))[0].days).toContain("2026-12-03");
    const first = await placeOrder(t.app, body("First Shopper"));
    expect(first.json()).toMatchObject({ data: { ready_date: "2026-12-03" } });
    expect(first.json().data).toMatchObject({ ready_date: "2026-12-03", slot: null, season: null });

    // 500 g left: a 1.5 kg cart no longer sees the day, in delivery or pickup; 500 g still does.
    const after = await quoteDays(t.app, "SY", 1500);
    for (const method of after) expect(method.days).not.toContain("2026-12-03");
    expect((await quoteDays(t.app, "SY", 500))[0].days).toContain("2026-12-03");

    const second = await placeOrder(t.app, body("Second Shopper"));
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({
      code: "day_full",
      ready_date: "2026-12-03",
      message: "Sorry, Thursday, 3 December 2026 is now fully booked. Please choose another day.",
      errors: { ready_date: [expect.stringContaining("3 December 2026")] },
    });
    expect(second.json().message_ar).toContain("2026");
    expect(await ordersIn("Second Shopper")).toBe(0);
    expect(await stockOf(t.database.db, product)).toBe(50_000 - 1500);

    // The older name of the field gets the same answer.
    const alias = await placeOrder(
      t.app,
      orderBody([{ productId: product, grams: 1500, qty: 1 }], {
        city: "Second Shopper",
        shipping_method: "delivery:1",
        delivery_date: "2026-12-03",
      }),
    );
    expect(alias.statusCode).toBe(409);
    expect(alias.json().errors.delivery_date).toBeDefined();
  });

  it("a cancelled order gives its kilos back", async () => {
    await setDay("2026-12-05", { capacityGrams: 1_000 });
    const product = await addProduct(t.database.db, { stockGrams: null });
    const placed = await placeOrder(
      t.app,
      orderBody([{ productId: product, grams: 1000, qty: 1 }], {
        city: "Cancel Then Book",
        shipping_method: "delivery:1",
        ready_date: "2026-12-05",
      }),
    );
    expect(placed.statusCode).toBe(201);
    expect((await quoteDays(t.app, "SY", 1000))[0].days).not.toContain("2026-12-05");
    await t.database.db
      .update(orders)
      .set({ status: "canceled" })
      .where(eq(orders.number, placed.json().data.number));
    expect((await quoteDays(t.app, "SY", 1000))[0].days).toContain("2026-12-05");
  });
});

describe("closed and opened dates", () => {
  it("a date the owner closed is not offered (422); a Friday the owner opened is", async () => {
    await setDay("2026-12-07", { closed: true });
    await setDay("2026-12-04", { closed: false });
    const days = (await quoteDays(t.app, "SY", 500))[0].days;
    expect(days).not.toContain("2026-12-07");
    expect(days).toContain("2026-12-04");
    const product = await addProduct(t.database.db, {
      stockGrams: null,
      options: [{ grams: 500 }],
    });
    const closed = await placeOrder(
      t.app,
      orderBody([{ productId: product, grams: 500, qty: 1 }], {
        shipping_method: "delivery:1",
        ready_date: "2026-12-07",
      }),
    );
    expect(closed.statusCode).toBe(422);
    expect(closed.json().errors.ready_date).toEqual([SHIPPING_MESSAGES.DATE_NOT_OFFERED]);
  });
});

describe("abroad", () => {
  it("the dispatch day is the first open day with room, and the order gets it", async () => {
    // Today and tomorrow full for a 1 kg cart; Friday closed; Saturday has room.
    await setDay("2026-12-02", { capacityGrams: 0 });
    await setDay("2026-12-03", { capacityGrams: 0 });
    await setDay("2026-12-04", { closed: null });
    const [method] = await quoteDays(t.app, "QA", 1000);
    expect(method.days).toEqual(["2026-12-05"]);
    const product = await addProduct(t.database.db, { stockGrams: null });
    const placed = await placeOrder(
      t.app,
      orderBody([{ productId: product, grams: 1000, qty: 1 }], { country: "QA" }),
    );
    expect(placed.statusCode).toBe(201);
    expect(placed.json().data.ready_date).toBe("2026-12-05");
    // Asking for a day that is full meanwhile is a 409; a day never offered a 422.
    const full = await placeOrder(
      t.app,
      orderBody([{ productId: product, grams: 1000, qty: 1 }], {
        country: "QA",
        ready_date: "2026-12-03",
      }),
    );
    expect(full.statusCode).toBe(409);
    const never = await placeOrder(
      t.app,
      orderBody([{ productId: product, grams: 1000, qty: 1 }], {
        country: "QA",
        ready_date: "2026-12-09",
      }),
    );
    expect(never.statusCode).toBe(422);
  });
});

describe("racing for the last kilos", () => {
  let second: { app: FastifyInstance; database: Database; dataDir: string } | null = null;
  beforeAll(async () => {
    // With PostgreSQL, a second instance with its own pool on the same database, as in production.
    if (!t.url) return;
    const database = await openPostgres(t.url, 10);
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-capacity-"));
    const config = loadConfig({
      NODE_ENV: "test",
      DATA_DIR: dataDir,
      DATABASE_URL: t.url,
      LOG_LEVEL: "silent",
    });
    const app = await buildApp({ config, database, web: "none", rateLimit: false });
    await app.ready();
    second = { app, database, dataDir };
  });
  afterAll(async () => {
    if (!second) return;
    await second.app.close();
    await second.database.close();
    fs.rmSync(second.dataDir, { recursive: true, force: true });
  });

  it("50 concurrent orders for a day with room for 10: exactly 10 placed, 40 refused with 409, stock taken for 10 only", async () => {
    await setDay("2026-12-08", { capacityGrams: 10_000 });
    const product = await addProduct(t.database.db, { stockGrams: 100_000 });
    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        placeOrder(
          second && i % 2 ? second.app : t.app,
          orderBody([{ productId: product, grams: 1000, qty: 1 }], {
            city: "Eid Rush",
            // A shopper each: one buyer's orders would queue on their customer row anyway.
            email: `eid${i}@example.com`,
            phone: `+963 944 100 ${String(100 + i)}`,
            shipping_method: "delivery:1",
            ready_date: "2026-12-08",
          }),
          { key: randomUUID() },
        ),
      ),
    );
    const statuses = responses.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(10);
    expect(statuses.filter((s) => s === 409)).toHaveLength(40);
    expect(responses.find((r) => r.statusCode === 409)!.json().code).toBe("day_full");
    expect(await ordersIn("Eid Rush")).toBe(10);
    expect(await stockOf(t.database.db, product)).toBe(90_000);
  });
});
