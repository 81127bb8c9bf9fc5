// Page reads through nginx while orders are placed (issue 22): the fault drill's deployment
// (scripts/cluster.ts: its own PostgreSQL, Redis, two instances of the build, nginx from
// deploy/nginx/shop.conf) read with autocannon, 10 connections cycling over the home page, the
// shop, four product pages and the kitchen: without orders, while 5 orders a second are placed
// through nginx (half of them change stock that pages show), and while 5 a second are placed
// for untracked products only (what an order costs without staling any page). Prints req/s,
// p50 and p99 of each run and the share of reads kept while ordering, against the runs
// without orders either side (target >= 70%).
//
//   npm run build && npm run bench:nginx     (BENCH_DURATION=8 seconds a run, BENCH_ROUNDS=2)
//
// Loopback only; every loop is bounded; everything it started is stopped and removed.
import { createRequire } from "node:module";
import os from "node:os";
import {
  type Cluster,
  linesFor,
  type Orderable,
  type OrderOutcome,
  placeOrder,
  prepareOrderables,
  request,
  startCluster,
} from "../scripts/cluster.ts";

const DURATION_S = Number(process.env.BENCH_DURATION ?? 8);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const CONNECTIONS = 10;
const ORDERS_PER_S = 5;
const TARGET = 0.7;
/** What a browser sends on a first visit: compression and a language, no cookie. */
const HEADERS = { "accept-encoding": "br, gzip", "accept-language": "en" };

type Result = {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number };
  non2xx: number;
  errors: number;
};
// autocannon ships no types; this is the part of its API the bench uses.
type Autocannon = (opts: {
  url: string;
  connections: number;
  duration: number;
  headers: Record<string, string>;
  requests: { path: string }[];
}) => Promise<Result>;
const autocannon = createRequire(import.meta.url)("autocannon") as Autocannon;

type Run = {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  bad: number;
  /** Runs with orders: what was ordered, and req/s as a share of the runs either side. */
  orders?: string;
  share?: number;
};

const percentile = (sorted: number[], q: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]! : Number.NaN;

async function reads(cluster: Cluster, paths: string[], name: string): Promise<Run> {
  const result = await autocannon({
    url: cluster.url,
    connections: CONNECTIONS,
    duration: DURATION_S,
    headers: HEADERS,
    requests: paths.map((path) => ({ path })),
  });
  return {
    name,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    bad: result.non2xx + result.errors,
  };
}

/** Page reads while 5 orders a second are placed, each on its own schedule. */
async function whileOrdering(
  cluster: Cluster,
  paths: string[],
  orderables: Orderable[],
  name: string,
): Promise<Run> {
  const outcomes: OrderOutcome[] = [];
  const latencies: number[] = [];
  const pending: Promise<void>[] = [];
  const timer = setInterval(() => {
    const i = orderCount++;
    const started = performance.now();
    pending.push(
      placeOrder(
        cluster.url,
        `bench-${runId}-${i}`,
        linesFor(orderables, i),
        i,
        Date.now() + 30_000,
      ).then((outcome) => {
        outcomes.push(outcome);
        latencies.push(performance.now() - started);
      }),
    );
  }, 1000 / ORDERS_PER_S);
  const started = performance.now();
  const run = await reads(cluster, paths, name);
  clearInterval(timer);
  const seconds = (performance.now() - started) / 1000;
  await Promise.all(pending);
  latencies.sort((a, b) => a - b);
  const acked = outcomes.filter((o) => o.kind === "acked").length;
  run.orders =
    `${acked} of ${outcomes.length} orders acknowledged (${(acked / seconds).toFixed(1)}/s), ` +
    `order p50 ${percentile(latencies, 0.5).toFixed(0)} ms, p99 ${percentile(latencies, 0.99).toFixed(0)} ms`;
  return run;
}

const runId = Date.now();
let orderCount = 0;

async function main(): Promise<void> {
  const log = (line: string) => console.log(line);
  const cluster = await startCluster({ log });
  try {
    // Plenty of everything: no order is refused for stock during the bench.
    const orderables = await prepareOrderables(cluster.pg, 1_000_000);
    const paths = ["/", "/shop", ...orderables.map((o) => `/product/${o.id}`), "/our-kitchen"];
    for (let round = 0; round < 3; round++) {
      for (const path of paths) await request(`${cluster.url}${path}`, { headers: HEADERS });
    }

    // JIT and first renders: the first figures of a fresh process are half the later ones.
    await reads(cluster, paths, "warm-up");
    const load = os.loadavg()[0]!.toFixed(1);
    // Rounds of: with orders, without, with orders for untracked products only, without. Each
    // run with orders is compared with the runs without just before and after it (this
    // machine's speed drifts as others use it); the figure is the median over the rounds.
    const runs: Run[] = [await reads(cluster, paths, "no orders")];
    const untracked = orderables.filter((o) => !o.tracked);
    for (let round = 1; round <= ROUNDS; round++) {
      runs.push(await whileOrdering(cluster, paths, orderables, `${ORDERS_PER_S} orders/s`));
      runs.push(await reads(cluster, paths, "no orders"));
      // No stock any page shows changes: what an order costs, without re-rendering pages.
      runs.push(
        await whileOrdering(
          cluster,
          paths,
          untracked,
          `${ORDERS_PER_S} orders/s, untracked products only`,
        ),
      );
      runs.push(await reads(cluster, paths, "no orders"));
    }
    runs.forEach((run, i) => {
      if (run.orders) run.share = run.rps / ((runs[i - 1]!.rps + runs[i + 1]!.rps) / 2);
    });

    console.log(
      `\nPage reads through nginx, 2 instances, PostgreSQL + Redis, ${CONNECTIONS} connections, ${DURATION_S} s a run, ` +
        `paths ${paths.join(" ")}; load average ${load} at the start, ${os.loadavg()[0]!.toFixed(1)} at the end`,
    );
    console.log(
      "| run | req/s | p50 ms | p99 ms | non-2xx/errors | share of the runs without | orders |",
    );
    console.log("| --- | ---: | ---: | ---: | ---: | ---: | --- |");
    for (const run of runs) {
      console.log(
        `| ${run.name} | ${run.rps.toFixed(0)} | ${run.p50} | ${run.p99} | ${run.bad} | ` +
          `${run.share === undefined ? "" : `${(run.share * 100).toFixed(0)}%`} | ${run.orders ?? ""} |`,
      );
    }
    const median = (name: string) => {
      const shares = runs
        .filter((r) => r.name === name)
        .map((r) => r.share!)
        .sort((a, b) => a - b);
      return shares.length % 2
        ? shares[(shares.length - 1) / 2]!
        : (shares[shares.length / 2 - 1]! + shares[shares.length / 2]!) / 2;
    };
    const ratio = median(`${ORDERS_PER_S} orders/s`);
    console.log(
      `\nReads kept while ${ORDERS_PER_S} orders/s are placed: ${(ratio * 100).toFixed(0)}% ` +
        `(median of ${ROUNDS}; target >= ${TARGET * 100}%: ${ratio >= TARGET ? "met" : "missed"}); ` +
        `with orders for untracked products only: ` +
        `${(median(`${ORDERS_PER_S} orders/s, untracked products only`) * 100).toFixed(0)}%`,
    );
  } finally {
    await cluster.stop();
  }
}

await main();
