// Throughput of the built shop against the machine's limit: each target is driven by
// autocannon (10 connections) and so is a bare `node:http` server, in its own process, that
// sends the very same bytes and headers; the shop's figure is printed as a share of the bare
// one, measured in the same run. Also: one request at a time on an idle server (a cold render
// and a repeat that the page cache may serve), /healthz while pages are under load, and the
// HTML size of each page.
//
//   npm run build && npm run bench:throughput            (BENCH_DURATION=5 seconds per run)
//
// Loopback only; every loop is bounded; the scratch DATA_DIR is removed at the end.
import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { brotliCompressSync, gzipSync } from "node:zlib";
import { freePort, type RunningShop, startShop } from "./server.ts";

const CONNECTIONS = 10;
const DURATION_S = Number(process.env.BENCH_DURATION ?? 5);
const IDLE_RUNS = Number(process.env.BENCH_IDLE_RUNS ?? 20);
/** Fresh renders of each page before the idle figures are taken. */
const WARMUP_RUNS = Number(process.env.BENCH_WARMUP_RUNS ?? 20);
/** What a browser sends: compression and a language, no cookie (a first, anonymous visit). */
const HEADERS = { "accept-encoding": "br, gzip", "accept-language": "en" };

type AutocannonResult = { requests: { average: number }; non2xx: number; errors: number };
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
// autocannon ships no types; this is the part of its API the bench uses.
const autocannon = createRequire(import.meta.url)("autocannon") as Autocannon;

const percentile = (sorted: number[], q: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]! : Number.NaN;

type Load = { rps: number; p50: number; p95: number; bad: number };

async function load(url: string, duration = DURATION_S): Promise<Load> {
  const latencies: number[] = [];
  let bad = 0;
  const run = autocannon({ url, connections: CONNECTIONS, duration, headers: HEADERS });
  run.on("response", (_client, status, _bytes, ms) => {
    if (status >= 400) bad++;
    latencies.push(ms);
  });
  const result = await run;
  latencies.sort((a, b) => a - b);
  return {
    rps: result.requests.average,
    p50: percentile(latencies, 0.5),
    p95: percentile(latencies, 0.95),
    bad: bad + result.errors,
  };
}

type Captured = { status: number; headers: Record<string, string>; body: Buffer };

/** One request, raw bytes as sent (no decompression), with the time it took. */
function get(
  url: string,
  headers: Record<string, string> = HEADERS,
  agent?: http.Agent,
): Promise<Captured & { ms: number }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    http
      .get(url, { headers, agent }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => {
          const kept: Record<string, string> = {};
          for (const name of ["content-type", "content-encoding", "vary", "content-language"]) {
            const value = res.headers[name];
            if (typeof value === "string") kept[name] = value;
          }
          resolve({
            status: res.statusCode ?? 0,
            headers: kept,
            body: Buffer.concat(chunks),
            ms: performance.now() - started,
          });
        });
      })
      .on("error", reject);
  });
}

/** A bare node:http server in its own process answering each path with captured bytes. */
async function startBare(
  responses: Record<string, Captured>,
): Promise<{ url: string; stop(): void }> {
  const file = path.join(os.tmpdir(), `shop-bench-bare-${process.pid}.json`);
  fs.writeFileSync(
    file,
    JSON.stringify(
      Object.fromEntries(
        Object.entries(responses).map(([p, r]) => [
          p,
          { status: r.status, headers: r.headers, body: r.body.toString("base64") },
        ]),
      ),
    ),
  );
  const port = await freePort();
  const script = `
    const http = require("node:http");
    const all = JSON.parse(require("node:fs").readFileSync(${JSON.stringify(file)}, "utf8"));
    for (const r of Object.values(all)) r.body = Buffer.from(r.body, "base64");
    http.createServer((req, res) => {
      const r = all[req.url];
      if (!r) { res.writeHead(404); res.end(); return; }
      res.writeHead(r.status, { ...r.headers, "content-length": r.body.length });
      res.end(r.body);
    }).listen(${port}, "127.0.0.1", () => process.send("ready"));`;
  const child: ChildProcess = spawn(process.execPath, ["-e", script], {
    stdio: ["ignore", "ignore", "inherit", "ipc"],
  });
  await new Promise<void>((resolve, reject) => {
    child.once("message", () => resolve());
    child.once("exit", (code) => reject(new Error(`bare server exited with ${code}`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    stop: () => {
      child.kill();
      fs.rmSync(file, { force: true });
    },
  };
}

const ms = (n: number) => `${n.toFixed(n < 10 ? 1 : 0)} ms`;
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

let shop: RunningShop | null = null;
let bare: { url: string; stop(): void } | null = null;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-bench-throughput-"));
try {
  shop = await startShop(dataDir);
  const base = shop.url;
  const list = JSON.parse((await get(`${base}/api/products`, {})).body.toString()) as {
    data: { id: number | string }[];
  };
  const productId = list.data[0]?.id;
  if (productId === undefined) throw new Error("no product in the demo catalogue");

  const targets = [
    { label: "GET /api/products", path: "/api/products" },
    { label: "GET /api/products/{id}", path: `/api/products/${productId}` },
    { label: "SSR /", path: "/" },
    { label: "SSR /shop", path: "/shop" },
    { label: "SSR /product/{id}", path: `/product/${productId}` },
    { label: "SSR /about", path: "/about" },
  ];
  const pages = targets.filter((t) => t.label.startsWith("SSR"));

  // Idle server, one request at a time over one keep-alive connection. A unique query string
  // makes every request a fresh render (a page-cache miss); the plain path may be cached.
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  console.log(
    `\nOne request at a time on an idle server, after ${WARMUP_RUNS} renders of each page (median of ${IDLE_RUNS}; ${CONNECTIONS} connections below, ${DURATION_S} s each)`,
  );
  console.log("| page | cold render | repeat (cacheable) | HTML raw | gzip | brotli |");
  console.log("|---|---|---|---|---|---|");
  let bust = 0;
  // Warm first: the server has just started, and a page's first renders run code the JIT has
  // not compiled yet (bench:startup measures the very first page after a start).
  for (const page of pages) {
    const sep = page.path.includes("?") ? "&" : "?";
    for (let i = 0; i < WARMUP_RUNS; i++)
      await get(`${base}${page.path}${sep}warm=${bust++}`, HEADERS, agent);
  }
  for (const page of pages) {
    const cold: number[] = [];
    const warm: number[] = [];
    for (let i = 0; i < IDLE_RUNS; i++) {
      const sep = page.path.includes("?") ? "&" : "?";
      cold.push((await get(`${base}${page.path}${sep}bench=${bust++}`, HEADERS, agent)).ms);
    }
    for (let i = 0; i < IDLE_RUNS; i++) warm.push((await get(base + page.path, HEADERS, agent)).ms);
    cold.sort((a, b) => a - b);
    warm.sort((a, b) => a - b);
    const raw = (await get(base + page.path, { "accept-language": "en" })).body;
    console.log(
      `| ${page.path} | ${ms(percentile(cold, 0.5))} | ${ms(percentile(warm, 0.5))} | ${kb(raw.length)} | ${kb(gzipSync(raw).length)} | ${kb(brotliCompressSync(raw).length)} |`,
    );
  }
  agent.destroy();

  // The same bytes from a bare server: captured once, after the warm-up above.
  const captured: Record<string, Captured> = {};
  for (const target of targets) {
    const response = await get(base + target.path);
    if (response.status !== 200) throw new Error(`${target.path}: ${response.status}`);
    captured[target.path] = response;
  }
  bare = await startBare(captured);

  console.log(`\nThroughput, ${CONNECTIONS} connections, ${DURATION_S} s each`);
  console.log("| target | shop req/s | p50 / p95 | bare req/s | p50 / p95 | shop / bare |");
  console.log("|---|---|---|---|---|---|");
  for (const target of targets) {
    const mine = await load(base + target.path);
    const theirs = await load(bare.url + target.path);
    const errors = mine.bad ? ` (${mine.bad} errors)` : "";
    console.log(
      `| ${target.label} | ${mine.rps.toFixed(0)}${errors} | ${ms(mine.p50)} / ${ms(mine.p95)} | ${theirs.rps.toFixed(0)} | ${ms(theirs.p50)} / ${ms(theirs.p95)} | ${((100 * mine.rps) / theirs.rps).toFixed(1)}% |`,
    );
  }

  // /healthz, one probe at a time, while 10 connections ask for pages: plain /shop (served
  // from the page cache, as anonymous visitors get it) and /shop?bench=N (a fresh render each:
  // the worst case for the event loop).
  for (const fresh of [false, true]) {
    const probes: number[] = [];
    let loading = true;
    let n = 0;
    let pageRps = 0;
    const pageLoad = (async () => {
      const run = autocannon({
        url: `${base}/shop`,
        connections: CONNECTIONS,
        duration: DURATION_S,
        headers: HEADERS,
        requests: fresh
          ? [{ setupRequest: (req) => ({ ...req, path: `/shop?bench=h${n++}` }) }]
          : undefined,
      });
      pageRps = (await run).requests.average;
      loading = false;
    })();
    const probeAgent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    await new Promise((resolve) => setTimeout(resolve, 500));
    while (loading) {
      probes.push((await get(`${base}/healthz`, {}, probeAgent)).ms);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await pageLoad;
    probeAgent.destroy();
    probes.sort((a, b) => a - b);
    console.log(
      `\n/healthz while ${fresh ? "fresh renders of /shop?bench=N" : "/shop (page cache)"} under ${CONNECTIONS} connections: p50 ${ms(percentile(probes, 0.5))}, p95 ${ms(percentile(probes, 0.95))}, max ${ms(probes.at(-1) ?? Number.NaN)} (${probes.length} probes); pages ${pageRps.toFixed(0)} req/s`,
    );
  }
} finally {
  bare?.stop();
  if (shop) await shop.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
