// A scratch deployment for the fault drill (scripts/fault-drill.ts) and the nginx bench
// (bench/behind-nginx.ts): its own PostgreSQL cluster and redis-server on free loopback ports,
// two shop instances from the production build (as `npm run serve` runs them) and nginx in
// front, configured from deploy/nginx/shop.conf's upstream and HTTPS proxy settings (without
// TLS). Everything lives in one temp dir; nothing touches the machine's own services.
// Needs: `npm run build`, Debian's postgresql (initdb, pg_ctl), redis-server and nginx.
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import pg from "pg";

export type Log = (line: string) => void;

const ROOT = path.resolve(import.meta.dirname, "..");
export const SITE_CONF = path.join(ROOT, "deploy/nginx/shop.conf");
const isRoot = process.getuid?.() === 0;

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
export const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");

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

/** Runs a command to its exit (not its pipes' close: pg_ctl leaves a daemon behind). */
function run(
  command: string,
  args: string[],
  opts: { timeoutMs?: number; env?: NodeJS.ProcessEnv } = {},
): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ["ignore", "pipe", "pipe"], env: opts.env });
    let output = "";
    child.stdout.on("data", (d) => {
      output += d;
    });
    child.stderr.on("data", (d) => {
      output += d;
    });
    const timer = setTimeout(() => child.kill("SIGKILL"), opts.timeoutMs ?? 120_000);
    child.once("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.once("exit", (code) => {
      clearTimeout(timer);
      resolve({ code, output: output.trim() });
    });
  });
}

async function mustRun(command: string, args: string[], timeoutMs?: number): Promise<string> {
  const { code, output } = await run(command, args, { timeoutMs });
  if (code !== 0)
    throw new Error(`${path.basename(command)} ${args[0]} failed (${code}): ${output}`);
  return output;
}

// ---------------------------------------------------------------- every process, for cleanup

const children = new Set<ChildProcess>();
const cleanups: (() => void)[] = [];

/** Synchronous last resort (process exit, a signal, a failure): kill and remove everything. */
export function cleanupNow(): void {
  for (const child of children) {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  }
  children.clear();
  while (cleanups.length) {
    try {
      cleanups.pop()!();
    } catch {
      // keep cleaning the rest
    }
  }
}
process.once("exit", cleanupNow);
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) {
  process.once(signal, () => {
    cleanupNow();
    process.exit(130);
  });
}

function track(child: ChildProcess): ChildProcess {
  children.add(child);
  child.once("exit", () => children.delete(child));
  return child;
}

function waitExit(child: ChildProcess, timeoutMs: number): Promise<boolean> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), timeoutMs);
    child.once("exit", () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

// ---------------------------------------------------------------- HTTP

export type HttpAnswer = { status: number; headers: http.IncomingHttpHeaders; body: Buffer };

/** One request; rejects on a network error or after timeoutMs. */
export function request(
  url: string,
  opts: {
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    /** Source address (any 127.x.y.z): the shop's rate limits count per client address. */
    localAddress?: string;
    agent?: http.Agent | false;
    timeoutMs?: number;
  } = {},
): Promise<HttpAnswer> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      {
        method: opts.method ?? "GET",
        headers: {
          ...(opts.body !== undefined
            ? { "content-type": "application/json", "content-length": Buffer.byteLength(opts.body) }
            : {}),
          ...opts.headers,
        },
        localAddress: opts.localAddress,
        agent: opts.agent,
        timeout: opts.timeoutMs ?? 15_000,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks),
          }),
        );
        res.on("error", reject);
      },
    );
    req.on("timeout", () => req.destroy(new Error("timed out")));
    req.on("error", reject);
    req.end(opts.body);
  });
}

/** /healthz's status, or 0 when nothing answers. */
export async function healthz(baseUrl: string): Promise<number> {
  try {
    return (await request(`${baseUrl}/healthz`, { agent: false, timeoutMs: 2000 })).status;
  } catch {
    return 0;
  }
}

// ---------------------------------------------------------------- PostgreSQL

function postgresBin(): string {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const base = "/usr/lib/postgresql";
  const versions = fs.existsSync(base)
    ? fs
        .readdirSync(base)
        .filter((v) => fs.existsSync(path.join(base, v, "bin/pg_ctl")))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (!versions.length)
    throw new Error("No PostgreSQL under /usr/lib/postgresql (apt-get install postgresql)");
  return path.join(base, versions[0]!, "bin");
}

/** A throwaway PostgreSQL cluster; as root its files belong to the postgres user. */
export class PgServer {
  readonly dataDir: string;
  readonly socketDir: string;
  readonly logFile: string;
  readonly bin = postgresBin();

  constructor(
    readonly dir: string,
    readonly port: number,
  ) {
    this.dataDir = path.join(dir, "data");
    this.socketDir = dir;
    this.logFile = path.join(dir, "postgres.log");
  }

  /** initdb, pg_ctl...: as the postgres user when we are root (PostgreSQL refuses root). */
  private command(tool: string, args: string[]): [string, string[]] {
    const binary = path.join(this.bin, tool);
    return isRoot ? ["runuser", ["-u", "postgres", "--", binary, ...args]] : [binary, args];
  }

  private ctl(args: string[], timeoutMs = 90_000): Promise<string> {
    const [command, full] = this.command("pg_ctl", ["-D", this.dataDir, ...args]);
    return mustRun(command, full, timeoutMs);
  }

  async init(): Promise<void> {
    fs.mkdirSync(this.dir, { recursive: true, mode: 0o700 });
    if (isRoot) {
      const uid = Number(spawnSync("id", ["-u", "postgres"]).stdout.toString());
      const gid = Number(spawnSync("id", ["-g", "postgres"]).stdout.toString());
      if (!uid) throw new Error("no postgres user to run PostgreSQL as");
      fs.chownSync(this.dir, uid, gid);
    }
    const [command, args] = this.command("initdb", [
      "-D",
      this.dataDir,
      "-U",
      "postgres",
      "-A",
      "trust",
      "-E",
      "UTF8",
      "--no-sync",
    ]);
    await mustRun(command, args);
    cleanups.push(() => {
      const [cmd, stop] = this.command("pg_ctl", [
        "-D",
        this.dataDir,
        "-m",
        "immediate",
        "-w",
        "stop",
      ]);
      spawnSync(cmd, stop, { stdio: "ignore", timeout: 30_000 });
    });
  }

  start(): Promise<string> {
    // fsync off: the drill restarts the server cleanly and never tests a power cut.
    const options = [
      `-c port=${this.port}`,
      "-c listen_addresses=127.0.0.1",
      `-c unix_socket_directories=${this.socketDir}`,
      "-c fsync=off",
      "-c max_connections=100",
    ].join(" ");
    return this.ctl(["-l", this.logFile, "-w", "-t", "60", "-o", options, "start"]);
  }

  /** A fast restart: sessions are cut, the server is back when this resolves. */
  restart(): Promise<string> {
    return this.ctl(["-w", "-t", "60", "-m", "fast", "restart"]);
  }

  stop(): Promise<string> {
    return this.ctl(["-w", "-t", "60", "-m", "fast", "stop"]);
  }

  url(database: string): string {
    return `postgres://postgres@127.0.0.1:${this.port}/${database}`;
  }

  /** One short-lived connection per call, so a restart in between does not matter. */
  async query<T extends pg.QueryResultRow = pg.QueryResultRow>(
    sql: string,
    params: unknown[] = [],
    database = "shop",
  ): Promise<T[]> {
    const client = new pg.Client({
      connectionString: this.url(database),
      connectionTimeoutMillis: 5000,
    });
    client.on("error", () => {});
    await client.connect();
    try {
      return (await client.query<T>(sql, params)).rows;
    } finally {
      await client.end().catch(() => {});
    }
  }
}

// ---------------------------------------------------------------- Redis

function redisCommand(port: number, ...args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1");
    let reply = "";
    const timer = setTimeout(() => socket.destroy(new Error("redis: no answer")), 3000);
    socket.on("connect", () => {
      socket.write(
        `*${args.length}\r\n${args.map((a) => `$${Buffer.byteLength(a)}\r\n${a}\r\n`).join("")}`,
      );
    });
    socket.on("data", (d) => {
      reply += d;
      if (reply.endsWith("\r\n")) socket.end();
    });
    socket.on("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
    // SHUTDOWN answers nothing: the server just closes the connection.
    socket.on("close", () => {
      clearTimeout(timer);
      resolve(reply.trim());
    });
  });
}

export class RedisServer {
  child?: ChildProcess;

  constructor(
    readonly dir: string,
    readonly port: number,
  ) {}

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    fs.mkdirSync(this.dir, { recursive: true });
    const child = spawn(
      "redis-server",
      [
        "--port",
        String(this.port),
        "--bind",
        "127.0.0.1",
        "--save",
        "",
        "--appendonly",
        "no",
      ].concat(["--dir", this.dir, "--logfile", path.join(this.dir, "redis.log")]),
      { stdio: "ignore" },
    );
    this.child = track(child);
    const deadline = Date.now() + 15_000;
    while (Date.now() < deadline) {
      if (child.exitCode !== null) throw new Error(`redis-server exited with ${child.exitCode}`);
      if ((await this.ping()) === "+PONG") return;
      await sleep(100);
    }
    throw new Error("redis-server did not answer PING in 15 s");
  }

  async ping(): Promise<string> {
    return redisCommand(this.port, "PING").catch(() => "");
  }

  /** SHUTDOWN NOSAVE, then waits for the process to end. */
  async shutdown(): Promise<void> {
    await redisCommand(this.port, "SHUTDOWN", "NOSAVE").catch(() => "");
    if (this.child && !(await waitExit(this.child, 10_000))) this.child.kill("SIGKILL");
  }
}

// ---------------------------------------------------------------- shop instances

export class ShopInstance {
  child?: ChildProcess;
  /** How the last process ended: null while it runs (or before the first start). */
  exit: { code: number | null; signal: NodeJS.Signals | null } | null = null;
  readonly logFile: string;

  constructor(
    readonly name: string,
    readonly port: number,
    readonly dataDir: string,
    readonly env: Record<string, string>,
  ) {
    this.logFile = `${dataDir}.log`;
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  get alive(): boolean {
    return Boolean(this.child) && this.child!.exitCode === null && this.child!.signalCode === null;
  }

  start(): void {
    fs.mkdirSync(this.dataDir, { recursive: true });
    const out = fs.openSync(this.logFile, "a");
    fs.writeSync(out, `--- ${new Date().toISOString()} start\n`);
    const child = spawn(process.execPath, ["--import", "tsx", "src/server/main.ts"], {
      cwd: ROOT,
      env: this.env,
      stdio: ["ignore", out, out],
    });
    fs.closeSync(out);
    this.exit = null;
    this.child = track(child);
    child.once("exit", (code, signal) => {
      if (this.child === child) this.exit = { code, signal };
    });
  }

  /** Resolves true once /healthz answers 200, false at the deadline or if the process ends. */
  async waitReady(deadline: number): Promise<boolean> {
    while (Date.now() < deadline) {
      if (!this.alive) return false;
      if ((await healthz(this.url)) === 200) return true;
      await sleep(100);
    }
    return false;
  }

  /** Sends the signal and waits for the process to end (SIGKILL after timeoutMs). */
  async signal(signal: NodeJS.Signals, timeoutMs: number): Promise<boolean> {
    if (!this.alive) return true;
    this.child!.kill(signal);
    if (await waitExit(this.child!, timeoutMs)) return true;
    this.child!.kill("SIGKILL");
    await waitExit(this.child!, 5000);
    return false;
  }

  private logRead = 0;

  /** Its log lines since the last call, counted by level and message (pino JSON or text). */
  newLogLines(): Map<string, number> {
    const counts = new Map<string, number>();
    let text = "";
    try {
      text = fs.readFileSync(this.logFile, "utf8");
    } catch {
      return counts;
    }
    const fresh = text.slice(this.logRead);
    this.logRead = text.length;
    const levels: Record<number, string> = { 30: "info", 40: "warn", 50: "error", 60: "fatal" };
    for (const line of fresh.split("\n")) {
      // A stack's frames (indented) belong to the line before them.
      if (!line.trim() || line.startsWith("--- ") || /^\s/.test(line)) continue;
      let key = line.slice(0, 160);
      if (
        !line.startsWith("{") &&
        !/error|fail|unhandled|exception|fatal|ready|terminat/i.test(line)
      )
        continue;
      try {
        const entry = JSON.parse(line);
        const detail = entry.err?.message ?? entry.error?.message ?? "";
        key =
          `${levels[entry.level] ?? entry.level}: ${entry.msg ?? ""}${detail && !String(entry.msg).includes(detail) ? ` (${detail})` : ""}`.slice(
            0,
            200,
          );
      } catch {
        // a plain line (start-up messages, a crash's stack)
      }
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    return counts;
  }

  /** The end of its log (stdout and stderr) without stack frames, to show why it stopped. */
  tail(lines = 12): string {
    try {
      return fs
        .readFileSync(this.logFile, "utf8")
        .trimEnd()
        .split("\n")
        .slice(-80)
        .filter((line) => line.trim() && !/^\s/.test(line))
        .slice(-lines)
        .map((line) => line.slice(0, 300))
        .join("\n");
    } catch {
      return "";
    }
  }
}

// ---------------------------------------------------------------- nginx

/** Top-level statements of an nginx config text (comments removed): `a b;` or `a { ... }`. */
export function nginxStatements(text: string): string[] {
  const statements: string[] = [];
  let current = "";
  let depth = 0;
  let quote = "";
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quote) {
      current += c;
      if (c === "\\") current += text[++i] ?? "";
      else if (c === quote) quote = "";
      continue;
    }
    if (c === "#") {
      while (i < text.length && text[i] !== "\n") i++;
      current += "\n";
      continue;
    }
    if (c === '"' || c === "'") quote = c;
    current += c;
    if (c === "{") depth++;
    else if (c === "}" && --depth === 0) {
      statements.push(current.trim());
      current = "";
    } else if (c === ";" && depth === 0) {
      statements.push(current.trim());
      current = "";
    }
  }
  if (current.trim()) throw new Error(`nginx config: unterminated statement: ${current.trim()}`);
  return statements;
}

const blockBody = (statement: string) =>
  statement.slice(statement.indexOf("{") + 1, statement.lastIndexOf("}"));
const directive = (statement: string) => statement.split(/\s+/, 1)[0]!;

/**
 * The site's upstream (its servers moved to `ports`) and a plain-HTTP server on `listenPort`
 * with every setting of the site's HTTPS server except listen, server_name and TLS.
 */
export function drillSite(siteText: string, ports: number[], listenPort: number): string {
  const top = nginxStatements(siteText);
  const upstream = top.find((s) => directive(s) === "upstream");
  if (!upstream) throw new Error("shop.conf: no upstream block");
  const upstreamHead = upstream.slice(0, upstream.indexOf("{")).trim();
  const upstreamBody = nginxStatements(blockBody(upstream));
  // Each address of the site's upstream (in order of first mention) becomes one of `ports`.
  const addresses: string[] = [];
  for (const s of upstreamBody) {
    const address = directive(s) === "server" ? s.split(/\s+/)[1]! : null;
    if (address && !addresses.includes(address)) addresses.push(address);
  }
  if (addresses.length !== ports.length) {
    throw new Error(
      `shop.conf: the upstream has ${addresses.length} instances, expected ${ports.length}`,
    );
  }
  const upstreamLines = upstreamBody.map((s) =>
    directive(s) === "server"
      ? s.replace(
          /^server\s+\S+/,
          (m) => `server 127.0.0.1:${ports[addresses.indexOf(m.split(/\s+/)[1]!)]}`,
        )
      : s,
  );
  const tls = top.find(
    (s) =>
      directive(s) === "server" &&
      nginxStatements(blockBody(s)).some((d) => directive(d) === "listen" && /\bssl\b/.test(d)),
  );
  if (!tls) throw new Error("shop.conf: no HTTPS server block");
  const kept = nginxStatements(blockBody(tls)).filter((s) => {
    const name = directive(s);
    return name !== "listen" && name !== "server_name" && !name.startsWith("ssl_");
  });
  return [
    `${upstreamHead} {`,
    ...upstreamLines.map((s) => `    ${s}`),
    "}",
    "server {",
    `    listen 127.0.0.1:${listenPort};`,
    ...kept.map((s) => `    ${s.replace(/\n\s*\n/g, "\n")}`),
    "}",
  ].join("\n");
}

export class Nginx {
  child?: ChildProcess;
  readonly conf: string;

  constructor(
    readonly dir: string,
    readonly port: number,
    readonly site: string,
  ) {
    this.conf = path.join(dir, "nginx.conf");
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  static binary(): string {
    for (const candidate of ["/usr/sbin/nginx", "/usr/local/sbin/nginx"]) {
      if (fs.existsSync(candidate)) return candidate;
    }
    throw new Error("nginx is not installed (apt-get install -y nginx)");
  }

  async start(): Promise<void> {
    fs.mkdirSync(this.dir, { recursive: true });
    // Workers run as nobody when we are root: they must reach their temp dirs.
    fs.chmodSync(this.dir, 0o755);
    const d = (name: string) => path.join(this.dir, name);
    fs.writeFileSync(
      this.conf,
      [
        "daemon off;",
        "worker_processes 1;",
        `pid ${d("nginx.pid")};`,
        `error_log ${d("error.log")} warn;`,
        "events { worker_connections 1024; }",
        "http {",
        `    access_log ${d("access.log")};`,
        ...["client_body", "proxy", "fastcgi", "uwsgi", "scgi"].map(
          (kind) => `    ${kind}_temp_path ${d(`${kind}_temp`)};`,
        ),
        this.site.replace(/^/gm, "    "),
        "}",
        "",
      ].join("\n"),
    );
    const args = ["-p", this.dir, "-c", this.conf, "-e", d("error.log")];
    await mustRun(Nginx.binary(), [...args, "-t", "-q"]);
    const child = spawn(Nginx.binary(), args, { stdio: "ignore" });
    this.child = track(child);
    const deadline = Date.now() + 10_000;
    while (Date.now() < deadline) {
      if (child.exitCode !== null) throw new Error(`nginx exited with ${child.exitCode}`);
      try {
        await request(`${this.url}/nginx-drill-probe`, { agent: false, timeoutMs: 1000 });
        return;
      } catch {
        await sleep(100);
      }
    }
    throw new Error("nginx did not listen in 10 s");
  }

  private errorLogRead = 0;

  /** What nginx logged since the last call, counted by message (addresses and ids left out). */
  newErrors(): Map<string, number> {
    const counts = new Map<string, number>();
    let text = "";
    try {
      text = fs.readFileSync(path.join(this.dir, "error.log"), "utf8");
    } catch {
      return counts;
    }
    const fresh = text.slice(this.errorLogRead);
    this.errorLogRead = text.length;
    for (const line of fresh.split("\n")) {
      const message = /\[(\w+)\] \d+#\d+: (?:\*\d+ )?(.*?)(?:, client: .*)?$/.exec(line);
      if (!message) continue;
      const key = `${message[1]}: ${message[2]!.replace(/"[^"]*"/g, '"…"')}`;
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    return counts;
  }

  async stop(): Promise<void> {
    if (!this.child) return;
    this.child.kill("SIGQUIT");
    if (!(await waitExit(this.child, 5000))) this.child.kill("SIGKILL");
  }
}

// ---------------------------------------------------------------- the whole deployment

export type ClusterOptions = {
  log?: Log;
  /** SHUTDOWN_DRAIN_MS for the instances. */
  drainMs?: number;
  /** Extra settings for both instances. */
  env?: Record<string, string>;
};

export class Cluster {
  constructor(
    readonly dir: string,
    readonly pg: PgServer,
    readonly redis: RedisServer,
    readonly instances: ShopInstance[],
    readonly nginx: Nginx,
  ) {}

  get url(): string {
    return this.nginx.url;
  }

  /** Starts an instance again after it stopped; resolves once it is ready (or throws). */
  async restart(instance: ShopInstance, timeoutMs = 60_000): Promise<void> {
    instance.start();
    if (!(await instance.waitReady(Date.now() + timeoutMs))) {
      throw new Error(
        `${instance.name} not ready ${timeoutMs / 1000} s after a start:\n${instance.tail()}`,
      );
    }
  }

  async stop(): Promise<void> {
    await this.nginx.stop().catch(() => {});
    await Promise.all(this.instances.map((i) => i.signal("SIGTERM", 20_000)));
    await this.redis.shutdown().catch(() => {});
    await this.pg.stop().catch(() => {});
    cleanupNow();
  }
}

/** Starts PostgreSQL, Redis, instance A (migrations, demo seed), then B, then nginx. */
export async function startCluster(opts: ClusterOptions = {}): Promise<Cluster> {
  const log = opts.log ?? (() => {});
  if (!fs.existsSync(path.join(ROOT, "build/server/index.js"))) {
    throw new Error("No build: run `npm run build` first.");
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-cluster-"));
  // PostgreSQL (the postgres user) and nginx's workers (nobody) work inside it.
  fs.chmodSync(dir, 0o755);
  // KEEP_CLUSTER_DIR=1 keeps the logs (instances', nginx's, PostgreSQL's) for a look after.
  cleanups.push(() =>
    process.env.KEEP_CLUSTER_DIR
      ? console.log(`kept ${dir}`)
      : fs.rmSync(dir, { recursive: true, force: true }),
  );

  const [pgPort, redisPort, nginxPort, portA, portB] = await Promise.all(
    Array.from({ length: 5 }, () => freePort()),
  );
  const pgServer = new PgServer(path.join(dir, "pg"), pgPort!);
  await pgServer.init();
  await pgServer.start();
  await pgServer.query("CREATE DATABASE shop", [], "postgres");
  log(
    `PostgreSQL ${path.basename(path.dirname(pgServer.bin))} on port ${pgPort} (${pgServer.dataDir})`,
  );

  const redis = new RedisServer(path.join(dir, "redis"), redisPort!);
  await redis.start();
  log(`redis-server on port ${redisPort}`);

  const env = (port: number, name: string): Record<string, string> => ({
    PATH: process.env.PATH ?? "/usr/bin:/bin",
    HOME: process.env.HOME ?? dir,
    NODE_ENV: "production",
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: path.join(dir, name),
    DATABASE_URL: pgServer.url("shop"),
    REDIS_URL: redis.url,
    TRUST_PROXY: "1",
    PUBLIC_URL: `http://127.0.0.1:${nginxPort}`,
    LOG_LEVEL: "warn",
    ADMIN_EMAIL: "drill@example.com",
    ADMIN_PASSWORD: "drill-password",
    SHUTDOWN_DRAIN_MS: String(opts.drainMs ?? 2000),
    ...opts.env,
  });
  const a = new ShopInstance("A", portA!, path.join(dir, "a"), env(portA!, "a"));
  const b = new ShopInstance("B", portB!, path.join(dir, "b"), env(portB!, "b"));
  const cluster = new Cluster(
    dir,
    pgServer,
    redis,
    [a, b],
    new Nginx(
      path.join(dir, "nginx"),
      nginxPort!,
      drillSite(fs.readFileSync(SITE_CONF, "utf8"), [portA!, portB!], nginxPort!),
    ),
  );
  // A alone first: it migrates and seeds the demo shop; B then starts on a ready database.
  let started = Date.now();
  await cluster.restart(a, 240_000);
  log(
    `instance A on port ${portA}: ready in ${((Date.now() - started) / 1000).toFixed(1)} s (first start: migrations, demo seed)`,
  );
  started = Date.now();
  await cluster.restart(b, 120_000);
  log(`instance B on port ${portB}: ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  await cluster.nginx.start();
  log(`nginx ${cluster.url} -> A, B (site from deploy/nginx/shop.conf, without TLS)`);
  return cluster;
}

// ---------------------------------------------------------------- orders

export type OrderLine = { productId: number; grams: number; qty: number };
export type OrderOutcome =
  | { kind: "acked"; key: string; number: string; lines: OrderLine[]; attempts: number }
  | { kind: "refused"; key: string; status: number; message: string; attempts: number }
  | { kind: "unsettled"; key: string; lines: OrderLine[]; attempts: number; last: string };

let sourceCounter = 0;
/**
 * A new loopback source address for every attempt: the shop allows 10 orders a minute per
 * client address (publicFormRateLimit), and these clients are all on this machine.
 */
export function nextSourceAddress(): string {
  const n = sourceCounter++;
  return `127.0.${1 + (Math.floor(n / 250) % 250)}.${1 + (n % 250)}`;
}

export function guestOrder(lines: OrderLine[], n: number) {
  return {
    name: `Drill Guest ${n}`,
    phone: `+963 944 ${String(100000 + (n % 900000)).slice(0, 3)} ${String(n % 1000).padStart(3, "0")}`,
    email: null,
    country: "SY",
    city: "Damascus",
    address: `${n} Drill Street`,
    payment_method: "cod",
    lang: "en",
    lines,
  };
}

/**
 * POST /api/orders as the web client does: one Idempotency-Key per order, the same key again
 * after a network error or a 5xx (the answer is then the same order), a new one never.
 * Settles on a 2xx (acknowledged) or another 4xx (refused), or gives up at the deadline.
 */
export async function placeOrder(
  baseUrl: string,
  key: string,
  lines: OrderLine[],
  n: number,
  deadline: number,
): Promise<OrderOutcome> {
  const body = JSON.stringify(guestOrder(lines, n));
  let attempts = 0;
  let last = "";
  while (Date.now() < deadline) {
    attempts++;
    try {
      const res = await request(`${baseUrl}/api/orders`, {
        method: "POST",
        headers: { "idempotency-key": key, "accept-language": "en" },
        body,
        localAddress: nextSourceAddress(),
        agent: false,
        timeoutMs: 15_000,
      });
      const json = safeJson(res.body);
      if (res.status >= 200 && res.status < 300) {
        return { kind: "acked", key, number: json?.data?.number, lines, attempts };
      }
      last = `${res.status} ${json?.message ?? res.body.toString("utf8").slice(0, 120)}`;
      // 429 cannot come from a fresh address; were it to, the order may still be placed.
      if (res.status < 500 && res.status !== 429) {
        return { kind: "refused", key, status: res.status, message: last, attempts };
      }
    } catch (error) {
      last = (error as Error).message;
    }
    await sleep(Math.min(1000, 100 * 2 ** Math.min(attempts, 4)));
  }
  return { kind: "unsettled", key, lines, attempts, last };
}

// biome-ignore lint/suspicious/noExplicitAny: an API answer of any shape
function safeJson(body: Buffer): any {
  try {
    return JSON.parse(body.toString("utf8"));
  } catch {
    return null;
  }
}

export type Orderable = { id: number; grams: number; tracked: boolean };

/**
 * The products orders are placed for: one tracked product with little stock (it sells out,
 * so orders race for the last units), one tracked with plenty, two untracked. Sets the stock
 * of the two tracked ones; returns them in that order.
 */
export async function prepareOrderables(
  pgServer: PgServer,
  scarceUnits: number,
): Promise<Orderable[]> {
  const rows = await pgServer.query<{ id: string; stock_grams: number | null; grams: number }>(
    `select p.id, p.stock_grams, coalesce(min(w.grams), 1000)::int as grams
       from products p left join product_weight_options w on w.product_id = p.id
      where p.active group by p.id order by p.id`,
  );
  const tracked = rows.filter((r) => r.stock_grams !== null).slice(0, 2);
  const untracked = rows.filter((r) => r.stock_grams === null).slice(0, 2);
  if (tracked.length < 2 || untracked.length < 2)
    throw new Error("the demo catalogue changed: need 2 tracked and 2 untracked products");
  await pgServer.query("update products set stock_grams = $2 where id = $1", [
    tracked[0]!.id,
    tracked[0]!.grams * scarceUnits,
  ]);
  await pgServer.query("update products set stock_grams = 100000000 where id = $1", [
    tracked[1]!.id,
  ]);
  return [...tracked, ...untracked].map((r) => ({
    id: Number(r.id),
    grams: r.grams,
    tracked: r.stock_grams !== null,
  }));
}

/** The n-th order's lines: products in turn, 1 or 2 of the smallest option. */
export function linesFor(orderables: Orderable[], n: number): OrderLine[] {
  const product = orderables[n % orderables.length]!;
  return [
    {
      productId: product.id,
      grams: product.grams,
      qty: 1 + (Math.floor(n / orderables.length) % 2),
    },
  ];
}
