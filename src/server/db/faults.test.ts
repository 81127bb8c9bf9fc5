import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { DrizzleQueryError } from "drizzle-orm/errors";
import { describe, expect, it } from "vitest";
import { isDatabaseUnavailable } from "../../shared/domain/database-faults.ts";
import { buildApp } from "../app.ts";
import { loadConfig } from "../config.ts";
import { openTestDatabase } from "../test/app.ts";

const pgError = (code: string, message = "x") => Object.assign(new Error(message), { code });

describe("isDatabaseUnavailable", () => {
  it.each([
    [
      "pg_terminate_backend (57P01)",
      pgError("57P01", "terminating connection due to administrator command"),
      true,
    ],
    [
      "the server starting up (57P03)",
      pgError("57P03", "the database system is starting up"),
      true,
    ],
    ["too many connections (53300)", pgError("53300"), true],
    ["connection exception class 08", pgError("08006"), true],
    ["connection refused", pgError("ECONNREFUSED", "connect ECONNREFUSED 127.0.0.1:5432"), true],
    ["connection reset", pgError("ECONNRESET"), true],
    ["a connection that died mid-query", new Error("Connection terminated unexpectedly"), true],
    [
      "a dead client reused",
      new Error("Client has encountered a connection error and is not queryable"),
      true,
    ],
    [
      "no connection within the pool's timeout",
      new Error("timeout exceeded when trying to connect"),
      true,
    ],
    ["PGlite closed", new Error("PGlite is closed"), true],
    [
      "drizzle's wrapper around a dropped connection",
      new DrizzleQueryError("select 1", [], new Error("Connection terminated unexpectedly")),
      true,
    ],
    ["a unique violation (23505)", pgError("23505", "duplicate key value"), false],
    ["a check violation (23514)", pgError("23514"), false],
    ["a syntax error (42601)", pgError("42601"), false],
    [
      "drizzle's wrapper around a constraint error",
      new DrizzleQueryError("insert", [], pgError("23505")),
      false,
    ],
    ["a plain bug", new TypeError("cannot read properties of undefined"), false],
    ["not an error", "Connection terminated", false],
    ["nothing", undefined, false],
  ])("%s -> %s", (_name, error, expected) => {
    expect(isDatabaseUnavailable(error)).toBe(expected);
  });

  it("follows a cause chain of bounded depth (a cycle is not a hang)", () => {
    const a: Error & { cause?: unknown } = new Error("outer");
    const b: Error & { cause?: unknown } = new Error("inner");
    a.cause = b;
    b.cause = a;
    expect(isDatabaseUnavailable(a)).toBe(false);
  });
});

describe("a request while the database is gone", () => {
  it("is a 503 with Retry-After and the shop's message, not a 500", async () => {
    // A database of its own, really closed (the test pool's close() hands it on instead).
    const { database, drop } = await openTestDatabase({ pooled: false });
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-faults-"));
    const config = loadConfig({ NODE_ENV: "test", DATA_DIR: dataDir, LOG_LEVEL: "silent" });
    const app = await buildApp({ config, database, web: "none" });
    try {
      await app.ready();
      await database.close();
      const res = await app.inject({ method: "GET", url: "/api/products?search=uncached" });
      expect(res.statusCode).toBe(503);
      expect(res.headers["retry-after"]).toBe("2");
      expect(res.json()).toMatchObject({
        message: "The shop is busy for a moment. Please try again in a few seconds.",
      });
      const health = await app.inject({ method: "GET", url: "/healthz" });
      expect(health.statusCode).toBe(503);
    } finally {
      await app.close();
      await drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
