import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { ORDER_LOOKUP_MESSAGES } from "../../../shared/schemas/order-lookup.ts";
import { createTestApp, type TestApp } from "../../test/app.ts";
import { LOOKUP_KEY_LIFETIME_MS, LOOKUP_LIMITS } from "./lookup.ts";
import { addProduct, orderBody, placeOrder } from "./test-fixtures.ts";

/** Issue 25: "find my order" by number and the e-mail or phone it was placed with. */

let t: TestApp;
let productId: number;
beforeAll(async () => {
  t = await createTestApp();
  productId = await addProduct(t.database.db);
});
afterAll(() => t.close());
afterEach(() => vi.useRealTimers());

let placed = 0;
async function guestOrder(extra: Record<string, unknown> = {}) {
  placed += 1;
  const res = await placeOrder(
    t.app,
    orderBody([{ productId, grams: 1000, qty: 1 }], {
      email: `finder${placed}@example.com`,
      phone: "+963 944 000 111",
      ...extra,
    }),
  );
  expect(res.statusCode).toBe(201);
  const { number, access_key, email } = res.json().data;
  return { number: number as string, key: access_key as string, email: email as string };
}

const lookup = (app: TestApp["app"], payload: unknown, remoteAddress = "127.0.0.1") =>
  app.inject({
    method: "POST",
    url: "/api/orders/lookup",
    payload: payload as object,
    remoteAddress,
  });

/** The API read behind a page address (`/order/N?key=…`) or an API path (`/orders/N?key=…`). */
const openPage = (url: string) =>
  t.app.inject({ method: "GET", url: `/api${url.replace(/^\/order\//, "/orders/")}` });

const NOT_FOUND = { message: ORDER_LOOKUP_MESSAGES.NOT_FOUND };

describe("POST /api/orders/lookup", () => {
  it.each([
    ["the e-mail in another letter case", (o: { email: string }) => ` ${o.email.toUpperCase()} `],
    ["the phone as typed", () => "+963 944 000 111"],
    ["the phone the domestic way", () => "0944 000 111"],
    ["the phone with 00", () => "00963944000111"],
  ])("the right number and %s opens the private page", async (_case, contact) => {
    const order = await guestOrder();
    const res = await lookup(t.app, {
      number: order.number.toLowerCase(),
      contact: contact(order),
    });
    expect(res.statusCode).toBe(200);
    const { url } = res.json().data;
    expect(url).toMatch(new RegExp(`^/order/${order.number}\\?key=[A-Za-z0-9_-]{43}$`));
    const page = await openPage(url);
    expect(page.statusCode).toBe(200);
    expect(page.json().data.number).toBe(order.number);
    // The link the placer got keeps working beside the new one.
    expect((await openPage(`/orders/${order.number}?key=${order.key}`)).statusCode).toBe(200);
  });

  it("a wrong e-mail, a wrong phone and an unknown number answer the very same 404", async () => {
    const order = await guestOrder();
    const other = await guestOrder({ phone: "+963 933 555 777" });
    const answers = await Promise.all([
      lookup(t.app, { number: order.number, contact: other.email }),
      lookup(t.app, { number: order.number, contact: "0933 555 777" }),
      lookup(t.app, { number: order.number, contact: "000 111" }),
      lookup(t.app, { number: "SW-99999999", contact: order.email }),
      lookup(t.app, { number: "no-such-thing", contact: "+963 944 000 111" }),
    ]);
    for (const res of answers) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(NOT_FOUND);
    }
    const bodies = new Set(answers.map((res) => res.body));
    expect(bodies.size).toBe(1);
  });

  it("a found link opens only its own order, and not after 30 days", async () => {
    const order = await guestOrder();
    const other = await guestOrder();
    const { url } = (await lookup(t.app, { number: order.number, contact: order.email })).json()
      .data;
    const key = new URL(url, "http://shop").searchParams.get("key");
    expect((await openPage(`/orders/${other.number}?key=${key}`)).statusCode).toBe(404);
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + LOOKUP_KEY_LIFETIME_MS + 60_000);
    expect((await openPage(url)).statusCode).toBe(404);
    expect((await openPage(`/orders/${order.number}?key=${order.key}`)).statusCode).toBe(200);
  });

  it("an order placed with a phone only is found by that phone, never by an e-mail", async () => {
    const order = await guestOrder({ email: null, phone: "+974 5555 1234" });
    expect((await lookup(t.app, { number: order.number, contact: "55551234" })).statusCode).toBe(
      200,
    );
    const byEmail = await lookup(t.app, { number: order.number, contact: "nobody@invalid" });
    expect(byEmail.statusCode).toBe(404);
  });

  it.each([
    [{}, "number", ORDER_LOOKUP_MESSAGES.NUMBER_REQUIRED],
    [{ number: "SW-1" }, "contact", ORDER_LOOKUP_MESSAGES.CONTACT_REQUIRED],
    [{ number: "  ", contact: "a@b.c" }, "number", ORDER_LOOKUP_MESSAGES.NUMBER_REQUIRED],
    [{ number: "SW-1", contact: "x".repeat(300) }, "contact", ORDER_LOOKUP_MESSAGES.TOO_LONG],
    [{ number: 5, contact: "a@b.c" }, "number", ORDER_LOOKUP_MESSAGES.NUMBER_REQUIRED],
  ])("%j is a 422 keyed by the field", async (payload, field, message) => {
    const res = await lookup(t.app, payload);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[field]).toEqual([message]);
  });
});

describe("limits (every try counts, wrong ones included)", () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({ rateLimit: true });
    await addProduct(limited.database.db);
  });
  afterAll(() => limited.close());

  async function orderIn(app: TestApp) {
    const id = await addProduct(app.database.db);
    const res = await placeOrder(app.app, orderBody([{ productId: id, grams: 1000, qty: 1 }]));
    return res.json().data as { number: string; email: string };
  }

  let host = 0;
  const address = () => `10.77.0.${++host}`;

  it("guesses at one order's contact from many addresses end in 429, for the right pair too", async () => {
    const order = await orderIn(limited);
    for (let i = 0; i < LOOKUP_LIMITS.perNumber.max; i++) {
      const res = await lookup(
        limited.app,
        { number: order.number, contact: `guess${i}@example.com` },
        address(),
      );
      expect(res.statusCode).toBe(404);
    }
    const right = await lookup(
      limited.app,
      { number: order.number, contact: order.email },
      address(),
    );
    expect(right.statusCode).toBe(429);
    expect(right.json().message).toEqual(expect.any(String));
    expect(Number(right.headers["retry-after"])).toBeGreaterThan(0);
  });

  it("guesses at one person's order numbers: an address that already tried waits, wherever it moves its guesses", async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: new Date() });
    const from = address();
    const statuses: number[] = [];
    for (let i = 0; i <= LOOKUP_LIMITS.perContactAndAddress.max; i++) {
      const res = await lookup(
        limited.app,
        { number: `SW-${500000 + i}`, contact: "+963 944 123 456" },
        // The public forms' minute is not what is tested here: a new minute, same address.
        from,
      );
      statuses.push(res.statusCode);
      if (i % 9 === 8) vi.setSystemTime(Date.now() + 61_000);
    }
    expect(statuses.slice(0, -1).every((s) => s === 404)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    // The same person typed the domestic way is the same counter.
    const domestic = await lookup(limited.app, { number: "SW-1", contact: "0944123456" }, from);
    expect(domestic.statusCode).toBe(429);
  });

  it("the outside probe: someone who knows a customer's e-mail cannot shut them out of /track", async () => {
    const order = await orderIn(limited);
    // Guesses with the customer's e-mail at made-up numbers, each from a new address, well
    // past the contact's hourly count.
    const attackers: string[] = [];
    for (let i = 0; i < LOOKUP_LIMITS.perContact.max + 5; i++) {
      attackers.push(address());
      const res = await lookup(
        limited.app,
        { number: `SW-${800000 + i}`, contact: order.email },
        attackers[i],
      );
      expect(res.statusCode).toBe(404);
    }
    // An address that already tried this contact waits...
    const again = await lookup(
      limited.app,
      { number: "SW-899999", contact: order.email },
      attackers[0],
    );
    expect(again.statusCode).toBe(429);
    // ...and the customer, from their own address, finds their order.
    const right = await lookup(
      limited.app,
      { number: order.number, contact: order.email },
      address(),
    );
    expect(right.statusCode, right.body).toBe(200);
    expect(right.json().data.url).toMatch(/^\/order\//);
  });

  it("one address trying many orders and contacts is held to the public forms' limit", async () => {
    const from = address();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const res = await lookup(
        limited.app,
        { number: `SW-${700000 + i}`, contact: `person${i}@example.com` },
        from,
      );
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 10).every((s) => s === 404)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});
