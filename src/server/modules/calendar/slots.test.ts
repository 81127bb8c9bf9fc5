import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { SLOT_MESSAGES } from "../../../shared/domain/delivery-slots.ts";
import { buildApp } from "../../app.ts";
import { loadConfig } from "../../config.ts";
import { type Database, openPostgres } from "../../db/client.ts";
import { createTestApp, type TestApp } from "../../test/app.ts";
import {
  ordersIn as countOrdersIn,
  createUserWithToken,
  type TestUser,
} from "../../test/fixtures.ts";
import { addProduct, orderBody, placeOrder } from "../orders/test-fixtures.ts";

// Wednesday 2 December 2026, 09:00 in Damascus (before the 14:00 cut-off): the window runs
// from today to Tuesday the 8th, Friday the 4th closed.
const NOW = new Date("2026-12-02T06:00:00Z");
const THURSDAY = "2026-12-03";

let t: TestApp;
let owner: TestUser;
let product: number;
beforeAll(async () => {
  vi.useFakeTimers({ now: NOW, toFake: ["Date"] });
  t = await createTestApp();
  owner = await createUserWithToken(t.app, { admin: true, name: "Owner Slots" });
  product = await addProduct(t.database.db, { stockGrams: null, options: [{ grams: 1000 }] });
});
afterAll(async () => {
  await t.close();
  vi.useRealTimers();
});

type SlotForm = { start: string; end: string; max_orders: number | null | string };

const form = async () => {
  const res = await t.app.inject({ url: "/api/admin/settings", headers: owner.auth });
  const { updated_at: _u, ...values } = res.json().data;
  return values;
};
const putSettings = (payload: unknown, headers = owner.auth) =>
  t.app.inject({ method: "PUT", url: "/api/admin/settings", headers, payload: payload as object });

async function setSlots(delivery: SlotForm[], pickup: SlotForm[] = []) {
  const before = await form();
  const locations = before.locations.map((l: object, i: number) => ({ ...l, pickup: i === 0 }));
  const res = await putSettings({
    ...before,
    locations,
    delivery_slots: delivery,
    pickup_slots: pickup,
  });
  expect(res.statusCode).toBe(200);
}

type QuotedDay = { date: string; slots?: { id: string; available: number | null }[] };
const quote = async (country = "SY") => {
  const res = await t.app.inject({
    method: "POST",
    url: "/api/shipping/quote",
    payload: { country, lines: [{ productId: product, grams: 1000, qty: 1 }] },
  });
  expect(res.statusCode).toBe(200);
  return res.json().data.methods as { id: string; days: QuotedDay[] }[];
};
const slotsOn = (days: QuotedDay[], day: string) =>
  days.find((d) => d.date === day)?.slots?.map((s) => `${s.id}:${s.available ?? "any"}`);

const order = (extra: Record<string, unknown>, app: FastifyInstance = t.app) =>
  placeOrder(
    app,
    orderBody([{ productId: product, grams: 1000, qty: 1 }], {
      shipping_method: "delivery:1",
      ...extra,
    }),
    { key: randomUUID() },
  );

const ordersIn = (city: string) => countOrdersIn(t.app, city);

describe("the owner's slots in the settings", () => {
  it("start with none: the quote's days carry no slots and orders no slot", async () => {
    const values = await form();
    expect(values.delivery_slots).toEqual([]);
    expect(values.pickup_slots).toEqual([]);
    const [delivery] = await quote();
    expect(delivery!.days[0]).toEqual({ date: "2026-12-02" });
    const placed = await order({ city: "No Slots" });
    expect(placed.statusCode).toBe(201);
    expect(placed.json().data.slot).toBeNull();
  });

  it.each([
    ["an end before its start", [{ start: "13:00", end: "10:00", max_orders: 5 }]],
    [
      "overlapping slots",
      [
        { start: "10:00", end: "13:00", max_orders: 5 },
        { start: "12:00", end: "15:00", max_orders: 5 },
      ],
    ],
    ["a negative maximum", [{ start: "10:00", end: "13:00", max_orders: -1 }]],
    ["a fractional maximum", [{ start: "10:00", end: "13:00", max_orders: 1.5 }]],
    ["words for a maximum", [{ start: "10:00", end: "13:00", max_orders: "many" }]],
    ["a time that is not HH:MM", [{ start: "10", end: "13:00", max_orders: 5 }]],
    ["not a list", "10-13"],
  ])("refuse %s with a 422 in the shop's wording, writing nothing", async (_name, slots) => {
    const before = await form();
    const res = await putSettings({ ...before, delivery_slots: slots });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBeTruthy();
    expect(JSON.stringify(res.json().errors)).toContain(SLOT_MESSAGES.SLOTS);
    expect((await form()).delivery_slots).toEqual(before.delivery_slots);
  });

  it("are the owner's: the orders role cannot save settings (403), a guest gets 401", async () => {
    const orderDesk = await createUserWithToken(t.app, { admin: true, roles: ["orders"] });
    const before = await form();
    const body = { ...before, delivery_slots: [{ start: "10:00", end: "13:00", max_orders: 1 }] };
    expect((await putSettings(body, orderDesk.auth)).statusCode).toBe(403);
    expect((await putSettings(body, {} as never)).statusCode).toBe(401);
    expect((await form()).delivery_slots).toEqual([]);
  });

  it("are saved in the order of the day, kept when an older form leaves them out, and recorded in the history", async () => {
    await setSlots(
      [
        { start: "17:00", end: "21:00", max_orders: 3 },
        { start: "10:00", end: "13:00", max_orders: 2 },
        { start: "13:00", end: "17:00", max_orders: "" },
      ],
      [{ start: "12:00", end: "20:00", max_orders: 1 }],
    );
    const saved = await form();
    expect(saved.delivery_slots).toEqual([
      { start: "10:00", end: "13:00", max_orders: 2 },
      { start: "13:00", end: "17:00", max_orders: null },
      { start: "17:00", end: "21:00", max_orders: 3 },
    ]);
    const { delivery_slots: _d, pickup_slots: _p, ...older } = saved;
    expect((await putSettings(older)).statusCode).toBe(200);
    expect((await form()).delivery_slots).toEqual(saved.delivery_slots);
    const history = await t.app.inject({
      url: "/api/admin/audit?entity=settings&entity_id=shop",
      headers: owner.auth,
    });
    expect(JSON.stringify(history.json().data)).toContain("10:00-13:00 (max 2)");
  });
});

describe("slots at checkout", () => {
  it("the quote offers each day's slots with room, by kind; abroad has none", async () => {
    const [delivery, pickup] = await quote();
    expect(delivery!.id).toBe("delivery:1");
    expect(slotsOn(delivery!.days, THURSDAY)).toEqual([
      "10:00-13:00:2",
      "13:00-17:00:any",
      "17:00-21:00:3",
    ]);
    expect(delivery!.days.find((d) => d.date === THURSDAY)!.slots![0]).toEqual({
      id: "10:00-13:00",
      label: "10:00–13:00",
      label_ar: "من 10:00 إلى 13:00",
      available: 2,
    });
    expect(pickup!.id).toBe("pickup:0");
    expect(slotsOn(pickup!.days, THURSDAY)).toEqual(["12:00-20:00:1"]);
    const [abroad] = await quote("QA");
    expect(abroad!.days[0]!.slots).toBeUndefined();
  });

  it("an order keeps its slot; the DTO, the desk and the pack list show it", async () => {
    const placed = await order({ city: "Slot Keeper", ready_date: THURSDAY, slot: "17:00-21:00" });
    expect(placed.statusCode).toBe(201);
    expect(placed.json().data.slot).toEqual({
      id: "17:00-21:00",
      label: "17:00–21:00",
      label_ar: "من 17:00 إلى 21:00",
    });
    const early = await order({ city: "Slot Keeper", ready_date: THURSDAY, slot: "10:00-13:00" });
    expect(early.statusCode).toBe(201);
    expect(slotsOn((await quote())[0]!.days, THURSDAY)).toEqual([
      "10:00-13:00:1",
      "13:00-17:00:any",
      "17:00-21:00:2",
    ]);
    const desk = await t.app.inject({
      url: `/api/admin/orders?ready_date=${THURSDAY}`,
      headers: owner.auth,
    });
    expect(desk.json().data.map((o: { slot: { id: string } | null }) => o.slot?.id)).toEqual(
      expect.arrayContaining(["17:00-21:00", "10:00-13:00"]),
    );
    const packs = await t.app.inject({
      url: `/api/admin/production/pack-list?date=${THURSDAY}`,
      headers: owner.auth,
    });
    expect(packs.statusCode).toBe(200);
    const ids = packs.json().data.map((o: { slot: { id: string } | null }) => o.slot?.id);
    // Slot order, whatever the order of placing.
    expect(ids).toEqual(["10:00-13:00", "17:00-21:00"]);
  });

  it("without a slot, an order gets the day's first slot with room (older clients)", async () => {
    const placed = await order({ city: "Older Client", ready_date: THURSDAY });
    expect(placed.statusCode).toBe(201);
    expect(placed.json().data.slot.id).toBe("10:00-13:00");
  });

  it("a full slot is a 409 naming it; the day is still offered with its other slots", async () => {
    const full = await order({ city: "Too Late", ready_date: THURSDAY, slot: "10:00-13:00" });
    expect(full.statusCode).toBe(409);
    expect(full.json()).toMatchObject({
      code: "slot_full",
      slot: "10:00-13:00",
      message:
        "Sorry, the 10:00–13:00 slot on Thursday, 3 December 2026 is now fully booked. Please choose another time.",
      errors: { slot: [expect.stringContaining("10:00–13:00")] },
    });
    expect(full.json().message_ar).toContain("من 10:00 إلى 13:00");
    expect(await ordersIn("Too Late")).toBe(0);
    expect(slotsOn((await quote())[0]!.days, THURSDAY)).toEqual([
      "13:00-17:00:any",
      "17:00-21:00:2",
    ]);
  });

  it.each([
    ["an unknown slot", { slot: "09:00-10:00" }, 422, "slot_unknown"],
    ["a pickup slot for a delivery", { slot: "12:00-20:00" }, 422, "slot_unknown"],
    ["a kitchen slot id", { slot: "k-12:30" }, 422, "slot_unknown"],
  ])("%s is refused", async (_name, extra, status, code) => {
    const res = await order({ city: "Wrong Slot", ready_date: THURSDAY, ...extra });
    expect(res.statusCode).toBe(status);
    expect(res.json()).toMatchObject({ code, errors: { slot: [SLOT_MESSAGES.SLOT_UNKNOWN] } });
    expect(await ordersIn("Wrong Slot")).toBe(0);
  });

  it.each([
    ["an empty slot", ""],
    ["a number", 10],
    ["a very long id", "x".repeat(41)],
  ])("%s is a 422", async (_name, slot) => {
    const res = await order({ city: "Bad Slot", ready_date: THURSDAY, slot });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.slot).toBeDefined();
  });

  it("a slot for an order abroad is a 422", async () => {
    const res = await order({
      city: "Abroad Slot",
      country: "QA",
      shipping_method: null,
      slot: "10:00-13:00",
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.slot).toEqual([SLOT_MESSAGES.SLOT_NOT_OFFERED]);
  });

  it("pickup slots fill on their own; a day whose every slot is full is no longer offered (409)", async () => {
    const pickup = (city: string) =>
      order({
        city,
        address: "",
        shipping_method: "pickup:0",
        ready_date: "2026-12-05",
        slot: "12:00-20:00",
      });
    expect((await pickup("First Pickup")).statusCode).toBe(201);
    const [, method] = await quote();
    expect(method!.days.map((d) => d.date)).not.toContain("2026-12-05");
    const second = await pickup("Second Pickup");
    expect(second.statusCode).toBe(409);
    expect(second.json().code).toBe("day_full");
    // Delivery slots of that day are untouched by the pickup.
    expect(slotsOn((await quote())[0]!.days, "2026-12-05")).toEqual([
      "10:00-13:00:2",
      "13:00-17:00:any",
      "17:00-21:00:3",
    ]);
  });
});

describe("racing for the last orders of a slot", () => {
  let second: { app: FastifyInstance; database: Database; dataDir: string } | null = null;
  beforeAll(async () => {
    // With PostgreSQL, a second instance with its own pool on the same database.
    if (!t.url) return;
    const database = await openPostgres(t.url, 10);
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-slots-"));
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

  it("20 concurrent orders for a slot taking 3: exactly 3 placed, 17 refused with 409", async () => {
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        order(
          {
            city: "Slot Rush",
            email: `slot${i}@example.com`,
            phone: `+963 944 200 ${String(100 + i)}`,
            ready_date: "2026-12-08",
            slot: "17:00-21:00",
          },
          second && i % 2 ? second.app : t.app,
        ),
      ),
    );
    const statuses = responses.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(3);
    expect(statuses.filter((s) => s === 409)).toHaveLength(17);
    expect(await ordersIn("Slot Rush")).toBe(3);
  });
});
