import { randomBytes, randomInt } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import pg from "pg";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "./app.ts";
import { loadConfig } from "./config.ts";
import { type Database, openPostgres } from "./db/client.ts";
import { SIGN_IN_LIMITS } from "./modules/accounts/sign-in-limits.ts";
import { createUserWithToken } from "./test/fixtures.ts";

/**
 * Issue 14: two instances of the shop, each with its own pool and disk, on one PostgreSQL
 * database and one Redis. Runs in `npm run test:pg` (TEST_DATABASE_URL); Redis at REDIS_URL
 * or 127.0.0.1:6379.
 */
const serverUrl = process.env.TEST_DATABASE_URL ?? "";
if (!serverUrl) throw new Error("two-instances.test.ts needs TEST_DATABASE_URL (npm run test:pg)");
const redisUrl = process.env.REDIS_URL || "redis://127.0.0.1:6379";

describe("two instances on one PostgreSQL with Redis", () => {
  const name = `shop_two_${Date.now()}_${randomBytes(4).toString("hex")}`;
  const instances: { app: FastifyInstance; database: Database; dataDir: string }[] = [];

  async function startInstance(url: string) {
    const database = await openPostgres(url, 5);
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-two-"));
    const config = loadConfig({
      NODE_ENV: "test",
      DATA_DIR: dataDir,
      DATABASE_URL: url,
      REDIS_URL: redisUrl,
      LOG_LEVEL: "silent",
    });
    const app = await buildApp({ config, database, web: "none", rateLimit: true });
    await app.ready();
    instances.push({ app, database, dataDir });
    return app;
  }

  let a: FastifyInstance;
  let b: FastifyInstance;
  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(serverUrl!);
    url.pathname = `/${name}`;
    const first = await openPostgres(url.toString(), 2);
    await first.migrate();
    await first.close();
    a = await startInstance(url.toString());
    b = await startInstance(url.toString());
  }, 60_000);

  afterAll(async () => {
    for (const { app, database, dataDir } of instances) {
      await app.close();
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  });

  it("one sign-in budget per address across both instances", async () => {
    // Random per run: Redis keeps the counters for a minute after the test.
    const remoteAddress = `10.${randomInt(1, 250)}.${randomInt(1, 250)}.${randomInt(1, 250)}`;
    const statuses: number[] = [];
    const failures = SIGN_IN_LIMITS.perAddress.max;
    for (let i = 0; i <= failures; i++) {
      const res = await (i % 2 ? b : a).inject({
        method: "POST",
        url: i % 3 ? "/api/auth/login" : "/api/auth/admin-login",
        remoteAddress,
        payload: { email: `nobody-${i}-${remoteAddress}@example.com`, password: "wrong-pass" },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([...Array<number>(failures).fill(401), 429]);
  });

  it("a photo uploaded through one instance is served by the other", async () => {
    const owner = await createUserWithToken(a, { admin: true });
    const category = await a.inject({
      method: "POST",
      url: "/api/admin/categories",
      headers: owner.auth,
      payload: { name: "Two Instance Trays" },
    });
    expect(category.statusCode, category.body).toBe(201);
    const image = await sharp({
      create: { width: 700, height: 500, channels: 3, background: { r: 10, g: 150, b: 90 } },
    })
      .png()
      .toBuffer();
    const boundary = "----two-instances";
    const field = (key: string, value: string) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="${key}"\r\n\r\n${value}\r\n`;
    const payload = Buffer.concat([
      Buffer.from(
        field("name", "Shared Tray") +
          field("price", "12") +
          field("category_id", String(category.json().data.id)) +
          `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="tray.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      image,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const created = await a.inject({
      method: "POST",
      url: "/api/admin/products",
      headers: { ...owner.auth, "content-type": `multipart/form-data; boundary=${boundary}` },
      payload,
    });
    expect(created.statusCode, created.body).toBe(201);
    const url: string = created.json().data.image_url;
    const onA = await a.inject({ url });
    expect(onA.statusCode).toBe(200);

    const onB = await b.inject({ url });
    expect(onB.statusCode).toBe(200);
    expect(onB.rawPayload.equals(onA.rawPayload)).toBe(true);
    const variant = (created.json().data.image.srcset as string).split(" ")[0]!;
    expect((await b.inject({ url: variant })).statusCode).toBe(200);
    // Served from B's own disk from now on.
    expect(fs.existsSync(path.join(instances[1]!.dataDir, "uploads", url.slice(9)))).toBe(true);
  });
});
