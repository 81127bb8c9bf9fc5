// Ready days and capacity: POST /api/shipping/quote at 10 connections while the kitchen has a
// capacity on every weekday (so each quote reads what is booked), and the production sheet
// for one ready day holding 500 orders. Scratch, migrated PGlite database; the quote is served
// from its own process (autocannon), the sheet is timed in process (50 runs). Each is also
// given as a ratio to a bare baseline measured in the same run on the same machine (GET /healthz,
// one database ping, at the same connections; `select 1` in process for the sheet), so a busy
// machine shows in both figures and the ratio stays comparable between runs.
//
//   npm run bench:ready-days     (BENCH_DURATION=4 seconds; targets: quote p95 < 10 ms,
//                                 production sheet p95 < 100 ms)
//
// Loopback only; every loop is bounded; the scratch DATA_DIR is removed at the end.
import type { ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sql } from "drizzle-orm";
import { buildApp } from "../src/server/app.ts";
import { loadConfig } from "../src/server/config.ts";
import { openPglite } from "../src/server/db/client.ts";
import { loadProductionSheet } from "../src/server/modules/calendar/production.ts";
import { addProduct } from "../src/server/modules/orders/test-fixtures.ts";
import { defaultShopSettings } from "../src/shared/schemas/settings.ts";
import { listenBenchApi } from "./serve-admin-api.ts";
import { startBenchChild, stopBenchChild } from "./server.ts";

const CONNECTIONS = 10;
const DURATION_S = Number(process.env.BENCH_DURATION ?? 4);
const ORDERS = 500;
const here = fileURLToPath(import.meta.url);

type AutocannonInstance = Promise<{ requests: { average: number }; errors: number }> & {
  on(
    event: "response",
    listener: (c: unknown, status: number, b: number, ms: number) => void,
  ): void;
};
// autocannon ships no types; this is the part of its API the bench uses.
const autocannon = createRequire(import.meta.url)("autocannon") as (opts: {
  url: string;
  connections: number;
  duration: number;
  method: "POST" | "GET";
  headers?: Record<string, string>;
  body?: string;
}) => AutocannonInstance;

/** p50 and p95 (ms) of `runs` timed calls after five to warm up. */
async function timeInProcess(runs: number, call: () => Promise<unknown>) {
  const times: number[] = [];
  for (let i = 0; i < runs + 5; i++) {
    const start = performance.now();
    await call();
    if (i >= 5) times.push(performance.now() - start);
  }
  times.sort((x, y) => x - y);
  return { p50: percentile(times, 0.5), p95: percentile(times, 0.95) };
}

/** p50 and p95 (ms) of every answer in a DURATION_S run, and how many were not 200. */
async function load(opts: Omit<Parameters<typeof autocannon>[0], "duration">) {
  const latencies: number[] = [];
  let failures = 0;
  const run = autocannon({ ...opts, duration: DURATION_S });
  run.on("response", (_c, status, _b, ms) => {
    latencies.push(ms);
    if (status !== 200) failures++;
  });
  const result = await run;
  latencies.sort((x, y) => x - y);
  return {
    p50: percentile(latencies, 0.5),
    p95: percentile(latencies, 0.95),
    rps: result.requests.average,
    failed: failures + result.errors,
  };
}

const percentile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;

async function main(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-bench-ready-"));
  let shop: ChildProcess | null = null;
  try {
    // 1. A shop with 10 t a day on every weekday, and 500 orders for one ready day.
    const database = await openPglite(dataDir);
    await database.migrate();
    const value = { ...defaultShopSettings, capacityGramsByWeekday: Array(7).fill(10_000_000) };
    await database.db.execute(
      sql`insert into settings (key, value) values ('shop', ${JSON.stringify(value)}::jsonb)
          on conflict (key) do update set value = excluded.value`,
    );
    const config = loadConfig({ NODE_ENV: "test", DATA_DIR: dataDir, LOG_LEVEL: "silent" });
    const app = await buildApp({ config, database, web: "none", rateLimit: false });
    await app.ready();
    const a = await addProduct(database.db, {
      stockGrams: null,
      options: [{ grams: 1000 }, { grams: 500 }],
    });
    const b = await addProduct(database.db, { stockGrams: null, options: [{ grams: 250 }] });
    const quoteBody = { country: "SY", lines: [{ productId: a, grams: 500, qty: 3 }] };
    const quote = await app.inject({
      method: "POST",
      url: "/api/shipping/quote",
      payload: quoteBody,
    });
    const day = quote.json().data.methods[0].days[0].date as string;
    const placing = Date.now();
    for (let i = 0; i < ORDERS; i++) {
      const res = await app.inject({
        method: "POST",
        url: "/api/orders",
        headers: { "idempotency-key": randomUUID() },
        payload: {
          name: `Bench ${i}`,
          phone: `+963 944 ${String(100_000 + i)}`,
          country: "SY",
          city: "Damascus",
          address: "Bench Street 1",
          payment_method: "cod",
          shipping_method: "delivery:1",
          ready_date: day,
          lines: [
            { productId: a, grams: i % 2 ? 1000 : 500, qty: 1 + (i % 3) },
            { productId: b, grams: 250, qty: 2 },
          ],
        },
      });
      if (res.statusCode !== 201) throw new Error(`order ${i}: ${res.statusCode} ${res.body}`);
    }
    console.log(
      `${ORDERS} orders for ${day} placed in ${((Date.now() - placing) / 1000).toFixed(1)} s`,
    );

    // 2. The production sheet for that day, in process.
    const times: number[] = [];
    let products = 0;
    for (let i = 0; i < 55; i++) {
      const start = performance.now();
      const sheet = await loadProductionSheet(database.db, day, day);
      if (i >= 5) times.push(performance.now() - start); // the first five warm up
      products = sheet.products.length;
      if (sheet.orders !== ORDERS) throw new Error(`sheet counted ${sheet.orders} orders`);
    }
    times.sort((x, y) => x - y);
    const sheetP95 = percentile(times, 0.95);
    const bare = await timeInProcess(50, () => database.db.execute(sql`select 1`));
    console.log(
      `production sheet, ${ORDERS} orders, ${products} products: p50 ${percentile(times, 0.5).toFixed(1)} ms, p95 ${sheetP95.toFixed(1)} ms (target < 100 ms); baseline select 1 p95 ${bare.p95.toFixed(2)} ms, ratio ${(sheetP95 / bare.p95).toFixed(0)}x`,
    );
    await app.close();
    await database.close();

    // 3. The quote at 10 connections, capacity on (each quote reads the bookings).
    const served = await startBenchChild(here, ["--serve", dataDir]);
    shop = served.child;
    const url = `http://127.0.0.1:${served.port}/api/shipping/quote`;
    const opts = {
      url,
      connections: CONNECTIONS,
      method: "POST" as const,
      headers: { "content-type": "application/json" },
      body: JSON.stringify(quoteBody),
    };
    await autocannon({ ...opts, duration: 1 });
    const sample = await load(opts);
    // The bare baseline: the same server, connections and duration, a route doing one ping.
    const healthUrl = `http://127.0.0.1:${served.port}/healthz`;
    await autocannon({ url: healthUrl, connections: CONNECTIONS, duration: 1, method: "GET" });
    const health = await load({
      url: healthUrl,
      connections: CONNECTIONS,
      method: "GET",
    });
    console.log(
      `quote with capacity, ${CONNECTIONS} connections, ${DURATION_S} s: p50 ${sample.p50.toFixed(1)} ms, p95 ${sample.p95.toFixed(1)} ms, ${sample.rps.toFixed(0)} req/s, ${sample.failed} failed (target p95 < 10 ms)`,
    );
    console.log(
      `baseline GET /healthz, same connections: p50 ${health.p50.toFixed(1)} ms, p95 ${health.p95.toFixed(1)} ms, ${health.rps.toFixed(0)} req/s; quote/baseline p95 ratio ${(sample.p95 / Math.max(health.p95, 0.1)).toFixed(1)}x`,
    );
    const quoteP95 = sample.p95;
    const failures = sample.failed;
    process.exitCode = quoteP95 < 10 && sheetP95 < 100 && failures === 0 ? 0 : 1;
  } finally {
    if (shop) await stopBenchChild(shop);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function serve(dataDir: string): Promise<void> {
  const { port } = await listenBenchApi("pglite", dataDir);
  process.stdout.write(`READY ${port}\n`);
}

const isEntry = process.argv[1] && path.resolve(process.argv[1]) === here;
if (isEntry && process.argv[2] === "--serve") await serve(process.argv[3]!);
else if (isEntry) await main();
