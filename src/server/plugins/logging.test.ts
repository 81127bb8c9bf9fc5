import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Writable } from "node:stream";
import { sql } from "drizzle-orm";
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app.ts";
import { loadConfig } from "../config.ts";
import type { Database } from "../db/client.ts";
import { addProduct } from "../modules/orders/test-fixtures.ts";
import { openTestDatabase } from "../test/app.ts";
import { lazyChildLoggerFactory, scrub, serializeError } from "./logging.ts";

/** Issue 14.3: the logs hold no personal data and no secrets. */
let app: FastifyInstance;
let database: Database;
let drop: () => Promise<void>;
let dataDir: string;
const lines: string[] = [];

beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-log-"));
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  const config = loadConfig({ NODE_ENV: "test", DATA_DIR: dataDir, LOG_LEVEL: "info" });
  app = await buildApp({ config, database, logger: { level: "info", stream }, rateLimit: false });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await database.close();
  await drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const logText = () => lines.join("");

describe("request and error logs", () => {
  it("a guest order link's ?key= never reaches the request log", async () => {
    const secret = "k".repeat(40);
    const res = await app.inject({ method: "GET", url: `/api/orders/SW-1?key=${secret}&x=1` });
    expect(res.statusCode).toBe(404);
    expect(logText()).toContain("/api/orders/SW-1");
    expect(logText()).not.toContain(secret);
  });

  it("a failed SQL statement is logged without its parameters (names, phones, hashes)", async () => {
    // Make the database refuse these two writes, as a bug or an outage would.
    await database.db.execute(
      sql.raw(`ALTER TABLE users ADD CONSTRAINT log_test_users CHECK (name <> 'Leaky Person')`),
    );
    await database.db.execute(
      sql.raw(`ALTER TABLE orders ADD CONSTRAINT log_test_orders CHECK (city <> 'Leaktown')`),
    );
    const register = await app.inject({
      method: "POST",
      url: "/api/auth/register",
      payload: {
        name: "Leaky Person",
        email: "leaky.person@example.com",
        password: "secret-password-9",
        password_confirmation: "secret-password-9",
      },
    });
    expect(register.statusCode).toBe(500);
    expect(register.json().request_id).toBe(register.headers["x-request-id"]);
    const productId = await addProduct(database.db, { options: [{ grams: 500 }] });
    const order = await app.inject({
      method: "POST",
      url: "/api/orders",
      headers: { "idempotency-key": crypto.randomUUID() },
      payload: {
        name: "Hidden Customer",
        phone: "+963 99 555 0101",
        email: "hidden.customer@example.com",
        country: "SY",
        city: "Leaktown",
        address: "Secret Street 7",
        payment_method: "cod",
        lines: [{ productId, grams: 500, qty: 1 }],
      },
    });
    expect(order.statusCode).toBe(500);
    const text = logText();
    // The failure is in the log, with its request id and what failed...
    expect(text).toContain("log_test_users");
    expect(text).toContain("log_test_orders");
    expect(text).toContain(register.headers["x-request-id"]);
    // ...and none of the values.
    for (const value of [
      "Leaky Person",
      "leaky.person@example.com",
      "$argon2",
      "secret-password-9",
      "Hidden Customer",
      "555 0101",
      "hidden.customer@example.com",
      "Leaktown",
      "Secret Street",
    ]) {
      expect(text, value).not.toContain(value);
    }
  });
});

describe("the serializers", () => {
  it("cut quoted values and parameters from messages", () => {
    expect(scrub('invalid input syntax for type integer: "12ab"')).toBe(
      'invalid input syntax for type integer: "…"',
    );
    expect(scrub("Failed query: insert into x values ($1)\nparams: Ann,+963")).toBe(
      "Failed query: insert into x values ($1)",
    );
    const error = serializeError(new Error("value 'secret' is wrong"));
    expect(error.message).toBe("value '…' is wrong");
    expect(error.stack).not.toContain("secret");
  });
});

describe("request loggers", () => {
  const capture = (level: string) => {
    const written: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        written.push(String(chunk));
        done();
      },
    });
    // Fastify's own pino, as the app makes it (pino is not a direct dependency).
    return { logger: Fastify({ logger: { level, stream } }).log, written };
  };
  const lazy = (logger: FastifyBaseLogger, options = {}) =>
    lazyChildLoggerFactory.call(
      undefined as never,
      logger,
      { reqId: "req-1" },
      options,
      undefined as never,
    ) as FastifyBaseLogger & { created?: boolean };

  it("make no pino child for lines below the level, and one carrying the request id above it", () => {
    const { logger, written } = capture("warn");
    const log = lazy(logger);
    log.info("incoming request");
    log.debug({ x: 1 }, "detail");
    expect(log.created).toBe(false);
    expect(written).toEqual([]);
    log.error({ code: "E1" }, "request failed");
    log.warn("second");
    expect(log.created).toBe(true);
    expect(written.map((line) => JSON.parse(line))).toMatchObject([
      { level: 50, reqId: "req-1", code: "E1", msg: "request failed" },
      { level: 40, reqId: "req-1", msg: "second" },
    ]);
  });

  it("follow a level set on them, and a route's own options give an ordinary child", () => {
    const { logger, written } = capture("warn");
    const log = lazy(logger);
    expect(log.level).toBe("warn");
    log.level = "info";
    log.info("now written");
    expect(written.map((line) => JSON.parse(line))).toMatchObject([
      { level: 30, reqId: "req-1", msg: "now written" },
    ]);
    const routeLog = lazy(logger, { level: "debug" });
    expect(routeLog.created).toBeUndefined();
    expect(routeLog.level).toBe("debug");
  });
});
