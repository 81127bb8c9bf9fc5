import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { openPglite } from "./db/client.ts";
import { newsletterSubscribers } from "./db/schema/newsletter.ts";

/**
 * The real start-up and shutdown, in child processes: what someone running `npm start` sees.
 * `main.ts` for settings errors (they stop before pages are needed); the API-only entry for
 * the rest, so these tests need no client build.
 */
const MAIN = "src/server/main.ts";
const API_ONLY = "src/server/test/serve-api-only.ts";

type Server = {
  child: ChildProcess;
  stdout: () => string;
  stderr: () => string;
  exited: Promise<number | null>;
};

const children: ChildProcess[] = [];
const dirs: string[] = [];

function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-boot-test-"));
  dirs.push(dir);
  return dir;
}

function start(entry: string, env: Record<string, string>): Server {
  const child = spawn(process.execPath, ["--import", "tsx", entry], {
    env: {
      PATH: process.env.PATH,
      HOST: "127.0.0.1",
      PORT: "0",
      LOG_LEVEL: "silent",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.push(child);
  let out = "";
  let err = "";
  child.stdout!.on("data", (chunk) => (out += chunk));
  child.stderr!.on("data", (chunk) => (err += chunk));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return { child, stdout: () => out, stderr: () => err, exited };
}

/** Resolves with the port once the server prints its ready line. */
async function ready(server: Server, timeoutMs = 30_000): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const match = /Shop ready at http:\/\/[^:]+:(\d+)/.exec(server.stdout());
    if (match) return Number(match[1]);
    if (server.child.exitCode !== null) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`server not ready:\n${server.stdout()}\n${server.stderr()}`);
}

/**
 * A DATA_DIR a server has started on (migrated, demo data seeded, admin created) and stopped
 * cleanly: what every start but the first finds. A first start pays for initdb, the
 * migrations and drawing the demo images, most of this file's time, so only the test about
 * the first start makes one; the others start from a copy of the directory it leaves.
 */
let started: string | undefined;
async function startedDataDir(): Promise<string> {
  if (!started) {
    // Only when the first-start test did not run (a filtered run).
    const dir = tempDir();
    const server = start(API_ONLY, { DATA_DIR: dir });
    await ready(server, 90_000);
    server.child.kill("SIGTERM");
    expect(await server.exited).toBe(0);
    started = dir;
  }
  const copy = tempDir();
  fs.cpSync(started, copy, { recursive: true });
  return copy;
}

afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill("SIGKILL");
});
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

describe("start-up", () => {
  it("a bad setting stops start-up with one line naming it", async () => {
    const server = start(MAIN, { PORT: "abc", DATA_DIR: tempDir() });
    expect(await server.exited).toBe(1);
    const lines = server.stderr().trim().split("\n");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^✖ Invalid setting PORT="abc": /);
    expect(server.stdout()).toBe("");
  });

  it("the first start prints the URL and a generated admin password once; a restart does not; a second process refuses", async () => {
    const dataDir = tempDir();
    const first = start(API_ONLY, { DATA_DIR: dataDir });
    const port = await ready(first, 90_000);
    expect(first.stdout()).toContain(`Shop ready at http://127.0.0.1:${port} (pglite,`);
    expect(first.stdout()).toContain("Demo data seeded (first start).");
    expect(first.stdout()).toMatch(
      /Admin: admin@example\.com \/ \S{12,}\s+\(generated: shown only this once\)/,
    );
    const health = await fetch(`http://127.0.0.1:${port}/healthz`);
    expect(await health.json()).toEqual({ status: "ok" });
    first.child.kill("SIGINT");
    expect(await first.exited).toBe(0);

    const second = start(API_ONLY, { DATA_DIR: dataDir });
    await ready(second);
    expect(second.stdout()).not.toContain("Demo data seeded");
    expect(second.stdout()).toContain("Admin: admin@example.com (password unchanged;");
    expect(second.stdout()).not.toContain("generated");

    // While it runs, another process on the same DATA_DIR refuses with a clear message
    // (checked here rather than in a test of its own: every start costs seconds).
    const intruder = start(MAIN, { DATA_DIR: dataDir });
    expect(await intruder.exited).toBe(1);
    expect(intruder.stderr().trim()).toMatch(
      new RegExp(
        `^✖ DATA_DIR ${dataDir} is in use by another shop process \\(pid ${second.child.pid}\\)`,
      ),
    );
    // The running one is unharmed.
    expect(second.child.exitCode).toBeNull();
    expect((await fetch(`http://127.0.0.1:${await ready(second)}/healthz`)).status).toBe(200);
    second.child.kill("SIGTERM");
    expect(await second.exited).toBe(0);
    started = dataDir;
  }, 120_000);
});

describe("graceful shutdown", () => {
  it("SIGTERM reports not ready and keeps serving for the drain period, then stops listening, lets an in-flight request finish, closes the database and exits 0", async () => {
    const dataDir = await startedDataDir();
    const server = start(API_ONLY, { DATA_DIR: dataDir, SHUTDOWN_DRAIN_MS: "1500" });
    const port = await ready(server);
    const base = `http://127.0.0.1:${port}`;

    // A slow client: the request is in flight while its body is still arriving.
    const body = JSON.stringify({ email: "late@example.com" });
    const socket = net.connect(port, "127.0.0.1");
    await new Promise((resolve) => socket.once("connect", resolve));
    let response = "";
    socket.on("data", (chunk) => (response += chunk));
    const closed = new Promise((resolve) => socket.once("close", resolve));
    socket.write(
      `POST /api/newsletter HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body.slice(0, 10)}`,
    );
    await new Promise((resolve) => setTimeout(resolve, 300));

    server.child.kill("SIGTERM");
    // Draining: not ready for the load balancer, but every request is still answered, and
    // keep-alive clients are told to reconnect (to another instance).
    await expect.poll(async () => (await fetch(`${base}/healthz`)).status).toBe(503);
    const health = await fetch(`${base}/healthz`);
    expect(health.headers.get("connection")).toBe("close");
    expect(await health.json()).toEqual({
      status: "unavailable",
      message: "The shop is shutting down.",
    });
    expect((await fetch(`${base}/api/categories`)).status).toBe(200);
    // After the drain period new connections are refused while our request still runs.
    await expect
      .poll(
        () =>
          fetch(`${base}/healthz`).then(
            () => "answered",
            () => "refused",
          ),
        {
          timeout: 10_000,
        },
      )
      .toBe("refused");
    expect(server.child.exitCode).toBeNull(); // still waiting for our request

    socket.write(body.slice(10));
    await closed;
    // Recorded, waiting for its confirmation (issue 25: double opt-in; no SMTP here).
    expect(response).toMatch(/^HTTP\/1\.1 202 /);
    expect(response).toContain('"confirmation":"later"');
    expect(await server.exited).toBe(0);
    expect(server.stderr()).toBe("");
    // The database was closed (lock released) and the write is there on the next start.
    expect(fs.existsSync(path.join(dataDir, "shop.lock"))).toBe(false);
    const database = await openPglite(dataDir);
    try {
      const rows = await database.db.select().from(newsletterSubscribers);
      expect(rows.map((row) => row.email)).toContain("late@example.com");
    } finally {
      await database.close();
    }
  }, 120_000);
});
