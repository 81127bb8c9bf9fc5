import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PRICE_LIST_MESSAGES } from "../../../shared/domain/price-lists.ts";
import { ORDER_MESSAGES } from "../../../shared/schemas/order.ts";
import { buildApp } from "../../app.ts";
import { loadConfig } from "../../config.ts";
import type { Database } from "../../db/client.ts";
import { openTestDatabase } from "../../test/app.ts";
import {
  createPriceList,
  createTrader,
  createUserWithToken,
  type TestUser,
} from "../../test/fixtures.ts";
import { addProduct } from "../orders/test-fixtures.ts";

// A trader's token brings its own prices from the product and cart endpoints, marked
// "wholesale"; anyone else, on the same instance and after the trader, gets retail from every
// endpoint and page, the page cache included. Prices are distinctive so a page can be searched.

let app: FastifyInstance;
let database: Database;
let drop: () => Promise<void>;
let dataDir: string;
let owner: TestUser;
let retail: TestUser;
let trader: { id: number; auth: { authorization: string } };
let maamoul: number;
let plain: number;

const RETAIL_PER_KG = 4321; // 43.21
const WHOLESALE_PER_KG = 1234; // 12.34

beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-test-trader-prices-"));
  const config = loadConfig({ NODE_ENV: "test", DATA_DIR: dataDir, LOG_LEVEL: "silent" });
  app = await buildApp({ config, database, web: "dev", rateLimit: false });
  await app.ready();
  owner = await createUserWithToken(app, { admin: true });
  retail = await createUserWithToken(app);
  maamoul = await addProduct(database.db, {
    name: "Trader maamoul",
    priceCents: RETAIL_PER_KG,
    options: [{ grams: 1000 }, { grams: 2000 }],
  });
  plain = await addProduct(database.db, { priceCents: 2500 });
  const listId = await createPriceList(app, owner.auth, {
    name: "Distributors",
    min_order_total: 100,
    products: [
      {
        product_id: maamoul,
        price_per_kg: WHOLESALE_PER_KG / 100,
        min_grams: 2000,
        tiers: [{ from_grams: 10_000, price_per_kg: 10 }],
      },
    ],
  });
  trader = await createTrader(app, owner.auth, { price_list_id: listId });
}, 120_000);

afterAll(async () => {
  await app?.close();
  await database?.close();
  await drop?.();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: "GET", url, headers: { cookie: "lang=en", ...headers } });
const quote = (lines: unknown, headers: Record<string, string> = {}, url = "/api/cart/price") =>
  app.inject({ method: "POST", url, headers, payload: { lines } });

type Item = {
  id: number;
  price: number;
  discount_price: number | null;
  default_price: number;
  price_source: string;
  weights?: Array<{ grams: number; price: number; discount_price: number | null }>;
};
const itemOf = (res: { json(): { data: Item[] } }, id: number) =>
  res.json().data.find((item) => item.id === id);

describe("trader prices from the product endpoints", () => {
  it("a trader's list and detail carry its prices, marked wholesale and private", async () => {
    const list = await get("/api/products?per_page=50", trader.auth);
    expect(list.statusCode).toBe(200);
    expect(list.headers["cache-control"]).toBe("private, no-store");
    expect(itemOf(list, maamoul)).toMatchObject({
      price: 12.34,
      discount_price: null,
      default_price: 12.34,
      price_source: "wholesale",
    });
    // A product the list does not name stays retail.
    expect(itemOf(list, plain)).toMatchObject({ price: 25, price_source: "retail" });

    const detail = await get(`/api/products/${maamoul}`, trader.auth);
    expect(detail.statusCode).toBe(200);
    expect(detail.json().data).toMatchObject({
      price: 12.34,
      price_source: "wholesale",
      weights: [
        { grams: 1000, price: 12.34, discount_price: null },
        { grams: 2000, price: 24.68, discount_price: null },
      ],
    });
  });

  it("retail after the trader: anonymous, a retail account and a bad token get retail", async () => {
    await get(`/api/products/${maamoul}`, trader.auth);
    for (const headers of [{}, retail.auth, { authorization: "Bearer not-a-token" }]) {
      const list = await get("/api/products?per_page=50", headers);
      expect(itemOf(list, maamoul)).toMatchObject({ price: 43.21, price_source: "retail" });
      expect(list.body).not.toContain("12.34");
      const detail = await get(`/api/products/${maamoul}`, headers);
      expect(detail.json().data).toMatchObject({ price: 43.21, price_source: "retail" });
      expect(detail.body).not.toContain("12.34");
      expect(detail.body).not.toContain("wholesale");
    }
  });

  it("an unknown product is a 404 for a trader too", async () => {
    for (const id of ["999999", "abc"]) {
      const res = await get(`/api/products/${id}`, trader.auth);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ message: expect.any(String) });
    }
  });
});

describe("GET /api/account/trader", () => {
  it("the trader's terms; null for a retail account; 401 without a token", async () => {
    const mine = await get("/api/account/trader", trader.auth);
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toEqual({
      data: {
        company_name: "Haddad Feinkost",
        terms_days: 30,
        credit_limit: 5000,
        min_order_total: 100,
      },
    });
    const theirs = await get("/api/account/trader", retail.auth);
    expect(theirs.json()).toEqual({ data: null });
    for (const headers of [{}, { authorization: "Bearer nope" }] as Record<string, string>[]) {
      const res = await get("/api/account/trader", headers);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ message: expect.any(String) });
    }
  });
});

describe("POST /api/cart/price for a trader", () => {
  it("prices a trader's cart under its list (the tier by the line's weight)", async () => {
    const res = await quote(
      [
        { productId: maamoul, grams: 2000, qty: 6, price: 0.01 },
        { productId: plain, grams: 1000, qty: 1 },
      ],
      trader.auth,
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe("private, no-store");
    // The lines at the list's prices and no promotion on top: the standing discount is retail's.
    expect(res.json().data).toMatchObject({
      discount: 0,
      promotions: [],
      lines: [
        {
          product_id: maamoul,
          grams: 2000,
          qty: 6,
          unit_price: 20,
          line_total: 120,
          price_source: "wholesale",
        },
        {
          product_id: plain,
          grams: 1000,
          qty: 1,
          unit_price: 25,
          line_total: 25,
          price_source: "retail",
        },
      ],
      subtotal: 145,
      min_order_total: 100,
    });
  });

  it("answers the older name, /api/cart/quote, from the same handler", async () => {
    const lines = [{ productId: maamoul, grams: 2000, qty: 6 }];
    const [now, older] = await Promise.all([
      quote(lines, trader.auth),
      quote(lines, trader.auth, "/api/cart/quote"),
    ]);
    expect(older.statusCode).toBe(200);
    expect(older.headers["cache-control"]).toBe("private, no-store");
    expect(older.json()).toEqual(now.json());
    const guest = await quote(lines, {}, "/api/cart/quote");
    expect(guest.json()).toEqual(await quote(lines).then((res) => res.json()));
  });

  it("retail for anyone else, after the trader", async () => {
    for (const headers of [{}, retail.auth]) {
      const res = await quote([{ productId: maamoul, grams: 1000, qty: 1 }], headers);
      expect(res.statusCode).toBe(200);
      // Signed in, the answer is still private: it depends on who asks.
      expect(res.headers["cache-control"]).toBe(
        "authorization" in headers ? "private, no-store" : undefined,
      );
      expect(res.json().data).toMatchObject({
        lines: [
          {
            product_id: maamoul,
            grams: 1000,
            qty: 1,
            unit_price: 43.21,
            line_total: 43.21,
            price_source: "retail",
          },
        ],
        subtotal: 43.21,
        min_order_total: null,
      });
    }
  });

  it("bad input: no lines, a wrong weight, an unknown product, a trader's line under its minimum", async () => {
    const empty = await quote([]);
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors.lines).toEqual([ORDER_MESSAGES.LINES_REQUIRED]);
    const wrong = await quote([{ productId: maamoul, grams: 1500, qty: 1 }]);
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors["lines.0"]).toBeDefined();
    const unknown = await quote([{ productId: 999_999, grams: 1000, qty: 1 }]);
    expect(unknown.statusCode).toBe(422);
    const below = await quote([{ productId: maamoul, grams: 1000, qty: 1 }], trader.auth);
    expect(below.statusCode).toBe(422);
    expect(below.json()).toEqual({
      message: PRICE_LIST_MESSAGES.BELOW_MINIMUM,
      errors: { "lines.0": [PRICE_LIST_MESSAGES.BELOW_MINIMUM] },
    });
  });

  it("a suspended trader gets retail at once", async () => {
    const suspended = await app.inject({
      method: "PATCH",
      url: `/api/admin/traders/${trader.id}`,
      headers: owner.auth,
      payload: { status: "suspended" },
    });
    expect(suspended.statusCode).toBe(200);
    const res = await quote([{ productId: maamoul, grams: 1000, qty: 1 }], trader.auth);
    expect(res.json().data.lines[0].price_source).toBe("retail");
    const detail = await get(`/api/products/${maamoul}`, trader.auth);
    expect(detail.json().data.price_source).toBe("retail");
  });
});

describe("pages never carry trader prices", () => {
  it("the shop and product pages, with the trader's token or after it, through the page cache", async () => {
    const pages = ["/shop", `/product/${maamoul}`];
    for (const url of pages) {
      // The trader's token never reaches a rendered page; such a request is never cached.
      const asTrader = await get(url, trader.auth);
      expect(asTrader.headers["x-html-cache"]).toBeUndefined();
      expect(asTrader.body).not.toContain("12.34");
    }
    for (const url of pages) {
      const first = await app.inject({ method: "GET", url, headers: { cookie: "lang=en" } });
      const location = first.headers.location;
      const target =
        first.statusCode >= 300 && typeof location === "string"
          ? new URL(location, "http://localhost").pathname
          : url;
      const responses = [await get(target), await get(target)];
      // The second is served from the page cache, filled by an anonymous request.
      expect(responses[1]!.headers["x-html-cache"]).toBe("hit");
      for (const res of responses) {
        expect(res.body).not.toContain("12.34");
        // No item marked as a trader's (the word itself may be in the page's texts).
        expect(res.body).not.toMatch(/price_source\W{0,12}wholesale/);
        expect(res.body).toMatch(/price_source\W{0,12}retail/);
      }
      if (target.startsWith("/product")) expect(responses[0]!.body).toContain("43.21");
    }
  }, 120_000);
});
