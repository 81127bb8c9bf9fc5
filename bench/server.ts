// Starts the built shop (`node --import tsx src/server/main.ts`, as `npm start` does after
// building) on a free port, for the benches. Not for production use.
import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { productPath } from "../src/web/lib/paths.ts";

export type RunningShop = {
  url: string;
  pid: number;
  /** ms from spawn to the first 200 from /healthz. */
  firstRequestMs: number;
  rssMb(): number;
  stop(): Promise<number | null>;
};

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export async function startShop(
  dataDir: string,
  env: Record<string, string> = {},
): Promise<RunningShop> {
  if (!fs.existsSync("build/server/index.js")) {
    throw new Error("No build: run `npm run build` first.");
  }
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const started = performance.now();
  const child: ChildProcess = spawn(process.execPath, ["--import", "tsx", "src/server/main.ts"], {
    env: {
      ...process.env,
      // As `npm start` runs it (scripts/start.mjs): React's production build.
      NODE_ENV: process.env.NODE_ENV || "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      // Its own address: a production server answers only the hosts it knows (ADR 0027).
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      ADMIN_EMAIL: "bench@example.com",
      ADMIN_PASSWORD: "bench-password",
      // A bench stops its server and starts the next at once: no load balancer to drain for.
      SHUTDOWN_DRAIN_MS: "0",
      ...env,
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const exited = new Promise<number | null>((resolve) => child.on("exit", resolve));
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const res = await fetch(`${url}/healthz`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
    // A first start seeds the demo data (images included): minutes on a busy 2-core machine.
    if (performance.now() - started > 300_000) {
      child.kill("SIGTERM");
      await exited;
      throw new Error("server did not start in 300 s");
    }
  }
  const firstRequestMs = performance.now() - started;
  return {
    url,
    pid: child.pid!,
    firstRequestMs,
    rssMb: () => {
      const status = fs.readFileSync(`/proc/${child.pid}/status`, "utf8");
      return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
    },
    stop: async () => {
      child.kill("SIGTERM");
      return exited;
    },
  };
}

/** A bench's server child: its port, the admin token it printed (or ""), its cache figures. */
export type BenchChild = {
  port: number;
  token: string;
  child: ChildProcess;
  /** The answer cache's hits and misses so far, asked with SIGUSR2 (`STATS {json}` back). */
  stats(): Promise<{ hits: number; misses: number }>;
};

/**
 * Spawns a bench file in a child mode (`--serve …`) and waits for the line `READY <port>
 * [token]` it prints once listening, so the server runs in a process of its own, apart from the
 * load.
 */
export function startBenchChild(
  file: string,
  args: string[],
  timeoutMs = 60_000,
): Promise<BenchChild> {
  const child = spawn(process.execPath, ["--import", "tsx", file, ...args], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`server did not start in ${timeoutMs / 1000} s`)),
      timeoutMs,
    );
    let out = "";
    const waiting: Array<(stats: { hits: number; misses: number }) => void> = [];
    child.stdout!.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      const match = /READY (\d+)(?: (\S+))?/.exec(out);
      if (match) {
        clearTimeout(timer);
        out = out.slice(match.index + match[0].length);
        resolve({
          port: Number(match[1]),
          token: match[2] ?? "",
          child,
          stats: () =>
            new Promise((done) => {
              waiting.push(done);
              child.kill("SIGUSR2");
            }),
        });
      }
      for (let line = /STATS (\{.*\})\n/.exec(out); line; line = /STATS (\{.*\})\n/.exec(out)) {
        out = out.slice(line.index + line[0].length);
        waiting.shift()?.(JSON.parse(line[1]!));
      }
    });
    child.once("exit", (code) => reject(new Error(`server exited with ${code}`)));
  });
}

/** SIGTERM, then at most 5 s for the child to exit. */
export async function stopBenchChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
}

/** The PostgreSQL the benches use when `BENCH_DATABASE_URL` is unset: the local cluster. */
export const LOCAL_PG = "postgres://postgres@127.0.0.1:5432/postgres";

/**
 * Runs `run` on a scratch database (`<prefix>_<time>`) of the PostgreSQL server at
 * `BENCH_DATABASE_URL` (else the local cluster), dropped afterwards. When no server answers, says
 * so and returns null.
 */
export async function onScratchPostgres<T>(
  prefix: string,
  run: (url: string) => Promise<T>,
): Promise<T | null> {
  const serverUrl = process.env.BENCH_DATABASE_URL ?? LOCAL_PG;
  const probe = new pg.Client({ connectionString: serverUrl, connectionTimeoutMillis: 2000 });
  try {
    await probe.connect();
    await probe.end();
  } catch {
    console.log(`\nPostgreSQL: skipped (${serverUrl} not reachable; set BENCH_DATABASE_URL)`);
    return null;
  }
  const name = `${prefix}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  try {
    console.log(`\nPostgreSQL (scratch database ${name})`);
    return await run(url.toString());
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

/**
 * The storefront pages a browser bench visits, on BASE_URL's shop or on a fresh one with the
 * demo data (stopped and removed by `close`). `asked` are paths; "product" stands for the first
 * product's readable address in each language.
 */
export async function storefrontPages(
  asked: string[],
): Promise<{ base: string; routes: string[]; close(): Promise<void> }> {
  let shop: RunningShop | null = null;
  let dataDir = "";
  let base = process.env.BASE_URL?.replace(/\/$/, "") ?? "";
  if (!base) {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-bench-pages-"));
    shop = await startShop(dataDir);
    base = shop.url;
  }
  const close = async () => {
    if (shop) await shop.stop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const list = (await (await fetch(`${base}/api/products`)).json()) as {
      data: { id: number; name: string; name_ar: string }[];
    };
    const product = list.data[0]!;
    const routes = asked.flatMap((route) =>
      route === "product" ? [productPath("en", product), productPath("ar", product)] : [route],
    );
    return { base, routes, close };
  } catch (error) {
    await close();
    throw error;
  }
}
