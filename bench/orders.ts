import fs from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sql } from "drizzle-orm";
import { type Database, openPglite, openPostgres } from "../src/server/db/client.ts";
import { seedCatalog } from "../src/server/db/seed/catalog.ts";
import { createAdminOrderService } from "../src/server/modules/orders/admin-service.ts";
import type { SettingsService } from "../src/server/modules/settings/service.ts";
import { businessDate } from "../src/shared/domain/business-time.ts";
import { serveAdminApi } from "./serve-admin-api.ts";
import { onScratchPostgres, startBenchChild, stopBenchChild } from "./server.ts";

const ORDERS = Number(process.env.BENCH_ORDERS ?? 100_000);
const CONNECTIONS = 10;
const DURATION_S = Number(process.env.BENCH_DURATION ?? 4);
const here = fileURLToPath(import.meta.url);

type AutocannonResult = { requests: { average: number }; errors: number };
type AutocannonInstance = Promise<AutocannonResult> & {
  on(
    event: "response",
    listener: (client: unknown, status: number, bytes: number, ms: number) => void,
  ): void;
};
type Autocannon = (opts: {
  url: string;
  connections: number;
  duration: number;
  headers?: Record<string, string>;
  requests?: { setupRequest: (request: { path: string }) => { path: string } }[];
}) => AutocannonInstance;
const autocannon = createRequire(import.meta.url)("autocannon") as Autocannon;

type Scenario = {
  label: string;
  path: string;
  target: number;
  next?: () => string;
  /** An admin confirms a pending order this often while the scenario runs (misses, not hits). */
  writeEveryMs?: number;
};

function cycling(make: (n: number) => string): () => string {
  let n = 0;
  return () => make(n++);
}

const today = businessDate(new Date());
const daysAgo = (n: number) => businessDate(new Date(Date.now() - n * 86_400_000));
const SEARCHES = ["SW-2123", "ليلى 4", "layla 77", "+963 900001", "c5551@example", "سامي"];

const SCENARIOS: Scenario[] = [
  { label: "list, page 1 (20)", path: "/api/admin/orders?per_page=20", target: 50 },
  {
    label: "list, pages 1..200 (50)",
    path: "/api/admin/orders?per_page=50",
    target: 50,
    next: cycling((n) => `/api/admin/orders?per_page=50&page=${1 + (n % 200)}`),
  },
  {
    label: "search (number, Arabic/English name, phone, e-mail)",
    path: "/api/admin/orders?q=SW-2123",
    target: 50,
    next: cycling(
      (n) => `/api/admin/orders?q=${encodeURIComponent(SEARCHES[n % SEARCHES.length]!)}`,
    ),
  },
  {
    label: "filtered: completed, last 7 days, page 3",
    path: `/api/admin/orders?status=completed&from=${daysAgo(7)}&to=${today}&page=3&per_page=20`,
    target: 50,
  },
  {
    label: "filtered + search: pending, 30 days, 'ليلى'",
    path: `/api/admin/orders?status=pending&from=${daysAgo(30)}&to=${today}&q=${encodeURIComponent("ليلى")}`,
    target: 50,
  },
  { label: "dashboard", path: "/api/admin/dashboard", target: 100 },
  // Every status change renews every answer, count and page boundary: these two measure the
  // list while the cache keeps missing (a desk confirming four orders a second).
  {
    label: "pages 1..200 by 7s, a status change every 250 ms",
    path: "/api/admin/orders?per_page=50",
    target: 50,
    next: cycling((n) => `/api/admin/orders?per_page=50&page=${1 + ((n * 7) % 200)}`),
    writeEveryMs: 250,
  },
  {
    label: "search (6 kinds), a status change every 250 ms",
    path: "/api/admin/orders?q=SW-2123",
    target: 50,
    next: cycling(
      (n) => `/api/admin/orders?q=${encodeURIComponent(SEARCHES[n % SEARCHES.length]!)}`,
    ),
    writeEveryMs: 250,
  },
];

/** 100,000 orders over the last 30 days, half with Arabic names, 1-2 lines and one event each. */
export async function seedOrders(database: Database): Promise<void> {
  const db = database.db;
  await seedCatalog(db, { uploadsDir: os.tmpdir(), images: false });
  const seconds = Math.floor((30 * 86_400) / ORDERS);
  for (let start = 1; start <= ORDERS; start += 20_000) {
    const end = Math.min(ORDERS, start + 19_999);
    await db.execute(sql`
      insert into orders (number, status, access_key_hash, name, phone, email, country, city,
        address, lang, payment_method, subtotal_cents, discount_cents, discount_percent,
        discount_source, delivery_fee_cents, total_cents, total_grams, idempotency_key_hash,
        request_hash, created_at, updated_at)
      select 'SW-' || (200000 + g),
        (array['pending','confirmed','preparing','shipped','completed','canceled'])[1 + g % 6],
        md5('k' || g),
        case when g % 2 = 0 then 'ليلى حداد ' || g else 'Layla Haddad ' || g end,
        '+963 9' || lpad(g::text, 8, '0'),
        case when g % 3 = 0 then null else 'c' || g || '@example.com' end,
        'SY', 'Damascus', 'Old City', case when g % 2 = 0 then 'ar' else 'en' end,
        (array['cod','bank_transfer','messaging_app'])[1 + g % 3],
        3000 + g % 5000, 600, 20, 'standing', 1500, 3900 + g % 5000, 1000,
        md5('i' || g), md5('r' || g),
        now() - make_interval(secs => g * ${seconds}), now()
      from generate_series(${start}::int, ${end}::int) g`);
  }
  await db.execute(sql`
    insert into order_lines (order_id, product_id, name_en, name_ar, grams, qty,
      unit_price_cents, line_total_cents)
    select o.id, p.id, p.name_en, p.name_ar, 500 * (1 + o.id % 3), 1 + o.id % 2, 1500, 3000
    from orders o
    join lateral (select id, name_en, name_ar from products
      order by id offset (o.id % 10) limit 1) p on true`);
  await db.execute(sql`
    insert into order_events (order_id, status, actor, created_at)
    select id, 'pending', 'customer', created_at from orders`);
  await db.execute(sql`vacuum analyze`);
}

export async function prepare(database: Database): Promise<void> {
  await database.migrate();
  const t0 = performance.now();
  await seedOrders(database);
  console.log(`  seeded ${ORDERS} orders in ${Math.round(performance.now() - t0)} ms`);
}

type ListQuery = Parameters<ReturnType<typeof createAdminOrderService>["listJson"]>[0];

/** A scenario's URL as the service's query (the route's defaults: page 1, 10 per page). */
function listQuery(url: string): ListQuery {
  const p = new URL(url, "http://x").searchParams;
  return {
    page: Number(p.get("page") ?? 1),
    per_page: Number(p.get("per_page") ?? 10),
    status: (p.get("status") ?? undefined) as ListQuery["status"],
    from: p.get("from") ?? undefined,
    to: p.get("to") ?? undefined,
    q: p.get("q") ?? undefined,
  };
}

/**
 * What one list request costs the database and the service, one at a time (no HTTP, no
 * queue), in the three states the cache can be in: after an order change (count, page
 * boundaries and answer all recomputed), after an opened order (answer recomputed, count and
 * boundaries known), and a hit. The writes are empty statements: they fire the triggers.
 */
export async function profileList(database: Database): Promise<void> {
  const service = createAdminOrderService(database.db, { settings: {} as SettingsService });
  const change = sql`update orders set updated_at = updated_at where false`;
  const mark = sql`update order_desk set seen_at = null where false`;
  const runs = 15;
  const median = async (before: (() => Promise<unknown>) | null, url: string) => {
    const times: number[] = [];
    for (let i = 0; i < runs; i++) {
      if (before) await before();
      const t0 = performance.now();
      await service.listJson(listQuery(url));
      times.push(performance.now() - t0);
    }
    times.sort((a, b) => a - b);
    return times[runs >> 1]!.toFixed(1).padStart(6);
  };
  const urls: Array<[string, string]> = [
    ["list, page 1 (20)", SCENARIOS[0]!.path],
    ["list, page 100 (50)", "/api/admin/orders?per_page=50&page=100"],
    ["list, page 200 (50)", "/api/admin/orders?per_page=50&page=200"],
    ...SEARCHES.map((q): [string, string] => [
      `search ${q}`,
      `/api/admin/orders?q=${encodeURIComponent(q)}`,
    ]),
    ["filtered page", SCENARIOS[3]!.path],
    ["filtered + Arabic search", SCENARIOS[4]!.path],
  ];
  console.log(
    "  one list request, in process, median of 15 (ms):  after order change / after opened order / hit",
  );
  for (const [label, url] of urls) {
    const cold = await median(() => database.db.execute(change), url);
    const page = await median(() => database.db.execute(mark), url);
    const hit = await median(null, url);
    console.log(`    ${label.padEnd(32)} ${cold} ${page} ${hit}`);
  }
  // Walking pages 1..200 after a change: each page seeks from the one before.
  await database.db.execute(change);
  const t0 = performance.now();
  for (let page = 1; page <= 200; page++) {
    await service.listJson(listQuery(`/api/admin/orders?per_page=50&page=${page}`));
  }
  console.log(
    `    pages 1..200 (50) in turn after a change: ${((performance.now() - t0) / 200).toFixed(1)} ms a page`,
  );
}

const percentile = (sorted: number[], q: number) =>
  sorted.length === 0
    ? Number.NaN
    : sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;

/** Seeded order g is pending when g % 6 = 0 (and its id is g in a fresh database). */
let nextPending = 0;

/** Confirms one pending order every `everyMs` until stopped; returns how many it changed. */
function statusChanges(base: string, token: string, everyMs: number) {
  let stop = false;
  let changed = 0;
  const done = (async () => {
    while (!stop) {
      const started = performance.now();
      nextPending += 6;
      const res = await fetch(`${base}/api/admin/orders/${nextPending}`, {
        method: "PATCH",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        body: JSON.stringify({ status: "confirmed" }),
      });
      await res.arrayBuffer();
      if (res.ok) changed++;
      await new Promise((r) => setTimeout(r, Math.max(0, everyMs - (performance.now() - started))));
    }
  })();
  return async () => {
    stop = true;
    await done;
    return changed;
  };
}

async function measure(
  url: string,
  token: string,
  next: (() => string) | undefined,
  connections: number,
  stats: () => Promise<{ hits: number; misses: number }>,
) {
  const headers = { authorization: `Bearer ${token}` };
  const requests = next
    ? [{ setupRequest: (r: { path: string }) => ({ ...r, path: next() }) }]
    : undefined;
  await autocannon({ url, connections, duration: 1, headers, requests });
  const before = await stats();
  const latencies: number[] = [];
  let failures = 0;
  const run = autocannon({ url, connections, duration: DURATION_S, headers, requests });
  run.on("response", (_client, status, _bytes, ms) => {
    latencies.push(ms);
    if (status !== 200) failures++;
  });
  const result = await run;
  const after = await stats();
  const hits = after.hits - before.hits;
  const answers = hits + after.misses - before.misses;
  latencies.sort((a, b) => a - b);
  return {
    hitShare: answers === 0 ? 0 : Math.round((100 * hits) / answers),
    p50: Math.round(percentile(latencies, 0.5)),
    p95: Math.round(percentile(latencies, 0.95)),
    rps: Math.round(result.requests.average),
    failures: failures + result.errors,
  };
}

async function benchApi(kind: "pglite" | "postgres", target: string): Promise<boolean> {
  const { port, token, child, stats } = await startBenchChild(
    here,
    ["--serve", kind, target],
    120_000,
  );
  let ok = true;
  nextPending = 0;
  try {
    const base = `http://127.0.0.1:${port}`;
    // The CSV of every order, streamed: time to the last byte and the server's memory after.
    const t0 = performance.now();
    const csv = await fetch(`${base}/api/admin/orders.csv`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const bytes = (await csv.arrayBuffer()).byteLength;
    console.log(
      `  CSV of all ${ORDERS} orders: ${(bytes / 1e6).toFixed(1)} MB in ${Math.round(performance.now() - t0)} ms`,
    );
    console.log(
      `  ${"".padEnd(52)} ${CONNECTIONS} connections: p50 / p95       1 connection: p50 / p95`,
    );
    for (const s of SCENARIOS) {
      const writer = s.writeEveryMs ? statusChanges(base, token, s.writeEveryMs) : null;
      const r = await measure(`${base}${s.path}`, token, s.next, CONNECTIONS, stats);
      const one = await measure(`${base}${s.path}`, token, s.next, 1, stats);
      const changed = writer ? await writer() : 0;
      const share = s.path.includes("/orders")
        ? ` [answers from memory: ${r.hitShare}% / ${one.hitShare}%]`
        : "";
      const pass = r.p95 < s.target && r.failures === 0;
      // The scenarios with writes show what misses cost; issue 11's targets are the others.
      if (!s.writeEveryMs) ok &&= pass;
      const ms = (n: number) => String(n).padStart(4);
      console.log(
        `  ${s.label.padEnd(52)} ${ms(r.p50)} / ${ms(r.p95)} ms ${String(r.rps).padStart(5)} req/s   ${ms(one.p50)} / ${ms(one.p95)} ms ${String(one.rps).padStart(5)} req/s  ${r.failures + one.failures ? `${r.failures + one.failures} failed ` : ""}${writer ? `(${changed} status changes; no target)` : pass ? "ok" : `MISSES < ${s.target} ms`}${share}`,
      );
    }
  } finally {
    await stopBenchChild(child);
  }
  return ok;
}

async function main(): Promise<void> {
  console.log(
    `Orders desk bench: ${ORDERS} orders, ${CONNECTIONS} connections, ${DURATION_S} s each`,
  );
  let allOk = true;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-bench-orders-"));
  try {
    console.log("\nPGlite (scratch DATA_DIR)");
    const database = await openPglite(dataDir);
    await prepare(database);
    await profileList(database);
    await database.close();
    allOk = (await benchApi("pglite", dataDir)) && allOk;
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }

  const onPostgres = await onScratchPostgres("shop_bench_orders", async (url) => {
    const database = await openPostgres(url, 4);
    await prepare(database);
    await profileList(database);
    await database.close();
    return benchApi("postgres", url);
  });
  if (onPostgres !== null) allOk = onPostgres && allOk;
  console.log(allOk ? "\nAll scenarios under target." : "\nSome scenarios missed the target.");
  process.exitCode = allOk ? 0 : 1;
}

const isEntry = process.argv[1] && path.resolve(process.argv[1]) === here;
if (isEntry && process.argv[2] === "--serve")
  await serveAdminApi((app) => app.services.adminOrders.answerStats());
else if (isEntry) await main();
