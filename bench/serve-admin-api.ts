// The benches' server child (`bench/server.ts` starts it): the API built in process, apart from
// the load the bench puts on it. A file of its own, so the other benches do not load the app.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { buildApp } from "../src/server/app.ts";
import { loadConfig } from "../src/server/config.ts";
import { type Database, openPglite, openPostgres } from "../src/server/db/client.ts";
import { users } from "../src/server/db/schema/accounts.ts";
import type { WebMode } from "../src/server/plugins/web.ts";

/**
 * A bench file's child mode (`--serve pglite|postgres <data dir or URL>`): the API alone on a
 * random loopback port, with an admin's token. Prints `READY <port> <token>` (what
 * `startBenchChild` waits for) and, on SIGUSR2, `STATS <json>` of `statsOf(app)`.
 */
export async function serveAdminApi(statsOf: (app: FastifyInstance) => unknown): Promise<void> {
  const [, , , kind, target] = process.argv as [
    string,
    string,
    string,
    "pglite" | "postgres",
    string,
  ];
  const { app, database, port } = await listenBenchApi(kind, target);
  const [admin] = await database.db
    .insert(users)
    .values({
      name: "Bench admin",
      email: `bench-${Date.now()}@example.com`,
      passwordHash: "not-a-real-hash",
      isAdmin: true,
    })
    .returning({ id: users.id });
  const { token } = await app.services.tokens.issue(admin!.id, "admin");
  process.stdout.write(`READY ${port} ${token}\n`);
  process.on("SIGUSR2", () => {
    process.stdout.write(`STATS ${JSON.stringify(statsOf(app))}\n`);
  });
}

/**
 * A bench child's app, built in process on PGlite (a data directory) or PostgreSQL (a URL),
 * listening on a random loopback port; closed with its database on SIGTERM.
 */
export async function listenBenchApi(
  kind: "pglite" | "postgres",
  target: string,
  web: WebMode = "none",
): Promise<{ app: FastifyInstance; database: Database; port: number }> {
  const database = kind === "pglite" ? await openPglite(target) : await openPostgres(target, 10);
  const dataDir = kind === "pglite" ? target : fs.mkdtempSync(path.join(os.tmpdir(), "bench-"));
  // PORT=0: the Host check (ADR 0027) allows the loopback address at the port the system gave.
  const config = loadConfig({
    NODE_ENV: "production",
    DATA_DIR: dataDir,
    LOG_LEVEL: "silent",
    PORT: "0",
  });
  const app = await buildApp({ config, database, web, rateLimit: false });
  await app.listen({ host: "127.0.0.1", port: 0 });
  const { port } = app.server.address() as { port: number };
  process.once("SIGTERM", async () => {
    await app.close();
    await database.close();
    process.exit(0);
  });
  return { app, database, port };
}
