import { writeFileSync } from "node:fs";
import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import { type Db, openPostgres } from "../src/server/db/client.ts";
import { createReportsService } from "../src/server/modules/reports/service.ts";
import { addDays, businessDate } from "../src/shared/domain/business-time.ts";
import { REPORT_GROUPS } from "../src/shared/domain/reports.ts";
import { onScratchPostgres } from "./server.ts";

/**
 * The sales report at 100,000 orders (two lines each) over a year on PostgreSQL: the p95 of
 * one report (rows, totals and the period before's totals: what one request costs the
 * service) per grouping, for a month and for the whole year, against a bare baseline (one
 * `select 1` round trip on the same pool). Target: p95 < 200 ms.
 *   npx tsx bench/reports.ts      (BENCH_ORDERS, BENCH_RUNS, BENCH_DATABASE_URL to change)
 * BENCH_EXPLAIN=<file> also writes EXPLAIN (ANALYZE, BUFFERS) of every query one report runs,
 * per grouping and range, to that file, and prints each query's execution time.
 */
const ORDERS = Number(process.env.BENCH_ORDERS ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 40);
const TARGET_MS = 200;
const EXPLAIN = process.env.BENCH_EXPLAIN;

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)]!;

async function timed(runs: number, run: () => Promise<unknown>) {
  await run();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await run();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 0.5), p95: percentile(times, 0.95) };
}

await onScratchPostgres("bench_reports", async (url) => {
  const database = await openPostgres(url);
  try {
    await database.migrate();
    const db = database.db;
    const t0 = performance.now();
    await db.execute(sql`
      insert into categories (slug, name_en, name_ar)
      select 'bench-cat-' || n, 'Category ' || n, 'فئة ' || n from generate_series(1, 8) n`);
    await db.execute(sql`
      insert into products (name_en, name_ar, price_cents, sku, category_id)
      select 'Sweet ' || n, 'حلوى ' || n, 2000 + n * 10, 'BENCH-' || n,
        (select min(id) from categories) + n % 8
      from generate_series(1, 60) n`);
    const seconds = Math.floor((365 * 86_400) / ORDERS);
    for (let start = 1; start <= ORDERS; start += 20_000) {
      const end = Math.min(ORDERS, start + 19_999);
      await db.execute(sql`
        insert into orders (number, status, access_key_hash, name, phone, email, country, city,
          address, lang, payment_method, payment_status, paid_cents, refunded_cents,
          subtotal_cents, discount_cents, discount_percent, discount_source, delivery_fee_cents,
          total_cents, total_grams, source, shipping_zone_name, shipping_zone_name_ar,
          idempotency_key_hash, request_hash, created_at, updated_at)
        select 'SW-' || (500000 + g),
          (array['confirmed','preparing','shipped','completed','completed','canceled'])[1 + g % 6],
          md5('k' || g), 'Customer ' || (g * 7) % 25000, '+963911' || lpad(((g * 7) % 25000)::text, 6, '0'),
          null, (array['SY','LB','JO','DE','QA','AE'])[1 + g % 6], 'Damascus', 'Old City', 'en',
          (array['cod','bank_transfer','card'])[1 + g % 3],
          case when g % 4 = 0 then 'unpaid' when g % 17 = 0 then 'partially_refunded' else 'paid' end,
          case when g % 4 = 0 then null else 3900 + g % 5000 end,
          case when g % 17 = 0 and g % 4 <> 0 then 500 else 0 end,
          2400 + g % 5000, 0, 0, 'none', 1500, 3900 + g % 5000, 1500,
          (array['web','web','phone','messaging','in_person'])[1 + g % 5],
          (array['Syria','Near East','Europe','Gulf'])[1 + g % 4], 'منطقة',
          md5('i' || g), md5('r' || g),
          now() - make_interval(secs => (${ORDERS} - g) * ${seconds}), now()
        from generate_series(${start}::int, ${end}::int) g`);
    }
    await db.execute(sql`
      insert into order_lines (order_id, product_id, name_en, name_ar, grams, qty, unit_price_cents, line_total_cents)
      select o.id, p.id, p.name_en, p.name_ar, 500 * (1 + k), 1, 1200, 1200
      from orders o, generate_series(0, 1) k,
        lateral (select id, name_en, name_ar from products order by id offset (o.id + k * 7) % 60 limit 1) p`);
    await db.execute(sql`vacuum analyze`);
    console.log(
      `  seeded ${ORDERS} orders, ${ORDERS * 2} lines in ${Math.round(performance.now() - t0)} ms`,
    );

    const service = createReportsService(db);
    const today = businessDate(new Date());
    const ranges = [
      ["last 30 days", addDays(today, -29)],
      ["last 365 days", addDays(today, -364)],
    ] as const;
    const base = await timed(RUNS, () => db.execute(sql`select 1`));
    console.log(
      `  baseline (select 1): p50 ${base.p50.toFixed(1)} ms, p95 ${base.p95.toFixed(1)} ms`,
    );
    if (EXPLAIN) await explainAll(url, ranges, today);
    let worst = 0;
    for (const [label, from] of ranges) {
      for (const group of REPORT_GROUPS) {
        const r = await timed(RUNS, () => service.sales({ from, to: today, group }));
        worst = Math.max(worst, r.p95);
        console.log(
          `  ${label.padEnd(14)} ${group.padEnd(9)} p50 ${r.p50.toFixed(1).padStart(6)} ms   p95 ${r.p95.toFixed(1).padStart(6)} ms`,
        );
      }
    }
    console.log(
      `  worst p95 ${worst.toFixed(1)} ms (target < ${TARGET_MS} ms): ${worst < TARGET_MS ? "ok" : "OVER"}`,
    );
  } finally {
    await database.close();
  }
});

/**
 * The plans: the service runs once on a database whose logger keeps each query, and each kept
 * query runs again under EXPLAIN ANALYZE (its parameters as they were sent).
 */
async function explainAll(
  url: string,
  ranges: ReadonlyArray<readonly [string, string]>,
  to: string,
) {
  const pool = new pg.Pool({ connectionString: url, max: 4 });
  const kept: Array<{ query: string; params: unknown[] }> = [];
  const logged = drizzle(pool, {
    casing: "snake_case",
    logger: { logQuery: (query, params) => kept.push({ query, params }) },
  }) as unknown as Db;
  const service = createReportsService(logged);
  const out: string[] = [];
  try {
    for (const [label, from] of ranges) {
      for (const group of REPORT_GROUPS) {
        kept.length = 0;
        await service.sales({ from, to, group });
        const times: string[] = [];
        for (const { query, params } of kept) {
          const { rows } = await pool.query(`explain (analyze, buffers) ${query}`, params);
          const plan = rows.map((r) => r["QUERY PLAN"] as string);
          out.push(`-- ${label} / ${group}`, query, ...plan, "");
          times.push(plan.at(-1)!.replace(/^Execution Time: /, ""));
        }
        console.log(`  explain ${label.padEnd(14)} ${group.padEnd(9)} ${times.join(", ")}`);
      }
    }
    writeFileSync(EXPLAIN!, out.join("\n"));
    console.log(`  plans written to ${EXPLAIN}`);
  } finally {
    await pool.end();
  }
}
