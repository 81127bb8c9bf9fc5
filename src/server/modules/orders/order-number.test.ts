import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../app.ts";
import { loadConfig } from "../../config.ts";
import { type Database, openPostgres } from "../../db/client.ts";
import { createTestApp, type TestApp } from "../../test/app.ts";
import { addProduct, orderBody, placeOrder } from "./test-fixtures.ts";

/**
 * Placed orders are numbered without gaps: a refused order (here: out of stock, found inside the
 * order's transaction) gives its number back. On PostgreSQL half the orders go through a second
 * instance with its own pool on the same database, as in production.
 */
let t: TestApp;
let second: { app: FastifyInstance; database: Database; dataDir: string } | null = null;

beforeAll(async () => {
  t = await createTestApp();
  if (!t.url) return;
  const database = await openPostgres(t.url, 10);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-order-number-"));
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
  if (second) {
    await second.app.close();
    await second.database.close();
    fs.rmSync(second.dataDir, { recursive: true, force: true });
  }
  await t.close();
});

const numberOf = (body: { data: { number: string } }) => Number(body.data.number.slice(3));

const order = (app: FastifyInstance, product: number, i: number) =>
  placeOrder(
    app,
    orderBody([{ productId: product, grams: 1000, qty: 1 }], {
      // A shopper each: one buyer's orders would queue on their customer row anyway.
      email: `buyer${i}@example.com`,
      phone: `+963 944 200 ${String(100 + i)}`,
    }),
    { key: randomUUID() },
  );

describe("order numbers", () => {
  it("a new shop's first order is SW-10001", async () => {
    const product = await addProduct(t.database.db, { stockGrams: 10_000 });
    const res = await order(t.app, product, 0);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.number).toBe("SW-10001");
  });

  it("50 concurrent orders, 20 of them refused for stock: the 30 placed are numbered one after another", async () => {
    const before = await order(t.app, await addProduct(t.database.db, { stockGrams: null }), 1);
    const last = numberOf(before.json());
    const product = await addProduct(t.database.db, { stockGrams: 30_000 });
    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        order(second && i % 2 ? second.app : t.app, product, 100 + i),
      ),
    );
    const statuses = responses.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(30);
    expect(statuses.filter((s) => s === 409)).toHaveLength(20);
    const numbers = responses
      .filter((r) => r.statusCode === 201)
      .map((r) => numberOf(r.json()))
      .sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 30 }, (_, i) => last + 1 + i));

    // A refused order alone uses no number either: the next placed order follows on.
    const refused = await order(t.app, product, 200);
    expect(refused.statusCode).toBe(409);
    const next = await order(t.app, await addProduct(t.database.db, { stockGrams: null }), 201);
    expect(numberOf(next.json())).toBe(last + 31);
  });
});
