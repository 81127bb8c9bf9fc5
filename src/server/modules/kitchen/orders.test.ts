import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { count, eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { buildApp } from "../../app.ts";
import { loadConfig } from "../../config.ts";
import { type Database, openPostgres } from "../../db/client.ts";
import { coupons } from "../../db/schema/coupons.ts";
import { kitchenDishes } from "../../db/schema/kitchen.ts";
import { kitchenDishPortions, orderDishLines } from "../../db/schema/kitchen-orders.ts";
import { orders } from "../../db/schema/orders.ts";
import { mailOutbox } from "../../db/schema/orders-desk.ts";
import { createTestApp, type TestApp } from "../../test/app.ts";
import { createUserWithToken, type TestUser } from "../../test/fixtures.ts";
import { startSmtp } from "../../test/smtp.ts";
import { addProduct, placeOrder } from "../orders/test-fixtures.ts";

// Wednesday 2 December 2026, 09:00 in Damascus (UTC+3): today's 19:00 slot closes at 18:15.
const NOW = new Date("2026-12-02T06:00:00Z");
const TODAY = "2026-12-02";
const TOMORROW = "2026-12-03";

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let owner: TestUser;
let cook: TestUser;
let catalogue: TestUser;
let customer: TestUser;

const DELIVERY = {
  areas: [
    { name: "Mezzeh", name_ar: "المزة", fee: 3 },
    { name: "Malki", name_ar: "المالكي", fee: 2.5 },
  ],
  slots: { from: "12:00", to: "22:00", every_minutes: 30, max_orders: 3, lead_minutes: 45 },
};

beforeAll(async () => {
  vi.useFakeTimers({ now: NOW, toFake: ["Date"] });
  // A real SMTP server on loopback: the shop sends e-mail, so the kitchen's steps queue them.
  smtp = await startSmtp();
  t = await createTestApp({
    env: {
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      MAIL_FROM: "Shop <shop@example.com>",
      PUBLIC_URL: "https://shop.example.com",
    },
  });
  owner = await createUserWithToken(t.app, { admin: true, name: "Owner Kitchen" });
  cook = await createUserWithToken(t.app, { admin: true, roles: ["kitchen"], name: "Cook" });
  catalogue = await createUserWithToken(t.app, { admin: true, roles: ["catalogue"] });
  customer = await createUserWithToken(t.app);
  const res = await t.app.inject({
    method: "PUT",
    url: "/api/admin/kitchen/delivery",
    headers: owner.auth,
    payload: DELIVERY,
  });
  expect(res.statusCode).toBe(200);
});
afterAll(async () => {
  await t.close();
  await smtp.close();
  vi.useRealTimers();
});

let n = 0;
async function addDish(
  opts: {
    title?: string;
    priceCents?: number | null;
    portionsPerDay?: number | null;
    weekdays?: number[];
    soldOutOn?: string | null;
  } = {},
): Promise<number> {
  n += 1;
  const [row] = await t.database.db
    .insert(kitchenDishes)
    .values({
      titleEn: opts.title ?? `Dish ${n}`,
      titleAr: `طبق ${n}`,
      priceCents: opts.priceCents === undefined ? 800 : opts.priceCents,
      portionsPerDay: opts.portionsPerDay ?? null,
      weekdays: opts.weekdays ?? [],
      soldOutOn: opts.soldOutOn ?? null,
    })
    .returning({ id: kitchenDishes.id });
  return row!.id;
}

let buyer = 0;
/** A guest's order of dishes (each order its own buyer, so none queue on a customer row). */
function dishOrder(lines: unknown[], extra: Record<string, unknown> = {}) {
  buyer += 1;
  return {
    name: "Rana Khoury",
    phone: `+963 955 ${String(100000 + buyer)}`,
    email: `rana${buyer}@example.com`,
    country: "SY",
    city: "Damascus",
    address: "Mezzeh Villas, building 4",
    notes: "Extra bread please",
    payment_method: "cod",
    shipping_method: "kitchen:0",
    ready_date: TODAY,
    // Slots take 3 orders each: orders spread over the afternoon unless a test names one.
    slot: `k-${14 + (buyer % 3)}:${buyer % 2 ? "30" : "00"}`,
    lines,
    ...extra,
  };
}

const orderCount = async () => {
  const [row] = await t.database.db.select({ n: count() }).from(orders);
  return row!.n;
};
const soldOf = async (dishId: number, day = TODAY) => {
  const [row] = await t.database.db
    .select({ sold: kitchenDishPortions.sold })
    .from(kitchenDishPortions)
    .where(sql`${kitchenDishPortions.dishId} = ${dishId} and ${kitchenDishPortions.day} = ${day}`);
  return row?.sold ?? 0;
};

describe("GET/PUT /api/admin/kitchen/delivery", () => {
  it("answers what was saved, with the defaults for the other rules", async () => {
    const res = await t.app.inject({ url: "/api/admin/kitchen/delivery", headers: cook.auth });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      ...DELIVERY,
      pickup_location: null,
      dish_discount: false,
      bank_transfer_same_day: false,
    });
  });

  it.each([
    [{ areas: [{ name: "", name_ar: "x", fee: 1 }], slots: DELIVERY.slots }, "areas.0.name"],
    [{ areas: [{ name: "A", name_ar: "x", fee: -1 }], slots: DELIVERY.slots }, "areas.0.fee"],
    [{ areas: [], slots: { ...DELIVERY.slots, from: "25:00" } }, "slots.from"],
    [{ areas: [], slots: { ...DELIVERY.slots, every_minutes: 5 } }, "slots.every_minutes"],
    [{ areas: [], slots: { ...DELIVERY.slots, max_orders: 0 } }, "slots.max_orders"],
    [{ areas: [], slots: { ...DELIVERY.slots, lead_minutes: -5 } }, "slots.lead_minutes"],
    [
      {
        areas: [
          { name: "Mezzeh", name_ar: "x", fee: 1 },
          { name: "mezzeh", name_ar: "y", fee: 1 },
        ],
        slots: DELIVERY.slots,
      },
      "areas.1.name",
    ],
  ])("%j is a 422 keyed %s, nothing saved", async (payload, key) => {
    const res = await t.app.inject({
      method: "PUT",
      url: "/api/admin/kitchen/delivery",
      headers: owner.auth,
      payload,
    });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors)).toContain(key);
    const now = await t.app.inject({ url: "/api/admin/kitchen/delivery", headers: owner.auth });
    expect(now.json().data.areas).toEqual(DELIVERY.areas);
  });

  it("401 without a token, 403 for a customer and for the catalogue role", async () => {
    expect((await t.app.inject({ url: "/api/admin/kitchen/delivery" })).statusCode).toBe(401);
    const asCustomer = await t.app.inject({
      url: "/api/admin/kitchen/delivery",
      headers: customer.auth,
    });
    expect(asCustomer.statusCode).toBe(403);
    const asCatalogue = await t.app.inject({
      method: "PUT",
      url: "/api/admin/kitchen/delivery",
      headers: catalogue.auth,
      payload: DELIVERY,
    });
    expect(asCatalogue.statusCode).toBe(403);
  });
});

describe("portions per day and the menu", () => {
  it("PUT /api/admin/kitchen/{id} sets portions_per_day; null is no limit; 0 is refused", async () => {
    const id = await addDish();
    const put = (portions: unknown) =>
      t.app.inject({
        method: "PUT",
        url: `/api/admin/kitchen/${id}`,
        headers: cook.auth,
        payload: { portions_per_day: portions },
      });
    const set = await put(12);
    expect(set.statusCode).toBe(200);
    expect(set.json().data.portions_per_day).toBe(12);
    expect((await put(0)).statusCode).toBe(422);
    expect((await put(2.5)).statusCode).toBe(422);
    expect((await put(null)).json().data.portions_per_day).toBeNull();
  });

  it("the menu says orderable and portions left, and sold out by itself when they are gone", async () => {
    const limited = await addDish({ portionsPerDay: 2 });
    const free = await addDish();
    const noPrice = await addDish({ priceCents: null });
    const menu = async () => {
      const res = await t.app.inject({ url: "/api/kitchen?filter=today" });
      const byId = new Map(res.json().data.map((d: { id: number }) => [d.id, d]));
      return (id: number) =>
        byId.get(id) as { orderable: boolean; portions_left: number | null; sold_out: boolean };
    };
    let dish = await menu();
    expect(dish(limited)).toMatchObject({ orderable: true, portions_left: 2, sold_out: false });
    expect(dish(free)).toMatchObject({ orderable: true, portions_left: null, sold_out: false });
    expect(dish(noPrice)).toMatchObject({ orderable: false, sold_out: false });

    const res = await placeOrder(t.app, dishOrder([{ dishId: limited, portions: 2 }]));
    expect(res.statusCode).toBe(201);
    dish = await menu();
    expect(dish(limited)).toMatchObject({ orderable: false, portions_left: 0, sold_out: true });
  });
});

describe("POST /api/shipping/quote with a dish", () => {
  it("offers the listed areas with their fees and pickup at the kitchen, each day with its slots", async () => {
    const soup = await addDish();
    const sweet = await addProduct(t.database.db);
    const res = await t.app.inject({
      method: "POST",
      url: "/api/shipping/quote",
      payload: {
        country: "SY",
        lines: [
          { productId: sweet, grams: 1000, qty: 1 },
          { dishId: soup, portions: 2 },
        ],
      },
    });
    expect(res.statusCode).toBe(200);
    const { methods } = res.json().data;
    expect(
      methods.map((m: { id: string; fee: number; kind: string }) => [m.id, m.kind, m.fee]),
    ).toEqual([
      ["kitchen:0", "delivery", 3],
      ["kitchen:1", "delivery", 2.5],
      ["pickup:1", "pickup", 0],
    ]);
    const days = methods[0].days;
    expect(days.map((d: { date: string }) => d.date)).toEqual([TODAY, TOMORROW]);
    expect(days[0].slots[0]).toEqual({
      id: "k-12:00",
      label: "12:00–12:30",
      label_ar: "12:00–12:30",
      available: 3,
    });
    expect(days[0].slots.at(-1).id).toBe("k-21:30");
  });

  it("a dish going abroad is refused, naming the lines that cannot travel", async () => {
    const soup = await addDish({ title: "Lentil soup" });
    const sweet = await addProduct(t.database.db);
    const res = await t.app.inject({
      method: "POST",
      url: "/api/shipping/quote",
      payload: {
        country: "DE",
        lines: [
          { productId: sweet, grams: 1000, qty: 1 },
          { dishId: soup, portions: 1 },
        ],
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ ok: false, reason: "dishes_abroad", lines: [1] });
    expect(res.json().data.message).toContain("Lentil soup cannot travel abroad");
  });

  it.each([
    [{ dishId: 1, portions: 0 }, "dishes.0.portions"],
    [{ dishId: 1, portions: 21 }, "dishes.0.portions"],
    [{ dishId: "x", portions: 1 }, "dishes.0.dishId"],
  ])("%j is a 422 keyed %s", async (line, key) => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/shipping/quote",
      payload: { country: "SY", lines: [line] },
    });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors)).toContain(key);
  });
});

describe("POST /api/orders with dishes", () => {
  it("two portions for the 19:00 slot: the order keeps the slot, the dishes and the area's fee", async () => {
    const soup = await addDish({ title: "Molokhia", priceCents: 950, portionsPerDay: 10 });
    const res = await placeOrder(
      t.app,
      dishOrder([{ dishId: soup, portions: 2 }], { slot: "k-19:00" }),
    );
    expect(res.statusCode).toBe(201);
    const order = res.json().data;
    expect(order.slot).toEqual({ id: "k-19:00", label: "From 19:00", label_ar: "ابتداءً من 19:00" });
    expect(order.ready_date).toBe(TODAY);
    expect(order.dishes).toEqual([
      {
        dish_id: soup,
        name: "Molokhia",
        name_ar: expect.any(String),
        portions: 2,
        unit_price: 9.5,
        line_total: 19,
      },
    ]);
    expect(order.lines).toEqual([]);
    // The standing discount is for sweets only: the dishes pay full price, plus Mezzeh's fee.
    expect(order).toMatchObject({ subtotal: 19, discount: 0, delivery_fee: 3, total: 22 });
    expect(order.shipping).toMatchObject({ method: "kitchen:0", zone: "Mezzeh", zone_ar: "المزة" });
    expect(order.kitchen).toEqual({
      steps: ["preparing", "ready", "out_for_delivery", "delivered"],
      step: null,
      done: [],
    });
    expect(await soldOf(soup)).toBe(2);
    const [row] = await t.database.db
      .select({ slot: orders.slot })
      .from(orders)
      .where(eq(orders.number, order.number));
    expect(row!.slot).toBe("k-19:00");
  });

  it("a mixed cart goes on the dish's slot; the standing discount takes the sweets only", async () => {
    const soup = await addDish({ priceCents: 1000 });
    const sweet = await addProduct(t.database.db, { priceCents: 2000 });
    const res = await placeOrder(
      t.app,
      dishOrder([
        { productId: sweet, grams: 1000, qty: 1 },
        { dishId: soup, portions: 1 },
      ]),
    );
    expect(res.statusCode).toBe(201);
    const order = res.json().data;
    expect(order).toMatchObject({ subtotal: 30, discount: 4, delivery_fee: 3, total: 29 });
    expect(order.lines).toHaveLength(1);
    expect(order.dishes).toHaveLength(1);
    expect(order.slot.id).toMatch(/^k-1[4-6]:[03]0$/);
  });

  it("a coupon for dishes only takes off the dishes; the cart's price agrees with the order", async () => {
    const soup = await addDish({ priceCents: 4000 });
    const sweet = await addProduct(t.database.db, { priceCents: 2000 });
    await t.database.db
      .insert(coupons)
      .values({ code: "SOUP50", discountPercent: 50, appliesTo: "dishes" });
    const lines = [
      { productId: sweet, grams: 1000, qty: 1 },
      { dishId: soup, portions: 1 },
    ];
    // 50% of the dish (20.00) beats the standing 20% of the sweets (4.00).
    const price = await t.app.inject({
      method: "POST",
      url: "/api/cart/price",
      payload: { lines, coupon: "soup50", country: "SY", shipping_method: "kitchen:0" },
    });
    expect(price.statusCode).toBe(200);
    expect(price.json().data).toMatchObject({
      subtotal: 60,
      discount: 20,
      discount_source: "coupon",
      delivery_fee: 3,
      total: 43,
      coupon: { code: "SOUP50", applies: true },
    });
    const res = await placeOrder(t.app, { ...dishOrder(lines), coupon: "SOUP50" });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ subtotal: 60, discount: 20, total: 43 });
  });

  it("the same Idempotency-Key gives the same order back and takes the portions once", async () => {
    const soup = await addDish({ portionsPerDay: 5 });
    const body = dishOrder([{ dishId: soup, portions: 2 }]);
    const key = randomUUID();
    const first = await placeOrder(t.app, body, { key });
    const again = await placeOrder(t.app, body, { key });
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(200);
    expect(again.json().data.number).toBe(first.json().data.number);
    expect(again.json().data.dishes).toHaveLength(1);
    expect(await soldOf(soup)).toBe(2);
  });

  it("pickup at the kitchen needs no address", async () => {
    const soup = await addDish();
    const res = await placeOrder(
      t.app,
      dishOrder([{ dishId: soup, portions: 1 }], {
        shipping_method: "pickup:1",
        city: "",
        address: "",
        slot: "k-20:00",
      }),
    );
    expect(res.statusCode).toBe(201);
    expect(res.json().data.delivery_fee).toBe(0);
    expect(res.json().data.kitchen.steps).toEqual(["preparing", "ready", "picked_up"]);
  });

  describe("bad input: a 422 or 409 with { message, errors }, nothing written", () => {
    it.each([
      ["0 portions", () => [{ dishId: 1, portions: 0 }], {}, 422, "dishes.0.portions"],
      ["21 portions", () => [{ dishId: 1, portions: 21 }], {}, 422, "dishes.0.portions"],
      ["an unknown dish", () => [{ dishId: 999_999, portions: 1 }], {}, 422, "lines.0"],
      [
        "a dish without a price",
        async () => [{ dishId: await addDish({ priceCents: null }), portions: 1 }],
        {},
        422,
        "lines.0",
      ],
      [
        "a dish not cooked that day",
        // Wednesday is 3: cooked on Fridays only.
        async () => [{ dishId: await addDish({ weekdays: [5] }), portions: 1 }],
        {},
        422,
        "lines.0",
      ],
      [
        "a dish switched sold out",
        async () => [{ dishId: await addDish({ soldOutOn: TODAY }), portions: 1 }],
        {},
        409,
        "lines.0",
      ],
      [
        "more portions than are left",
        async () => [{ dishId: await addDish({ portionsPerDay: 2 }), portions: 3 }],
        {},
        409,
        "lines.0",
      ],
      [
        "a day after tomorrow",
        async () => [{ dishId: await addDish(), portions: 1 }],
        { ready_date: "2026-12-04" },
        422,
        "ready_date",
      ],
      [
        "no slot",
        async () => [{ dishId: await addDish(), portions: 1 }],
        { slot: null },
        422,
        "slot",
      ],
      [
        "a slot the kitchen does not have",
        async () => [{ dishId: await addDish(), portions: 1 }],
        { slot: "k-19:15" },
        422,
        "slot",
      ],
      [
        "an open slot: 12:00 closes at 11:15",
        async () => [{ dishId: await addDish(), portions: 1 }],
        { slot: "k-12:00" },
        null,
        null,
      ],
      [
        "an area not listed",
        async () => [{ dishId: await addDish(), portions: 1 }],
        { shipping_method: "kitchen:7" },
        422,
        "shipping_method",
      ],
      [
        "a sweets zone for a dish",
        async () => [{ dishId: await addDish(), portions: 1 }],
        { shipping_method: "delivery:1" },
        422,
        "shipping_method",
      ],
      [
        "a dish going abroad",
        async () => [{ dishId: await addDish(), portions: 1 }],
        { country: "DE" },
        422,
        "lines.0",
      ],
      [
        "bank transfer for today's dishes",
        async () => [{ dishId: await addDish(), portions: 1 }],
        { payment_method: "bank_transfer" },
        422,
        "payment_method",
      ],
    ] as const)("%s", async (_name, lines, extra, status, key) => {
      const before = await orderCount();
      const res = await placeOrder(t.app, dishOrder(await lines(), extra));
      if (status === null) {
        expect(res.statusCode).toBe(201);
        return;
      }
      expect(res.statusCode).toBe(status);
      expect(typeof res.json().message).toBe("string");
      expect(Object.keys(res.json().errors)).toContain(key);
      expect(await orderCount()).toBe(before);
    });

    it("a slot that has closed (the lead time) is refused", async () => {
      vi.setSystemTime(new Date("2026-12-02T15:15:00Z")); // 18:15: the 19:00 slot has closed
      try {
        const before = await orderCount();
        const res = await placeOrder(t.app, dishOrder([{ dishId: await addDish(), portions: 1 }]));
        expect(res.statusCode).toBe(422);
        expect(res.json()).toMatchObject({
          message: "This delivery time has closed. Please choose a later one.",
          code: "slot_closed",
        });
        expect(await orderCount()).toBe(before);
      } finally {
        vi.setSystemTime(NOW);
      }
    });

    it("answers in the request's language", async () => {
      const res = await placeOrder(
        t.app,
        dishOrder([{ dishId: await addDish({ soldOutOn: TODAY, title: "Mansaf" }), portions: 1 }], {
          lang: "ar",
        }),
      );
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toMatch(/^عذراً، نفدت كمية /);
      const en = await placeOrder(
        t.app,
        dishOrder([{ dishId: await addDish({ soldOutOn: TODAY, title: "Mansaf" }), portions: 1 }]),
      );
      expect(en.json().message).toBe("Sorry, Mansaf is sold out.");
    });

    it("a full slot is a 409", async () => {
      const dish = await addDish();
      for (let i = 0; i < 3; i++) {
        const ok = await placeOrder(
          t.app,
          dishOrder([{ dishId: dish, portions: 1 }], { slot: "k-21:00" }),
        );
        expect(ok.statusCode).toBe(201);
      }
      const before = await orderCount();
      const full = await placeOrder(
        t.app,
        dishOrder([{ dishId: dish, portions: 1 }], { slot: "k-21:00" }),
      );
      expect(full.statusCode).toBe(409);
      expect(full.json()).toMatchObject({
        code: "slot_full",
        errors: { slot: [expect.any(String)] },
      });
      expect(await orderCount()).toBe(before);
      expect(await soldOf(dish)).toBe(3);
    });
  });
});

describe("the kitchen screen", () => {
  it("lists today's dish orders by slot; one tap at a time through the steps; the customer's page follows", async () => {
    const dish = await addDish({ title: "Kibbeh" });
    const placed = await placeOrder(
      t.app,
      dishOrder([{ dishId: dish, portions: 2 }], { slot: "k-13:00", notes: "No onions" }),
    );
    expect(placed.statusCode).toBe(201);
    const { number, access_key: key } = placed.json().data;

    const list = await t.app.inject({ url: "/api/admin/kitchen/orders", headers: cook.auth });
    expect(list.statusCode).toBe(200);
    expect(list.json().meta.date).toBe(TODAY);
    const card = list.json().data.find((c: { number: string }) => c.number === number);
    expect(card).toMatchObject({
      slot: { id: "k-13:00" },
      status: null,
      next: "preparing",
      kind: "delivery",
      lines: [{ kind: "dish", name: "Kibbeh", qty: 2, grams: null }],
      notes: "No onions",
      address: { area: "Mezzeh", address: "Mezzeh Villas, building 4" },
    });
    const slots = list.json().data.map((c: { slot: { id: string } }) => c.slot.id);
    expect(slots).toEqual([...slots].sort());

    const step = (s: string, who = cook) =>
      t.app.inject({
        method: "POST",
        url: `/api/admin/kitchen/orders/${card.id}/step`,
        headers: who.auth,
        payload: { step: s },
      });
    const early = await step("delivered");
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ code: "step_out_of_order", next: "preparing" });
    expect((await step("preparing", catalogue)).statusCode).toBe(403);
    expect((await step("boiling")).statusCode).toBe(422);

    const mailsBefore = await t.database.db.select({ n: count() }).from(mailOutbox);
    for (const s of ["preparing", "ready", "out_for_delivery"]) {
      const res = await step(s);
      expect(res.statusCode).toBe(200);
      expect(res.json().data.status).toBe(s);
    }
    expect((await step("ready")).statusCode).toBe(409);

    const page = await t.app.inject({ url: `/api/orders/${number}?key=${key}` });
    expect(page.statusCode).toBe(200);
    expect(page.json().data.status).toBe("shipped");
    expect(page.json().data.kitchen.step).toBe("out_for_delivery");
    expect(page.json().data.kitchen.done.map((d: { step: string }) => d.step)).toEqual([
      "preparing",
      "ready",
      "out_for_delivery",
    ]);
    const mailsAfter = await t.database.db.select({ n: count() }).from(mailOutbox);
    // The outbox only grows (the placed order's confirmation came before the steps).
    expect(mailsAfter[0]!.n).toBeGreaterThanOrEqual(mailsBefore[0]!.n);

    const done = await step("delivered");
    expect(done.json().data).toMatchObject({
      status: "delivered",
      next: null,
      order_status: "completed",
    });
  });

  describe("the customer's e-mails for the steps, in the order's language, once each", () => {
    async function placeAndStep(extra: Record<string, unknown>, lang: "en" | "ar") {
      const dish = await addDish({ title: "Fatteh" });
      const body = dishOrder([{ dishId: dish, portions: 1 }], { ...extra, lang });
      const placed = await placeOrder(t.app, body);
      expect(placed.statusCode).toBe(201);
      const [row] = await t.database.db
        .select({ id: orders.id, lang: orders.lang })
        .from(orders)
        .where(eq(orders.number, placed.json().data.number));
      expect(row!.lang).toBe(lang);
      const step = (s: string) =>
        t.app.inject({
          method: "POST",
          url: `/api/admin/kitchen/orders/${row!.id}/step`,
          headers: cook.auth,
          payload: { step: s },
        });
      const mails = () =>
        t.database.db
          .select()
          .from(mailOutbox)
          .where(eq(mailOutbox.to, body.email as string))
          .orderBy(mailOutbox.id);
      return { number: placed.json().data.number as string, step, mails };
    }
    const stepMails = async (mails: () => Promise<(typeof mailOutbox.$inferSelect)[]>) =>
      (await mails()).filter((m) => m.kind !== "order_confirmation");

    it("a delivery: on its way, then delivered (nothing for preparing and ready); a repeated step queues nothing", async () => {
      const { number, step, mails } = await placeAndStep({ slot: "k-18:00" }, "en");
      for (const s of ["preparing", "ready"]) expect((await step(s)).statusCode).toBe(200);
      expect(await stepMails(mails)).toHaveLength(0);
      expect((await step("out_for_delivery")).statusCode).toBe(200);
      expect((await step("delivered")).statusCode).toBe(200);
      // Two tablets tapping the last step again: a 409, no second e-mail.
      expect((await step("delivered")).statusCode).toBe(409);
      const sent = await stepMails(mails);
      expect(sent.map((m) => m.kind)).toEqual(["order_shipped", "order_completed"]);
      expect(sent[0]!.subject).toBe(`Your order ${number} is on its way – Golden Syrup Sweets`);
      expect(sent[1]!.subject).toBe(
        `Your order ${number} has been delivered – Golden Syrup Sweets`,
      );
      expect(sent[1]!.text).toContain(`Your order ${number} has been delivered. Enjoy your meal!`);
      expect(sent[1]!.text).not.toContain("sweets!");
    });

    it("a pickup in Arabic: ready to collect with where, then collected", async () => {
      const { number, step, mails } = await placeAndStep(
        { shipping_method: "pickup:1", city: "", address: "", slot: "k-20:30" },
        "ar",
      );
      expect((await step("preparing")).statusCode).toBe(200);
      expect(await stepMails(mails)).toHaveLength(0);
      expect((await step("ready")).statusCode).toBe(200);
      const [ready] = await stepMails(mails);
      expect(ready).toMatchObject({
        kind: "order_shipped",
        subject: `طلبك ${number} جاهز للاستلام – حلويات القطر الذهبي`,
      });
      expect(ready!.text).toContain(`طلبك ${number} جاهز: يمكنك استلامه الآن.`);
      // Where to collect it: the pickup point's address, in the order's language.
      expect(ready!.text).toMatch(/الاستلام من: .+/);
      expect(ready!.html).toContain('dir="rtl"');
      expect((await step("ready")).statusCode).toBe(409);
      expect((await step("picked_up")).statusCode).toBe(200);
      const sent = await stepMails(mails);
      expect(sent.map((m) => m.kind)).toEqual(["order_shipped", "order_completed"]);
      expect(sent[1]!.subject).toBe(`استلمتَ طلبك ${number} – حلويات القطر الذهبي`);
      expect(sent[1]!.text).toContain(`استلمتَ طلبك ${number}. بالهناء والشفاء!`);
    });
  });

  it("a mixed order keeps the sweets' status; the steps show beside it", async () => {
    const dish = await addDish();
    const sweet = await addProduct(t.database.db);
    const placed = await placeOrder(
      t.app,
      dishOrder([
        { dishId: dish, portions: 1 },
        { productId: sweet, grams: 1000, qty: 1 },
      ]),
    );
    const [row] = await t.database.db
      .select({ id: orders.id })
      .from(orders)
      .where(eq(orders.number, placed.json().data.number));
    const res = await t.app.inject({
      method: "POST",
      url: `/api/admin/kitchen/orders/${row!.id}/step`,
      headers: owner.auth,
      payload: { step: "preparing" },
    });
    expect(res.json().data).toMatchObject({ status: "preparing", order_status: "pending" });
  });

  it("401 without a token, 403 for the catalogue role, 400 for a bad date", async () => {
    expect((await t.app.inject({ url: "/api/admin/kitchen/orders" })).statusCode).toBe(401);
    const other = await t.app.inject({ url: "/api/admin/kitchen/orders", headers: catalogue.auth });
    expect(other.statusCode).toBe(403);
    const bad = await t.app.inject({
      url: "/api/admin/kitchen/orders?date=2026-13-01",
      headers: cook.auth,
    });
    expect(bad.statusCode).toBe(400);
  });

  it("an order without a dish is not the kitchen's: 404", async () => {
    const sweet = await addProduct(t.database.db);
    const placed = await placeOrder(t.app, {
      ...dishOrder([{ productId: sweet, grams: 1000, qty: 1 }]),
      shipping_method: null,
      slot: null,
    });
    expect(placed.statusCode).toBe(201);
    const [row] = await t.database.db
      .select({ id: orders.id })
      .from(orders)
      .where(eq(orders.number, placed.json().data.number));
    const res = await t.app.inject({
      method: "POST",
      url: `/api/admin/kitchen/orders/${row!.id}/step`,
      headers: cook.auth,
      payload: { step: "preparing" },
    });
    expect(res.statusCode).toBe(404);
  });
});

describe("racing for the last portions and the last places in a slot", () => {
  let second: { app: FastifyInstance; database: Database; dataDir: string } | null = null;
  beforeAll(async () => {
    // With PostgreSQL, a second instance with its own pool on the same database.
    if (!t.url) return;
    const database = await openPostgres(t.url, 10);
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-kitchen-"));
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

  const race = (dish: number, slots: (i: number) => string) =>
    Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        placeOrder(
          second && i % 2 ? second.app : t.app,
          dishOrder([{ dishId: dish, portions: 1 }], { slot: slots(i) }),
          { key: randomUUID() },
        ),
      ),
    );

  it("30 concurrent orders for a dish with 10 portions left: exactly 10 portions sold", async () => {
    const dish = await addDish({ portionsPerDay: 10 });
    // Spread over ten slots with room for 3 each: only the portions limit the race.
    const responses = await race(dish, (i) => `k-${String(12 + (i % 10)).padStart(2, "0")}:30`);
    const statuses = responses.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(10);
    expect(statuses.filter((s) => s === 409)).toHaveLength(20);
    expect(await soldOf(dish)).toBe(10);
    const [lines] = await t.database.db
      .select({ portions: sql<string>`coalesce(sum(${orderDishLines.portions}), 0)` })
      .from(orderDishLines)
      .where(eq(orderDishLines.dishId, dish));
    expect(Number(lines!.portions)).toBe(10);
  });

  it("30 concurrent orders for a slot with room for 3: exactly 3 placed", async () => {
    const dish = await addDish();
    const responses = await race(dish, () => "k-17:00");
    const statuses = responses.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(3);
    expect(statuses.filter((s) => s === 409)).toHaveLength(27);
    expect(responses.find((r) => r.statusCode === 409)!.json().code).toBe("slot_full");
    const [row] = await t.database.db
      .select({ n: count() })
      .from(orders)
      .where(sql`${orders.slot} = 'k-17:00' and ${orders.readyDate} = ${TODAY}`);
    expect(row!.n).toBe(3);
    expect(await soldOf(dish)).toBe(3);
  });
});
