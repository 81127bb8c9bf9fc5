import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { count } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import pg from "pg";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app.ts";
import { type Config, loadConfig } from "../config.ts";
import { type Database, openPglite, openPostgres } from "../db/client.ts";
import { orders } from "../db/schema/orders.ts";
import { addProduct, orderBody, placeOrder } from "../modules/orders/test-fixtures.ts";
import { migratedPgliteSnapshot } from "../test/app.ts";
import { createUserWithToken } from "../test/fixtures.ts";
import { backup, restore } from "./backup.ts";

/**
 * Issue 14, backups: a snapshot taken while the shop runs, restored into a fresh DATA_DIR
 * (PGlite, `npm test`) or an empty database (PostgreSQL, `npm run test:pg`), holds every
 * order and every uploaded image.
 */
const serverUrl = process.env.TEST_DATABASE_URL;
const tmp = (prefix: string) => fs.mkdtempSync(path.join(os.tmpdir(), prefix));
const made: { dirs: string[]; databases: string[] } = { dirs: [], databases: [] };

async function createDatabase(): Promise<string> {
  const name = `shop_backup_${Date.now()}_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  made.databases.push(name);
  const url = new URL(serverUrl!);
  url.pathname = `/${name}`;
  return url.toString();
}

function configFor(dataDir: string, databaseUrl?: string): Config {
  made.dirs.push(dataDir);
  return loadConfig({
    NODE_ENV: "test",
    DATA_DIR: dataDir,
    LOG_LEVEL: "silent",
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });
}

let config: Config;
let database: Database;
let app: FastifyInstance;
let imagePaths: string[] = [];
const orderNumbers: string[] = [];

beforeAll(async () => {
  const url = serverUrl ? await createDatabase() : undefined;
  config = configFor(tmp("shop-backup-src-"), url);
  // A migrated copy spares an initdb; migrate() is then a no-op, as on every later start.
  database = url
    ? await openPostgres(url, 4)
    : await openPglite(config.dataDir, { loadDataDir: migratedPgliteSnapshot() });
  await database.migrate();
  app = await buildApp({ config, database, web: "none", rateLimit: false });
  await app.ready();

  const admin = await createUserWithToken(app, { admin: true });
  const category = await app.inject({
    method: "POST",
    url: "/api/admin/categories",
    headers: admin.auth,
    payload: { name: "Backup Trays" },
  });
  const boundary = "----backup-test";
  const image = await sharp({
    create: { width: 640, height: 480, channels: 3, background: { r: 90, g: 30, b: 160 } },
  })
    .png()
    .toBuffer();
  const created = await app.inject({
    method: "POST",
    url: "/api/admin/products",
    headers: { ...admin.auth, "content-type": `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([
      Buffer.from(
        [
          ["name", "Backed-up Tray"],
          ["price", "15"],
          ["category_id", String(category.json().data.id)],
        ]
          .map(
            ([k, v]) =>
              `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`,
          )
          .join("") +
          `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="t.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      image,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  });
  expect(created.statusCode, created.body).toBe(201);
  const data = created.json().data;
  imagePaths = [
    data.image_url,
    ...data.image.srcset.split(", ").map((s: string) => s.split(" ")[0]),
  ];

  const productId = await addProduct(database.db, { priceCents: 1500 });
  for (let i = 0; i < 3; i++) {
    const res = await placeOrder(app, orderBody([{ productId, grams: 1000, qty: 1 }]));
    expect(res.statusCode, res.body).toBe(201);
    orderNumbers.push(res.json().data.number ?? res.json().data.id);
  }
}, 120_000);

afterAll(async () => {
  await app?.close();
  await database?.close();
  for (const dir of made.dirs) fs.rmSync(dir, { recursive: true, force: true });
  if (made.databases.length) {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    for (const name of made.databases)
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
});

describe(`backup and restore (${serverUrl ? "PostgreSQL" : "PGlite"})`, () => {
  it("a snapshot taken while the shop runs restores every order and image", async () => {
    const dir = tmp("shop-backups-");
    made.dirs.push(dir);
    const file = await backup(config, dir, serverUrl ? undefined : database);
    expect(path.dirname(file)).toBe(dir);
    expect(fs.statSync(file).size).toBeGreaterThan(1000);

    const target = configFor(
      path.join(tmp("shop-restore-"), "absent"),
      serverUrl ? await createDatabase() : undefined,
    );
    await restore(target, file);

    const restored = target.databaseUrl
      ? await openPostgres(target.databaseUrl, 2)
      : await openPglite(target.dataDir);
    try {
      const [row] = await restored.db.select({ n: count() }).from(orders);
      expect(row!.n).toBe(orderNumbers.length);
      const restoredApp = await buildApp({ config: target, database: restored, web: "none" });
      try {
        for (const url of imagePaths) {
          const res = await restoredApp.inject({ url });
          expect(res.statusCode, url).toBe(200);
        }
      } finally {
        await restoredApp.close();
      }
    } finally {
      await restored.close();
    }

    // Never over existing data.
    await expect(restore(target, file)).rejects.toThrow(/not empty|already holds/);
  }, 120_000);
});
