// Anonymous HTML cache (issue 10, ADR 0008): pages rendered once per (URL, language, content
// version), compressed once, every response with its own CSP nonce and its inline scripts
// allowed by hash; writes (stock included) visible on the next read; never for sessions.
import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app.ts";
import { loadConfig } from "../config.ts";
import type { Database } from "../db/client.ts";
import { products } from "../db/schema/catalog.ts";
import { seedCatalog } from "../db/seed/catalog.ts";
import { openTestDatabase } from "../test/app.ts";
import {
  cacheableRequest,
  inlineScriptHashes,
  pickEncoding,
  withScriptHashes,
} from "./html-cache.ts";

let app: FastifyInstance;
let database: Database;
let drop: () => Promise<void>;
let dataDir: string;
let productId = 0;

beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-test-html-cache-"));
  const config = loadConfig({ NODE_ENV: "test", DATA_DIR: dataDir, LOG_LEVEL: "silent" });
  await seedCatalog(database.db, { uploadsDir: config.uploadsDir, images: false });
  app = await buildApp({ config, database, web: "dev", rateLimit: false });
  await app.ready();
  const list = await app.inject({ method: "GET", url: "/api/products" });
  productId = (list.json() as { data: { id: number }[] }).data[0]!.id;
}, 120_000);

afterAll(async () => {
  await app?.close();
  await database?.close();
  await drop?.();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: "GET", url, headers: { cookie: "lang=en", ...headers } });

const nonceOf = (csp: unknown) => /'nonce-([^']+)'/.exec(String(csp))?.[1];

describe("anonymous HTML cache", () => {
  it("serves a page from the cache with a fresh nonce and its inline scripts hashed", async () => {
    const first = await get("/shop");
    const second = await get("/shop");
    const third = await get("/shop");
    expect(first.statusCode).toBe(200);
    expect(second.headers["x-html-cache"]).toBe("hit");
    expect(third.headers["x-html-cache"]).toBe("hit");
    expect(second.body).toBe(third.body);
    const nonces = [first, second, third].map((res) =>
      nonceOf(res.headers["content-security-policy"]),
    );
    expect(nonces.every(Boolean)).toBe(true);
    expect(new Set(nonces).size).toBe(3);
    const csp = String(third.headers["content-security-policy"]);
    const scripts = [...third.body.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].filter(
      ([, attributes]) => !/\bsrc=/.test(attributes ?? ""),
    );
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, , content] of scripts) {
      const hash = createHash("sha256")
        .update(content ?? "")
        .digest("base64");
      expect(csp).toContain(`'sha256-${hash}'`);
    }
  }, 60_000);

  it("sends the stored compressed bytes the browser accepts", async () => {
    const plain = (await get("/about")).body;
    const br = await get("/about", { "accept-encoding": "gzip, deflate, br" });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain);
    const gz = await get("/about", { "accept-encoding": "gzip" });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain);
    expect(gz.headers.vary).toContain("Accept-Encoding");
  });

  it("keeps languages apart", async () => {
    const en = await get("/contact");
    const ar = await get("/contact", { cookie: "lang=ar" });
    expect(en.body).toContain('lang="en"');
    expect(ar.body).toContain('lang="ar"');
    expect((await get("/contact", { cookie: "lang=ar" })).body).toContain('lang="ar"');
  });

  it("shows a write, stock included, on the next page read", async () => {
    const url = `/product/${productId}`;
    await get(url);
    expect((await get(url)).headers["x-html-cache"]).toBe("hit");

    await database.db
      .update(products)
      .set({ nameEn: "Freshly renamed pistachio baklava" })
      .where(eq(products.id, productId));
    const renamed = await get(url);
    expect(renamed.headers["x-html-cache"]).toBe("miss");
    expect(renamed.body).toContain("Freshly renamed pistachio baklava");

    // What an order does to stock: the products row changes, so the page is rendered again.
    await database.db
      .update(products)
      .set({ stockGrams: 12_345 })
      .where(eq(products.id, productId));
    const restocked = await get(url);
    expect(restocked.headers["x-html-cache"]).toBe("miss");
    expect(restocked.body).toContain(String.raw`\"stock\",12.345`);
  });

  it("never serves or fills the cache for a session, a non-GET or an uncacheable page", async () => {
    await get("/shop");
    const bearer = await get("/shop", { authorization: "Bearer something" });
    expect(bearer.headers["x-html-cache"]).toBeUndefined();
    const session = await get("/shop", { cookie: "lang=en; sid=abc" });
    expect(session.headers["x-html-cache"]).toBeUndefined();
    const missing = await get("/product/999999999");
    expect(missing.statusCode).toBe(404);
    expect(missing.headers["x-html-cache"]).toBeUndefined();
    expect((await get("/our-kitchen")).headers["x-html-cache"]).toBeUndefined();
    expect((await get("/faq")).headers["x-html-cache"]).toBeUndefined();
  });

  it("shuffles the home page's products per visit", async () => {
    // Each render has its own nonce in its HTML: compare what the page shows, not the nonce.
    const shown = (html: string) => {
      const nonce = /nonce="([^"]+)"/.exec(html)?.[1] ?? "";
      return html.replaceAll(nonce, "NONCE");
    };
    const a = await get("/");
    const b = await get("/");
    expect(a.statusCode).toBe(200);
    // Two visits in a row never get the same render, and the renders really differ.
    expect(shown(a.body)).not.toBe(shown(b.body));
  });
});

describe("html cache rules", () => {
  const request = (over: Partial<Parameters<typeof cacheableRequest>[0]> = {}) => ({
    method: "GET",
    url: "/shop",
    headers: {},
    cookies: {},
    ...over,
  });

  it.each([
    ["/", true],
    ["/shop?category=3", true],
    ["/product/12", true],
    ["/cart", true],
    ["/our-kitchen", false],
    ["/faq", false],
    ["/account", false],
    ["/order/ABC-1", false],
    ["/admin-products", false],
    ["/product/abc", false],
  ])("%s cacheable: %s", (url, expected) => {
    expect(cacheableRequest(request({ url }))).toBe(expected);
  });

  it("refuses sessions and writes", () => {
    expect(cacheableRequest(request({ method: "POST" }))).toBe(false);
    expect(cacheableRequest(request({ headers: { authorization: "Bearer x" } }))).toBe(false);
    expect(cacheableRequest(request({ cookies: { lang: "ar", session: "x" } }))).toBe(false);
    expect(cacheableRequest(request({ cookies: { lang: "ar" } }))).toBe(true);
  });

  it("adds script hashes to script-src and picks an encoding", () => {
    const hashes = inlineScriptHashes(
      '<script nonce="n">a()</script><script src="/x.js"></script>',
    );
    expect(hashes).toHaveLength(1);
    expect(
      withScriptHashes("default-src 'self';script-src 'self' 'nonce-x';img-src 'self'", hashes),
    ).toBe(`default-src 'self';script-src ${hashes[0]} 'self' 'nonce-x';img-src 'self'`);
    expect(pickEncoding("gzip, deflate, br")).toBe("br");
    expect(pickEncoding("gzip, br;q=0")).toBe("gzip");
    expect(pickEncoding("identity")).toBeNull();
    expect(pickEncoding(undefined)).toBeNull();
  });
});
