/**
 * Place-order throughput and latency (issue 5): `npx tsx bench/checkout.ts` or
 * `npm run bench:checkout`. Builds the shop on a scratch in-memory PGlite and on a scratch
 * PostgreSQL database (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres;
 * created and dropped here), seeds two products with plenty of stock, listens on a random
 * port and lets autocannon place orders from 10 connections, each request with its own
 * Idempotency-Key. Prints p50/p95 latency and placed orders per second for each database.
 *
 * BENCH_SECONDS (default 10) bounds each run; BENCH_CONNECTIONS (default 10).
 */
import { randomBytes, randomUUID } from "node:crypto";
import fs from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { buildApp } from "../src/server/app.ts";
import { loadConfig } from "../src/server/config.ts";
import { type Database, openPglite, openPostgres } from "../src/server/db/client.ts";
import { seedOrderables } from "./fixtures.ts";

type Request = { method?: string; path?: string; headers?: Record<string, string>; body?: string };
type Instance = PromiseLike<{ duration: number; errors: number; timeouts: number }> & {
  on(
    event: "response",
    listener: (client: unknown, statusCode: number, bytes: number, responseTime: number) => void,
  ): void;
};
// autocannon ships no types; this is the part of its API the bench uses.
const autocannon = createRequire(import.meta.url)("autocannon") as (opts: {
  url: string;
  connections: number;
  duration: number;
  requests: Array<Request & { setupRequest?: (request: Request) => Request }>;
}) => Instance;

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const SERVER_URL = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

type Figures = {
  database: string;
  requests: number;
  placed: number;
  other: Record<string, number>;
  p50: number;
  p95: number;
  p99: number;
  ordersPerSecond: number;
};

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

async function run(label: string, database: Database): Promise<Figures> {
  await database.migrate();
  const ids = await seedOrderables(database.db);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-bench-"));
  const config = loadConfig({
    NODE_ENV: "production",
    DATA_DIR: dataDir,
    LOG_LEVEL: "silent",
    SEED_DEMO: "false",
  });
  const app = await buildApp({ config, database, web: "none", rateLimit: false });
  const address = await app.listen({ host: "127.0.0.1", port: 0 });

  const body = JSON.stringify({
    name: "Bench Customer",
    phone: "+963 944 000 111",
    email: "bench@example.com",
    country: "SY",
    city: "Damascus",
    address: "Example Street 1",
    notes: null,
    payment_method: "cod",
    lines: [
      { productId: ids.tracked, grams: 500, qty: 2 },
      { productId: ids.untracked, grams: 1000, qty: 1 },
    ],
  });

  // Warm-up: JIT, prepared plans, the settings cache.
  for (let i = 0; i < 20; i++) {
    await fetch(`${address}/api/orders`, {
      method: "POST",
      headers: { "content-type": "application/json", "idempotency-key": randomUUID() },
      body,
    });
  }

  const latencies: number[] = [];
  const statuses: Record<string, number> = {};
  const instance = autocannon({
    url: address,
    connections: CONNECTIONS,
    duration: SECONDS,
    requests: [
      {
        method: "POST",
        path: "/api/orders",
        headers: { "content-type": "application/json" },
        body,
        // A fresh key per request: every request is a new order, never a replay.
        setupRequest: (request) => ({
          ...request,
          headers: { ...request.headers, "idempotency-key": randomUUID() },
        }),
      },
    ],
  });
  instance.on("response", (_client, statusCode, _bytes, responseTime) => {
    statuses[statusCode] = (statuses[statusCode] ?? 0) + 1;
    latencies.push(responseTime);
  });
  const result = await instance;
  await app.close();
  fs.rmSync(dataDir, { recursive: true, force: true });

  latencies.sort((a, b) => a - b);
  const placed = statuses["201"] ?? 0;
  const { 201: _placed, ...other } = statuses;
  return {
    database: label,
    requests: latencies.length,
    placed,
    other: { ...other, errors: result.errors, timeouts: result.timeouts },
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    ordersPerSecond: placed / (result.duration || SECONDS),
  };
}

async function withScratchPostgres<T>(fn: (database: Database) => Promise<T>): Promise<T | null> {
  const name = `shop_bench_${Date.now()}_${randomBytes(3).toString("hex")}`;
  const admin = new pg.Client({ connectionString: SERVER_URL });
  try {
    await admin.connect();
  } catch (error) {
    console.log(
      `PostgreSQL at ${SERVER_URL} is not reachable (${(error as Error).message}); skipped.`,
    );
    return null;
  }
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(SERVER_URL);
  url.pathname = `/${name}`;
  const database = await openPostgres(url.toString(), 10);
  try {
    return await fn(database);
  } finally {
    await database.close();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

function print(f: Figures): void {
  console.log(
    `${f.database.padEnd(10)} place-order p50 ${f.p50.toFixed(1)} ms, p95 ${f.p95.toFixed(1)} ms, p99 ${f.p99.toFixed(1)} ms; ` +
      `${f.ordersPerSecond.toFixed(0)} orders/s (${f.placed} placed of ${f.requests}; other: ${JSON.stringify(f.other)})`,
  );
}

console.log(
  `Checkout bench: ${CONNECTIONS} connections, ${SECONDS} s per database, node ${process.version}, ${os.cpus().length} CPUs`,
);
const pglite = await openPglite();
try {
  print(await run("PGlite", pglite));
} finally {
  await pglite.close();
}
const postgres = await withScratchPostgres((database) => run("PostgreSQL", database));
if (postgres) print(postgres);
