import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import pg from "pg";
import { afterAll, beforeAll, beforeEach, inject } from "vitest";
import { buildApp } from "../app.ts";
import { loadConfig } from "../config.ts";
import { type Database, openPglite, openPostgres } from "../db/client.ts";
import { type Conformance, watchConformance } from "./openapi-conformance.ts";
import { pooledPglite } from "./pglite-pool.ts";
import { startSmtp } from "./smtp.ts";

export type TestApp = {
  app: FastifyInstance;
  database: Database;
  dataDir: string;
  /** The test database's URL on PostgreSQL (a second instance can open it); undefined on PGlite. */
  url?: string;
  /** Every answer of `app.inject`, checked against /api/openapi.json (openapi-conformance.ts). */
  conformance: Conformance;
  close(): Promise<void>;
};

/** The migrated PGlite data directory of global-setup.ts, read once per worker. */
let snapshot: Blob | undefined;

/**
 * The migrated PGlite data directory global-setup.ts made for this run, or undefined (under
 * TEST_DATABASE_URL, or outside the config's global setup). `openPglite(dir, { loadDataDir })`
 * starts from it instead of running initdb and the migrations (seconds): for a test of what
 * happens to a DATA_DIR (locks, backups), not of the first start itself.
 */
export function migratedPgliteSnapshot(): Blob | undefined {
  const file = inject("pgliteSnapshot");
  if (file && !snapshot) snapshot = new Blob([fs.readFileSync(file)]);
  return file ? snapshot : undefined;
}

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default (often an earlier
 * file's, emptied: pglite-pool.ts), or a new database on the server named by TEST_DATABASE_URL
 * (dropped again on close). Both start from what src/server/test/global-setup.ts migrated
 * once for the run (a PGlite data directory, a PostgreSQL template database); without it (a
 * test run outside the config's global setup) they migrate from scratch.
 */
export async function openTestDatabase(opts: { pooled?: boolean } = {}): Promise<{
  database: Database;
  url?: string;
  drop(): Promise<void>;
}> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const loadDataDir = migratedPgliteSnapshot();
    if (loadDataDir)
      return {
        database:
          opts.pooled === false
            ? await openPglite(undefined, { loadDataDir })
            : await pooledPglite(loadDataDir),
        drop: async () => {},
      };
    const database = await openPglite();
    await database.migrate();
    return { database, drop: async () => {} };
  }
  const template = inject("pgTemplate");
  const name = `shop_test_${Date.now()}_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ""}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openPostgres(url.toString(), 20);
  if (!template) await database.migrate();
  return {
    url: url.toString(),
    database,
    drop: async () => {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

/** The whole API on a fresh database, without pages; rate limits off unless asked for. */
export async function createTestApp(
  opts: { rateLimit?: boolean; env?: NodeJS.ProcessEnv } = {},
): Promise<TestApp> {
  const { database, url, drop } = await openTestDatabase();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-test-"));
  const config = loadConfig({
    NODE_ENV: "test",
    DATA_DIR: dataDir,
    LOG_LEVEL: "silent",
    ...opts.env,
  });
  const app = await buildApp({ config, database, web: "none", rateLimit: opts.rateLimit ?? false });
  await app.ready();
  const conformance = watchConformance(app);
  return {
    app,
    database,
    dataDir,
    url,
    conformance,
    close: async () => {
      await app.close();
      await database.close();
      await drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
      // An answer the API document does not describe fails the file.
      const mismatches = conformance.mismatches();
      if (mismatches.length)
        throw new Error(
          `Answers that /api/openapi.json does not describe (src/server/plugins/openapi-document.ts):\n${mismatches.join("\n")}`,
        );
    },
  };
}

export type TestSmtp = Awaited<ReturnType<typeof startSmtp>>;

/**
 * The e-mail tests' app: a real SMTP server on loopback and a test app whose outbox sends to
 * it (from the shop's address, links on https://shop.example.com), opened before the file's
 * tests and closed after them; what the server received is emptied before each test. Call it
 * at the top of a test file and read its `t` and `smtp` inside the tests.
 */
export function mailTestApp(opts: { rateLimit?: boolean } = {}): {
  readonly t: TestApp;
  readonly smtp: TestSmtp;
} {
  let smtp: TestSmtp | undefined;
  let t: TestApp | undefined;
  beforeAll(async () => {
    smtp = await startSmtp();
    t = await createTestApp({
      rateLimit: opts.rateLimit,
      env: {
        SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
        MAIL_FROM: "Shop <shop@example.com>",
        PUBLIC_URL: "https://shop.example.com",
      },
    });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });
  beforeEach(() => {
    if (smtp) smtp.received.length = 0;
  });
  return {
    get t() {
      if (!t) throw new Error("mailTestApp: the app opens in beforeAll");
      return t;
    },
    get smtp() {
      if (!smtp) throw new Error("mailTestApp: the server starts in beforeAll");
      return smtp;
    },
  };
}
