// Shipping quote (issue 23): POST /api/shipping/quote at 10 connections with autocannon
// against the API served from its own process on a scratch, migrated PGlite database (the
// migrations seed today's zones, refused list and caps). Four carts: domestic delivery
// with its days, a capped zone, a refused country and a cart over a cap. Beside each, a bare
// `node:http` server in its own process that reads the same POST body and answers the very
// same bytes: the shop's rate as a share of it is printed, measured in the same run.
//
//   npm run bench:shipping        (BENCH_DURATION=4 seconds per run; target p95 < 10 ms)
//
// Loopback only; every loop is bounded; the scratch DATA_DIR is removed at the end.
import type { ChildProcess } from "node:child_process";
import fs from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { openPglite } from "../src/server/db/client.ts";
import { listenBenchApi } from "./serve-admin-api.ts";
import { freePort, startBenchChild, stopBenchChild } from "./server.ts";

const CONNECTIONS = 10;
const DURATION_S = Number(process.env.BENCH_DURATION ?? 4);
const TARGET_P95_MS = 10;
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
  method: "POST";
  headers: Record<string, string>;
  body: string;
}) => AutocannonInstance;
// autocannon ships no types; this is the part of its API the bench uses.
const autocannon = createRequire(import.meta.url)("autocannon") as Autocannon;

const line = (grams: number, qty: number) => ({ productId: 1, grams, qty });
const SCENARIOS = [
  { label: "Syria, 1.5 kg (delivery + days)", body: { country: "SY", lines: [line(500, 3)] } },
  { label: "Germany, 2 kg (3 kg zone)", body: { country: "DE", lines: [line(1000, 2)] } },
  { label: "Portugal (refused)", body: { country: "PT", lines: [line(500, 1)] } },
  { label: "France, 2 kg (over the 1 kg cap)", body: { country: "FR", lines: [line(1000, 2)] } },
];

const percentile = (sorted: number[], q: number) =>
  sorted.length === 0
    ? Number.NaN
    : sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;

type Measured = { p50: number; p95: number; rps: number; failures: number };

async function measure(url: string, body: string): Promise<Measured> {
  const opts = {
    url,
    connections: CONNECTIONS,
    method: "POST" as const,
    headers: { "content-type": "application/json" },
    body,
  };
  // Warm up (JIT, the rules cache) before the measured run.
  await autocannon({ ...opts, duration: 1 });
  const latencies: number[] = [];
  let failures = 0;
  const run = autocannon({ ...opts, duration: DURATION_S });
  run.on("response", (_client, status, _bytes, ms) => {
    latencies.push(ms);
    if (status !== 200) failures++;
  });
  const result = await run;
  latencies.sort((a, b) => a - b);
  return {
    p50: percentile(latencies, 0.5),
    p95: percentile(latencies, 0.95),
    rps: result.requests.average,
    failures: failures + result.errors,
  };
}

const fmt = (ms: number) => `${ms.toFixed(1)} ms`.padStart(8);

async function main(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-bench-shipping-"));
  const answers = path.join(dataDir, "answers.json");
  let shop: ChildProcess | null = null;
  let bare: ChildProcess | null = null;
  let ok = true;
  try {
    const database = await openPglite(dataDir);
    await database.migrate();
    await database.close();
    const served = await startBenchChild(here, ["--serve", dataDir]);
    shop = served.child;
    const url = `http://127.0.0.1:${served.port}/api/shipping/quote`;

    // The shop's exact answers, for the bare server to send back.
    const captured: Record<string, { headers: Record<string, string>; body: string }> = {};
    for (const s of SCENARIOS) {
      const body = JSON.stringify(s.body);
      const res = await fetch(url, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body,
      });
      if (res.status !== 200) throw new Error(`${s.label}: ${res.status} ${await res.text()}`);
      captured[body] = {
        headers: { "content-type": res.headers.get("content-type") ?? "application/json" },
        body: await res.text(),
      };
    }
    fs.writeFileSync(answers, JSON.stringify(captured));
    const bareServed = await startBenchChild(here, ["--bare", answers]);
    bare = bareServed.child;
    const bareUrl = `http://127.0.0.1:${bareServed.port}/api/shipping/quote`;

    console.log(
      `POST /api/shipping/quote, ${CONNECTIONS} connections, ${DURATION_S} s each (PGlite, seeded zones)`,
    );
    console.log(
      "| cart | shop p50 / p95 | shop req/s | bare p50 / p95 | bare req/s | shop / bare |",
    );
    console.log("|---|---|---|---|---|---|");
    for (const s of SCENARIOS) {
      const body = JSON.stringify(s.body);
      const mine = await measure(url, body);
      const theirs = await measure(bareUrl, body);
      const pass = mine.p95 < TARGET_P95_MS && mine.failures === 0;
      ok &&= pass;
      console.log(
        `| ${s.label} | ${fmt(mine.p50)} / ${fmt(mine.p95)} | ${mine.rps.toFixed(0)} | ${fmt(theirs.p50)} / ${fmt(theirs.p95)} | ${theirs.rps.toFixed(0)} | ${((100 * mine.rps) / theirs.rps).toFixed(1)}% | ${pass ? "ok" : `MISS${mine.failures ? ` (${mine.failures} failed)` : ""}`}`,
      );
    }
  } finally {
    if (bare) await stopBenchChild(bare);
    if (shop) await stopBenchChild(shop);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  console.log(
    ok ? `\nEvery cart under p95 ${TARGET_P95_MS} ms.` : "\nSome carts missed the target.",
  );
  process.exitCode = ok ? 0 : 1;
}

// ---------------------------------------------------------------------------------------
// Child modes: the API alone (no pages) on a random loopback port, or the bare baseline.

async function serve(dataDir: string): Promise<void> {
  const { port } = await listenBenchApi("pglite", dataDir);
  process.stdout.write(`READY ${port}\n`);
}

async function serveBare(file: string): Promise<void> {
  const http = await import("node:http");
  const all = JSON.parse(fs.readFileSync(file, "utf8")) as Record<
    string,
    { headers: Record<string, string>; body: string }
  >;
  const port = await freePort();
  const server = http.createServer((req, res) => {
    // Read the body as a JSON route must, then answer the captured bytes for it.
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const answer = all[Buffer.concat(chunks).toString()];
      if (!answer) {
        res.writeHead(404);
        res.end();
        return;
      }
      const body = Buffer.from(answer.body);
      res.writeHead(200, { ...answer.headers, "content-length": body.length });
      res.end(body);
    });
  });
  server.listen(port, "127.0.0.1", () => process.stdout.write(`READY ${port}\n`));
  process.once("SIGTERM", () => server.close(() => process.exit(0)));
}

const isEntry = process.argv[1] && path.resolve(process.argv[1]) === here;
if (isEntry && process.argv[2] === "--serve") await serve(process.argv[3]!);
else if (isEntry && process.argv[2] === "--bare") await serveBare(process.argv[3]!);
else if (isEntry) await main();
