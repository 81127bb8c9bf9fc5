/**
 * What POST /api/auth/login sustains: the whole app (web mode "none") listening on 127.0.0.1
 * with a fresh in-memory database and rate limits off, driven by autocannon for a bounded time.
 * Run: npx tsx bench/login.ts [seconds=10] [connections=8]
 * Every request is a successful sign-in (argon2id verify + a token insert), the expensive case.
 */
import fs from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { buildApp } from "../src/server/app.ts";
import { loadConfig } from "../src/server/config.ts";
import { openPglite } from "../src/server/db/client.ts";

type AutocannonResult = {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number };
  non2xx: number;
  errors: number;
};
type Autocannon = (opts: Record<string, unknown>) => Promise<AutocannonResult>;
const autocannon = createRequire(import.meta.url)("autocannon") as Autocannon;

const seconds = Number(process.argv[2] ?? 10);
const connections = Number(process.argv[3] ?? 8);

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-bench-login-"));
const database = await openPglite();
await database.migrate();
const config = loadConfig({ NODE_ENV: "production", DATA_DIR: dataDir, LOG_LEVEL: "silent" });
const app = await buildApp({ config, database, web: "none", rateLimit: false });
await app.listen({ host: "127.0.0.1", port: 0 });
const { port } = app.server.address() as { port: number };

const account = { email: "bench@example.com", password: "bench-password" };
const created = await fetch(`http://127.0.0.1:${port}/api/auth/register`, {
  method: "POST",
  headers: { "content-type": "application/json" },
  body: JSON.stringify({ name: "Bench", ...account, password_confirmation: account.password }),
});
if (created.status !== 201) throw new Error(`register failed: ${created.status}`);

const result = await autocannon({
  url: `http://127.0.0.1:${port}/api/auth/login`,
  method: "POST",
  headers: { "content-type": "application/json" },
  body: JSON.stringify(account),
  connections,
  duration: seconds,
});
console.log(
  `POST /api/auth/login, ${connections} connections, ${seconds} s, ${os.cpus().length} CPUs: ` +
    `${result.requests.average.toFixed(1)} req/s average (${result.requests.total} total), ` +
    `latency p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, ` +
    `non-2xx ${result.non2xx}, errors ${result.errors}`,
);
await app.close();
await database.close();
fs.rmSync(dataDir, { recursive: true, force: true });
