import type { FastifyInstance } from "fastify";
import { isDatabaseUnavailable } from "../shared/domain/database-faults.ts";
import { buildApp } from "./app.ts";
import { answerBackupRequests } from "./backup/backup.ts";
import { type Config, ConfigError, loadConfig } from "./config.ts";
import { type Database, DataDirLockedError, openDatabase } from "./db/client.ts";
import { seedOnFirstStart } from "./db/seed/run.ts";
import { ensureFirstAdmin } from "./modules/accounts/admin-bootstrap.ts";
import type { WebMode } from "./plugins/web.ts";
import { createServices } from "./services.ts";

/** A start-up problem is one clear line, not a stack trace. */
function fail(message: string): never {
  console.error(`✖ ${message}`);
  process.exit(1);
}

/** env -> database -> migrations -> first-start seed -> listen -> graceful shutdown. */
export async function boot(
  web: WebMode,
  env: NodeJS.ProcessEnv = process.env,
): Promise<FastifyInstance> {
  let config: Config;
  try {
    config = loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }

  const started = performance.now();
  // A dropped connection is logged and the pool replaces it; through the app's
  // logger once there is one.
  let warn = (error: Error) => console.warn(`database: ${error.message}`);
  let database: Database;
  try {
    database = await openDatabase({ ...config, onError: (error) => warn(error) });
    await database.migrate();
  } catch (error) {
    if (error instanceof DataDirLockedError) fail(error.message);
    fail(`Cannot open the database: ${(error as Error).message}`);
  }

  const services = createServices(database);
  const seeded = await seedOnFirstStart({ database, services, config });
  const admin = await ensureFirstAdmin(database.db, {
    email: config.adminEmail,
    password: config.adminPassword,
  });

  const app = await buildApp({
    config,
    database,
    web,
    logger: config.logLevel === "silent" ? false : { level: config.logLevel },
  });
  app.addHook("onClose", () => database.close());
  warn = (error) => app.log.warn({ err: error }, "database connection lost: %s", error.message);
  // A database fault that escaped a request (a background task's query) is logged, not fatal:
  // the pool reconnects. Anything else still ends the process, as Node does by default.
  process.on("unhandledRejection", (reason) => {
    if (!isDatabaseUnavailable(reason)) throw reason;
    app.log.warn({ err: reason }, "database unavailable in a background task");
  });
  // `npm run backup` while the shop runs on PGlite: this process writes the file (SIGUSR2).
  const stopAnswering = answerBackupRequests(database, config, (message) => app.log.info(message));
  app.addHook("onClose", async () => stopAnswering());

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    // SIGTERM (systemd, a rolling restart): report not ready and keep serving for the drain
    // period, so the load balancer moves new requests to the other instances first (README,
    // "Running several instances"). SIGINT is a person at a terminal: no wait.
    const drainMs = signal === "SIGTERM" ? config.shutdownDrainMs : 0;
    app.log.info({ signal, drainMs }, "shutting down: draining, then finishing in-flight requests");
    const timer = setTimeout(() => process.exit(1), drainMs + 10_000).unref();
    app.readiness.drain();
    if (drainMs > 0) await new Promise((resolve) => setTimeout(resolve, drainMs));
    // close() drops the connections idle at that moment; a keep-alive connection whose request
    // finishes afterwards would hold shutdown open until the deadline, so keep sweeping.
    const sweep = setInterval(() => app.server.closeIdleConnections(), 100).unref();
    await app.close();
    clearInterval(sweep);
    clearTimeout(timer);
    process.exit(0);
  };
  process.once("SIGTERM", () => void stop("SIGTERM"));
  process.once("SIGINT", () => void stop("SIGINT"));

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    await database.close();
    fail(`Cannot listen on ${config.host}:${config.port}: ${(error as Error).message}`);
  }

  const shownHost = config.host === "0.0.0.0" || config.host === "::" ? "localhost" : config.host;
  const { port } = app.server.address() as { port: number };
  const lines = [
    `Shop ready at http://${shownHost}:${port} (${database.kind}, ${Math.round(performance.now() - started)} ms)`,
  ];
  if (seeded) lines.push("Demo data seeded (first start).");
  // A generated password is shown once, when the admin is created; ADMIN_PASSWORD never.
  if (admin?.password && !config.adminPassword)
    lines.push(`Admin: ${admin.email} / ${admin.password}  (generated: shown only this once)`);
  else if (admin?.created) lines.push(`Admin: ${admin.email} created with ADMIN_PASSWORD`);
  else if (admin)
    lines.push(`Admin: ${admin.email} (password unchanged; npm run create-admin resets it)`);
  console.log(lines.join("\n"));
  return app;
}
