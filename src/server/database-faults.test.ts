import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isDatabaseUnavailable } from "../shared/domain/database-faults.ts";
import { orders } from "./db/schema/orders.ts";
import { addProduct, orderBody, placeOrder, stockOf } from "./modules/orders/test-fixtures.ts";
import { createTestApp, type TestApp } from "./test/app.ts";

/**
 * Issue 22: PostgreSQL drops the shop's connections (pg_terminate_backend, what a restart
 * does to them) and the process carries on. Runs in `npm run test:pg` only, like
 * two-instances.test.ts: PGlite has no connections to drop. An unhandled `error` event here
 * would fail the run as an uncaught exception.
 */
const serverUrl = process.env.TEST_DATABASE_URL ?? "";
if (!serverUrl)
  throw new Error("database-faults.test.ts needs TEST_DATABASE_URL (npm run test:pg)");

let t: TestApp;
let admin: pg.Client;
let dbName: string;

/** Ends every connection of the shop's database, as a restart would. */
async function terminateShopBackends(): Promise<number> {
  const { rowCount } = await admin.query(
    "select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()",
    [dbName],
  );
  return rowCount ?? 0;
}

beforeAll(async () => {
  t = await createTestApp();
  dbName = new URL(t.url!).pathname.slice(1);
  admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
});
afterAll(async () => {
  await admin.end();
  await t.close();
});

describe("a connection dropped inside a transaction", () => {
  it("fails that transaction as 'unavailable', and the pool answers the next query", async () => {
    let caught: unknown;
    try {
      await t.database.db.transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        // The client is checked out and idle in transaction, the case that crashed the process.
        expect(await terminateShopBackends()).toBeGreaterThan(0);
        await new Promise((resolve) => setTimeout(resolve, 200));
        await tx.execute(sql`select 2`);
      });
    } catch (error) {
      caught = error;
    }
    expect(isDatabaseUnavailable(caught)).toBe(true);
    expect(await t.database.ping()).toBe(true);
  });

  it("never leaks pooled connections, however often it happens (a failed BEGIN included)", async () => {
    for (let round = 0; round < 30; round++) {
      await terminateShopBackends();
      await t.database.db
        .transaction(async (tx) => {
          await tx.execute(sql`select 1`);
        })
        .catch((error) => {
          if (!isDatabaseUnavailable(error)) throw error;
        });
    }
    // 30 rounds against a pool of 20: a client kept per failure would leave none to answer.
    await expect(t.database.db.execute(sql`select 1`)).resolves.toBeDefined();
    expect(t.database.poolStats().total).toBeLessThanOrEqual(20);
  });
});

describe("orders while connections are being dropped", () => {
  it("every answer is an order or a 503 with Retry-After; every acknowledged order exists once, stock adds up", async () => {
    const productId = await addProduct(t.database.db, {
      name: "Drill baklava",
      priceCents: 2000,
      stockGrams: 1_000_000,
      options: [{ grams: 500 }],
    });
    const acknowledged = new Set<string>();
    const statuses = new Map<number, number>();
    const placeWithRetries = async (key: string) => {
      for (let attempt = 0; attempt < 100; attempt++) {
        const res = await placeOrder(t.app, orderBody([{ productId, grams: 500, qty: 1 }]), {
          key,
        });
        statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
        if (res.statusCode === 201) {
          acknowledged.add(res.json().data.number);
          return;
        }
        expect(res.statusCode).toBe(503);
        expect(res.headers["retry-after"]).toBe("2");
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      throw new Error(`order ${key} not placed after 100 attempts`);
    };
    const keys = Array.from({ length: 40 }, () => randomUUID());
    // Forty rounds of dropping every connection, while eight clients at a time order, each
    // retrying its own key as the web client does.
    const faults = (async () => {
      for (let round = 0; round < 40; round++) {
        await terminateShopBackends();
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    })();
    try {
      for (let i = 0; i < keys.length; i += 8)
        await Promise.all(keys.slice(i, i + 8).map(placeWithRetries));
    } finally {
      await faults;
    }

    expect(acknowledged.size).toBe(keys.length);
    const rows = await t.database.db
      .select({ number: orders.number })
      .from(orders)
      .where(eq(orders.email, "layla@example.com"));
    const placed = rows.map((r) => r.number).filter((n) => acknowledged.has(n));
    expect(new Set(placed).size).toBe(placed.length);
    expect(placed.length).toBe(keys.length);
    expect(await stockOf(t.database.db, productId)).toBe(1_000_000 - keys.length * 500);
    expect([...statuses.keys()].every((s) => s === 201 || s === 503)).toBe(true);
  }, 60_000);
});
