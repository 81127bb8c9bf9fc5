/**
 * Placing an order while Redis is down (issue 22): `npm run bench:redis-down`.
 *
 * Starts the API in a child process (scratch in-memory PGlite, rate limits on, REDIS_URL at a
 * TCP proxy this script runs in front of the real Redis at BENCH_REDIS_URL, default
 * redis://127.0.0.1:6379; the real server is never stopped) and places orders with
 * autocannon, each with its own Idempotency-Key and its own client address (TRUST_PROXY=1,
 * X-Forwarded-For), so no request is refused and every one is counted. Each round:
 *
 *   up       Redis answers (the baseline, in the same run)
 *   refused  the proxy is stopped: connections refused (measured from the moment it stops)
 *   hung     the proxy holds every byte: connections open, no answers
 *
 * with the proxy restored (and the shop seen counting in Redis again) after each outage.
 * Prints p50/p95 at BENCH_CONNECTIONS (default 10) and p50 at 1 connection per phase and
 * round and how many requests of each were counted in Redis, then each phase over all
 * BENCH_ROUNDS (default 5) and its ratio to "up". Target: p50 with Redis down within 1.5x
 * of up. BENCH_SECONDS (default 3) per measurement: short, so the machine's other load
 * falls on every phase alike.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { randomInt, randomUUID } from "node:crypto";
import fs from "node:fs";
import { createRequire } from "node:module";
import type net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Redis } from "ioredis";
import { buildApp } from "../src/server/app.ts";
import { loadConfig } from "../src/server/config.ts";
import { openPglite } from "../src/server/db/client.ts";
import { RedisProxy } from "../src/server/test/redis-proxy.ts";
import { seedOrderables } from "./fixtures.ts";
import { stopBenchChild } from "./server.ts";

const REDIS_URL = process.env.BENCH_REDIS_URL ?? "redis://127.0.0.1:6379";
const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
/** security.ts's key prefix and the orders route's limiter (RedisStore.child). */
const ORDER_KEYS = "shop-rate-limit:POST/api/orders-";
const here = fileURLToPath(import.meta.url);

type Request = { method?: string; path?: string; headers?: Record<string, string>; body?: string };
type Instance = PromiseLike<{ errors: number; timeouts: number }> & {
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

const ORDER_BODY = (ids: { tracked: number; untracked: number }) =>
  JSON.stringify({
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

/** Every autocannon run gets its own block of client addresses, 10.<block>.x.y. */
const firstBlock = randomInt(0, 250);
let runs = 0;
const nextBlock = () => (firstBlock + ++runs) % 250;

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

type Figures = {
  p50: number;
  p95: number;
  latencies: number[];
  requests: number;
  placed: number;
  /** Answers other than 201, by status. */
  other: Record<number, number>;
  inRedis: number;
};

async function placeOrders(
  base: string,
  body: string,
  connections: number,
  seconds: number,
  redis: Redis,
): Promise<Figures> {
  const block = nextBlock();
  let n = 0;
  const latencies: number[] = [];
  let placed = 0;
  const other: Record<number, number> = {};
  const instance = autocannon({
    url: base,
    connections,
    duration: seconds,
    requests: [
      {
        method: "POST",
        path: "/api/orders",
        headers: { "content-type": "application/json" },
        body,
        setupRequest: (request) => {
          n++;
          return {
            ...request,
            headers: {
              ...request.headers,
              "idempotency-key": randomUUID(),
              "x-forwarded-for": `10.${block}.${(n >> 8) & 255}.${n & 255}`,
            },
          };
        },
      },
    ],
  });
  instance.on("response", (_client, status, _bytes, ms) => {
    latencies.push(ms);
    if (status === 201) placed++;
    else other[status] = (other[status] ?? 0) + 1;
  });
  await instance;
  latencies.sort((a, b) => a - b);
  return {
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    latencies,
    requests: latencies.length,
    placed,
    other,
    inRedis: await countKeys(redis, `${ORDER_KEYS}10.${block}.*`),
  };
}

async function countKeys(redis: Redis, match: string): Promise<number> {
  let cursor = "0";
  let total = 0;
  do {
    const [next, keys] = await redis.scan(cursor, "MATCH", match, "COUNT", 1000);
    cursor = next;
    total += keys.length;
  } while (cursor !== "0");
  return total;
}

/** Until an order's count shows up in Redis: the shop counts there again. */
async function untilCountedInRedis(base: string, body: string, redis: Redis): Promise<number> {
  const started = performance.now();
  for (;;) {
    const address = `10.255.${randomInt(0, 256)}.${randomInt(0, 256)}`;
    await redis.del(`${ORDER_KEYS}${address}`);
    await fetch(`${base}/api/orders`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "idempotency-key": randomUUID(),
        "x-forwarded-for": address,
      },
      body,
    }).then((res) => res.arrayBuffer());
    if (await redis.exists(`${ORDER_KEYS}${address}`)) return performance.now() - started;
    if (performance.now() - started > 60_000) throw new Error("not back on Redis in 60 s");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function startServer(redisUrl: string) {
  const child = spawn(process.execPath, ["--import", "tsx", here, "--serve", redisUrl], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  const logs: string[] = [];
  return new Promise<{ base: string; body: string; child: ChildProcess; logs: string[] }>(
    (resolve, reject) => {
      const timer = setTimeout(() => reject(new Error("server did not start in 120 s")), 120_000);
      let out = "";
      child.stdout!.on("data", (chunk: Buffer) => {
        out += chunk.toString();
        for (let end = out.indexOf("\n"); end >= 0; end = out.indexOf("\n")) {
          const line = out.slice(0, end);
          out = out.slice(end + 1);
          const ready = /^READY (\d+) (\d+) (\d+)$/.exec(line);
          if (ready) {
            clearTimeout(timer);
            resolve({
              base: `http://127.0.0.1:${ready[1]}`,
              body: ORDER_BODY({ tracked: Number(ready[2]), untracked: Number(ready[3]) }),
              child,
              logs,
            });
          } else if (line.startsWith("{")) {
            logs.push((JSON.parse(line) as { msg: string }).msg);
          }
        }
      });
      child.once("exit", (code) => reject(new Error(`server exited with ${code}`)));
    },
  );
}

const PHASES = ["up", "refused", "hung"] as const;
type Phase = (typeof PHASES)[number];
/** NaN: no request of that measurement was answered. */
const ms = (n: number) => (Number.isNaN(n) ? "  none   " : `${n.toFixed(1).padStart(6)} ms`);
const HEADER = `${"Redis".padEnd(8)} ${CONNECTIONS} conn p50 / p95      1 conn p50   counted in Redis`;
const line = (phase: Phase, many: Figures, one: Figures) =>
  `${phase.padEnd(8)} ${ms(many.p50)} / ${ms(many.p95)}  ${ms(one.p50)}   ${many.inRedis + one.inRedis} of ${many.requests + one.requests} (${many.placed + one.placed} placed${Object.keys(many.other).length + Object.keys(one.other).length ? `; other: ${JSON.stringify(many.other)} ${JSON.stringify(one.other)}` : ""})`;

async function main(): Promise<void> {
  const target = new URL(REDIS_URL);
  const redis = new Redis(REDIS_URL, { connectTimeout: 2000, maxRetriesPerRequest: 1 });
  redis.on("error", () => {});
  try {
    await redis.ping();
  } catch (error) {
    console.log(`Redis at ${REDIS_URL} is not reachable (${(error as Error).message}).`);
    console.log(
      `Start it (redis-server --daemonize yes --save "" --appendonly no) or set BENCH_REDIS_URL.`,
    );
    process.exitCode = 1;
    redis.disconnect();
    return;
  }
  console.log(
    `Place an order with Redis up and down: ${ROUNDS} rounds, ${CONNECTIONS} connections (and 1), ${SECONDS} s each, node ${process.version}, ${os.cpus().length} CPUs`,
  );
  const proxy = new RedisProxy({ host: target.hostname, port: Number(target.port || 6379) });
  await proxy.start();
  const { base, body, child, logs } = await startServer(`redis://127.0.0.1:${proxy.port}`);
  const rows: Array<{ round: number; phase: Phase; many: Figures; one: Figures }> = [];
  const measure = async (round: number, phase: Phase) => {
    const many = await placeOrders(base, body, CONNECTIONS, SECONDS, redis);
    const one = await placeOrders(base, body, 1, SECONDS, redis);
    rows.push({ round, phase, many, one });
    console.log(`  round ${round} ${line(phase, many, one)}`);
  };
  try {
    await untilCountedInRedis(base, body, redis);
    // Warm-up: JIT, prepared plans, the settings cache.
    await placeOrders(base, body, CONNECTIONS, 2, redis);
    console.log(`\n          ${HEADER}`);
    for (let round = 1; round <= ROUNDS; round++) {
      await measure(round, "up");

      await proxy.stop();
      await measure(round, "refused");
      await proxy.start();
      const backMs = await untilCountedInRedis(base, body, redis);

      proxy.freeze();
      await measure(round, "hung");
      proxy.thaw();
      const thawedMs = await untilCountedInRedis(base, body, redis);
      console.log(
        `          (counting in Redis again ${Math.round(backMs)} ms after it took connections again, ${Math.round(thawedMs)} ms after it answered again)`,
      );
    }
  } finally {
    await stopBenchChild(child);
    await proxy.stop();
    redis.disconnect();
  }

  // Every request of a phase over all rounds: the machine is shared, and rounds interleave
  // the phases so that others' load falls on all three alike.
  const pooled = (phase: Phase, pick: (r: (typeof rows)[number]) => Figures) => {
    const all = rows
      .filter((r) => r.phase === phase)
      .flatMap((r) => pick(r).latencies)
      .sort((a, b) => a - b);
    return { p50: percentile(all, 50), p95: percentile(all, 95) };
  };
  const up = { many: pooled("up", (r) => r.many), one: pooled("up", (r) => r.one) };
  console.log(
    `\n  all ${ROUNDS} rounds    ${CONNECTIONS} conn p50 / p95         x up    1 conn p50 / p95        x up`,
  );
  let worst = 0;
  for (const phase of PHASES) {
    const many = pooled(phase, (r) => r.many);
    const one = pooled(phase, (r) => r.one);
    // No answer at all (NaN) is the worst outcome, not a missing one.
    if (phase !== "up") worst = Math.max(worst, many.p50 / up.many.p50 || Number.POSITIVE_INFINITY);
    console.log(
      `  ${phase.padEnd(16)} ${ms(many.p50)} / ${ms(many.p95)}  ${(many.p50 / up.many.p50).toFixed(2).padStart(5)}   ${ms(one.p50)} / ${ms(one.p95)}  ${(one.p50 / up.one.p50).toFixed(2).padStart(5)}`,
    );
  }
  const fallbacks = logs.filter((text) => text.includes("Redis unreachable")).length;
  console.log(`\n  "Redis unreachable" logged ${fallbacks} time(s) for ${2 * ROUNDS} outages`);
  const ok = worst <= 1.5;
  console.log(
    ok
      ? `  Target met: p50 with Redis down within 1.5x of up (worst ${worst.toFixed(2)}x).`
      : `  Target missed: p50 with Redis down ${worst.toFixed(2)}x up.`,
  );
  process.exitCode = ok ? 0 : 1;
}

/** Child mode: the API with rate limits on and REDIS_URL at the proxy, on a loopback port. */
async function serve(redisUrl: string): Promise<void> {
  const database = await openPglite();
  await database.migrate();
  const { tracked, untracked } = await seedOrderables(database.db);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-bench-redis-"));
  const config = loadConfig({
    NODE_ENV: "production",
    DATA_DIR: dataDir,
    LOG_LEVEL: "warn",
    SEED_DEMO: "false",
    REDIS_URL: redisUrl,
    // The bench's X-Forwarded-For picks the client address: one budget per simulated shopper.
    TRUST_PROXY: "1",
  });
  // Warnings only (the fallback's line among them), as JSON lines on stdout for the parent.
  const app = await buildApp({
    config,
    database,
    web: "none",
    rateLimit: true,
    logger: { level: "warn" },
  });
  await app.listen({ host: "127.0.0.1", port: 0 });
  const { port } = app.server.address() as net.AddressInfo;
  process.stdout.write(`READY ${port} ${tracked} ${untracked}\n`);
  process.once("SIGTERM", async () => {
    await app.close();
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
    process.exit(0);
  });
}

const isEntry = process.argv[1] && path.resolve(process.argv[1]) === here;
if (isEntry && process.argv[2] === "--serve") await serve(process.argv[3]!);
else if (isEntry) await main();
