// Anonymous HTML cache (issue 10, ADR 0008): pages rendered once per (URL, language, content
// version and the stock of the products shown: ADR 0021), compressed once, every response with
// its own CSP nonce and its inline scripts allowed by hash; writes (stock included) visible on
// the next read; never for sessions.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { gunzipSync } from "node:zlib";
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
  bytesFor,
  cacheableRequest,
  createHtmlCache,
  pageKey,
  pageUrl,
  pickEncoding,
  toCachedPage,
} from "./html-cache.ts";

let app: FastifyInstance;
let database: Database;
let drop: () => Promise<void>;
let dataDir: string;
let productId = 0;

beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-test-html-cache-"));
  // Behind a proxy: X-Forwarded-Host names the host (issue 26's probe).
  const config = loadConfig({
    NODE_ENV: "test",
    DATA_DIR: dataDir,
    LOG_LEVEL: "silent",
    TRUST_PROXY: "1",
  });
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

/**
 * The product page's current address: `/product/{id}` itself, or where it redirects (a URL
 * with the name's slug, which changes with the name: ADR 0028).
 */
async function productUrl(): Promise<string> {
  // HEAD: never served from or stored in the page cache.
  const res = await app.inject({
    method: "HEAD",
    url: `/product/${productId}`,
    headers: { cookie: "lang=en" },
  });
  const location = res.headers.location;
  if (res.statusCode >= 300 && res.statusCode < 400 && typeof location === "string") {
    const target = new URL(location, "http://localhost");
    return target.pathname + target.search;
  }
  return `/product/${productId}`;
}

/** The header's currency picker as the server rendered it, with `code` chosen. */
const picked = (code: string) => new RegExp(`<option value="${code}" selected="">`);

const nonceOf = (csp: unknown) => /'nonce-([^']+)'/.exec(String(csp))?.[1];

describe("anonymous HTML cache", () => {
  it("serves a page from the cache, each response with its own nonce on every inline script", async () => {
    const responses = [await get("/shop"), await get("/shop"), await get("/shop")];
    expect(responses.map((res) => res.headers["x-html-cache"])).toEqual(["miss", "hit", "hit"]);
    const nonces = responses.map((res) => nonceOf(res.headers["content-security-policy"]));
    expect(new Set(nonces).size).toBe(3);
    for (const [i, res] of responses.entries()) {
      const scripts = [...res.body.matchAll(/<script\b([^>]*)>/g)].map((m) => m[1] ?? "");
      expect(scripts.length).toBeGreaterThan(0);
      for (const attributes of scripts) expect(attributes).toContain(`nonce="${nonces[i]}"`);
      // Links need none (style-src allows 'self'), and each nonce in a page is a seam in its
      // cached compression: the stylesheet and the font preloads carry none.
      const links = [...res.body.matchAll(/<link\b[^>]*>/g)].map((m) => m[0]);
      expect(links.some((link) => link.includes('rel="stylesheet"'))).toBe(true);
      for (const link of links) expect(link).not.toContain("nonce");
      for (const other of nonces.filter((n) => n !== nonces[i]))
        expect(res.body).not.toContain(other);
    }
    // The same page apart from the nonce.
    const shown = (i: number) => responses[i]!.body.replaceAll(nonces[i]!, "NONCE");
    expect(shown(1)).toBe(shown(0));
    expect(shown(2)).toBe(shown(0));
  }, 60_000);

  it("sends gzip compressed at fill time, with this response's nonce spliced in", async () => {
    await get("/about");
    const gz = await get("/about", { "accept-encoding": "gzip, deflate, br" });
    expect(gz.headers["x-html-cache"]).toBe("hit");
    expect(gz.headers["content-encoding"]).toBe("gzip");
    const html = gunzipSync(gz.rawPayload).toString();
    expect(html).toContain(`nonce="${nonceOf(gz.headers["content-security-policy"])}"`);
    expect(html).toContain("</html>");
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
    let url = await productUrl();
    await get(url);
    expect((await get(url)).headers["x-html-cache"]).toBe("hit");

    await database.db
      .update(products)
      .set({ nameEn: "Freshly renamed pistachio baklava" })
      .where(eq(products.id, productId));
    url = await productUrl();
    const renamed = await get(url);
    expect(renamed.headers["x-html-cache"]).toBe("miss");
    expect(renamed.body).toContain("Freshly renamed pistachio baklava");

    // What an order does to stock: only the product's stock changes. With plenty left the page
    // shows whether it is in stock, not how much, so it stays cached; once little is left it
    // says how much, and each order changes that; pages that show no product are never
    // rendered again for it (ADR 0021).
    await database.db
      .update(products)
      .set({ stockGrams: 50_000 })
      .where(eq(products.id, productId));
    await get(url);
    await get("/about");
    expect((await get(url)).headers["x-html-cache"]).toBe("hit");
    expect(renamed.body).not.toMatch(/\\"stock\\"/);
    await database.db
      .update(products)
      .set({ stockGrams: 40_000 })
      .where(eq(products.id, productId));
    expect((await get(url)).headers["x-html-cache"]).toBe("hit");
    await database.db
      .update(products)
      .set({ stockGrams: 12_345 })
      .where(eq(products.id, productId));
    const little = await get(url);
    expect(little.headers["x-html-cache"]).toBe("miss");
    expect(little.body).toContain("Only 12.345 kg left");
    expect((await get(url)).headers["x-html-cache"]).toBe("hit");
    await database.db
      .update(products)
      .set({ stockGrams: 12_000 })
      .where(eq(products.id, productId));
    const less = await get(url);
    expect(less.headers["x-html-cache"]).toBe("miss");
    expect(less.body).toContain("Only 12 kg left");
    await database.db.update(products).set({ stockGrams: 0 }).where(eq(products.id, productId));
    const soldOut = await get(url);
    expect(soldOut.headers["x-html-cache"]).toBe("miss");
    expect(soldOut.body).toContain("out of stock");
    expect((await get("/about")).headers["x-html-cache"]).toBe("hit");
    expect((await get(url)).headers["x-html-cache"]).toBe("hit");
    await database.db.update(products).set({ stockGrams: 5_000 }).where(eq(products.id, productId));
    const back = await get(url);
    expect(back.headers["x-html-cache"]).toBe("miss");
    expect(back.body.split("out of stock").length).toBeLessThan(
      soldOut.body.split("out of stock").length,
    );
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
    expect((await get("/search?q=nuts")).headers["x-html-cache"]).toBeUndefined();
  });

  it("renders the shopper's listed currency, keyed by it; USD and bogus cookies share USD's pages (ADR 0023)", async () => {
    await app.services.settings.update({
      currencies: [{ code: "EUR", rate: 0.5, symbol: "€" }],
    });
    const url = await productUrl();
    // Rendered once first: in development a page's first render loads its modules, which
    // makes a new build (and a new key) for the next request.
    await get("/faq");
    await get(url);
    const usd = await get("/faq");
    expect(usd.body).toMatch(picked("USD"));
    expect((await get("/faq")).headers["x-html-cache"], "USD again").toBe("hit");
    const entries = app.htmlCache.stats().entries;
    for (const cookie of ["currency=USD", "currency=usd", "currency=XYZ", "currency=GBP"]) {
      const res = await get("/faq", { cookie: `lang=en; ${cookie}` });
      expect(res.headers["x-html-cache"], cookie).toBe("hit");
      expect(res.body).toMatch(picked("USD"));
    }
    expect(app.htmlCache.stats().entries).toBe(entries);

    const eur = await get(url, { cookie: "lang=en; currency=eur" });
    expect(eur.headers["x-html-cache"]).toBe("miss");
    expect(eur.body).toMatch(picked("EUR"));
    expect(eur.body).toMatch(/€\d+\.\d\d/); // rendered converted: no flash of dollars
    const again = await get(url, { cookie: "lang=en; currency=EUR" });
    expect(again.headers["x-html-cache"], "EUR again").toBe("hit");
    const dollars = await get(url);
    expect(dollars.body).toMatch(picked("USD"));
    expect(dollars.body).not.toMatch(/€\d/);

    // The owner removes the currency: its shoppers get dollars again.
    await app.services.settings.update({ currencies: [] });
    const removed = await get(url, { cookie: "lang=en; currency=EUR" });
    expect(removed.body).not.toMatch(picked("EUR"));
    expect(removed.body).not.toMatch(/€\d/);
  });

  it("a forged host's links stay on the forged host's own pages (issue 26)", async () => {
    // Development and tests answer any well-formed host (production refuses them:
    // cache-poisoning.test.ts), and a page's links follow it, so the cache keys on the origin.
    const forgeries: Record<string, string>[] = [
      { "x-forwarded-host": "evil.example" },
      { host: "127.0.0.2:3000" },
      { host: "localhost:80", "x-forwarded-host": "localhost.evil", "x-forwarded-proto": "https" },
    ];
    for (const headers of forgeries) {
      const forged = await get("/about", headers);
      expect(forged.statusCode).toBe(200);
      for (let i = 0; i < 2; i++) {
        const later = await get("/about");
        expect(later.body).not.toMatch(/evil|127\.0\.0\.2|https:\/\/localhost/);
        expect(later.body).toContain('href="http://localhost:80/about"');
      }
    }
  });

  it("throwaway query strings neither reach the page nor make entries nor evict pages (issue 26)", async () => {
    const product = await productUrl();
    for (const url of ["/about", product, "/shop", "/shop?category=baklava"]) await get(url);
    expect((await get("/about")).headers["x-html-cache"]).toBe("hit");
    const before = app.htmlCache.stats();
    const junk = (i: number) =>
      `utm_source=news${i}&utm_medium=mail&fbclid=IwAR${i}&gclid=Cj${i}&unknown${i}=x${i}`;
    let misses = 0;
    for (let i = 0; i < 500; i++) {
      const url = ["/about", product, "/shop", "/shop?category=baklava"][i % 4]!;
      const res = await get(`${url}${url.includes("?") ? "&" : "?"}${junk(i)}`);
      expect(res.statusCode).toBe(200);
      if (res.headers["x-html-cache"] !== "hit") misses++;
    }
    // Each throwaway string was a hit and made no entry. (Vite may swap the development build
    // once while it optimises a dependency, which renders each of the four pages again under
    // the new build: at most 4 misses and 4 entries, where keying the strings made 500.)
    const after = app.htmlCache.stats();
    expect(misses).toBeLessThanOrEqual(4);
    expect(after.fills - before.fills).toBe(misses);
    expect(after.entries - before.entries).toBeLessThanOrEqual(misses);
    for (const url of ["/about", product, "/shop", "/shop?category=baklava"]) {
      await get(url);
      expect((await get(url)).headers["x-html-cache"], url).toBe("hit");
    }
    // Defaults and values a page reads as its default are the page itself.
    expect((await get("/shop?page=1&sort=bogus&per_page=7&search=")).headers["x-html-cache"]).toBe(
      "hit",
    );
    // A tag seen first is not in the page (its canonical link included) served to others.
    const tagged = await get("/contact?utm_source=zzzTAG&fbclid=zzzCLICK");
    expect(tagged.body).not.toContain("zzz");
    expect((await get("/contact")).headers["x-html-cache"]).toBe("hit");
    // What changes the page still does.
    const page2 = await get("/shop?category=baklava&page=2&utm_source=x");
    expect(page2.headers["x-html-cache"]).not.toBe("hit");
  }, 120_000);

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
    ["/faq", true],
    ["/refund-policy", true],
    ["/search?q=nuts", false],
    ["/account", false],
    ["/order/ABC-1", false],
    ["/admin-products", false],
    ["/product/abc", false],
    ["/shop?utm_source=x", true],
    ["/ar", true],
    ["/ar/shop", true],
    ["/ar/product/12-%D8%A8%D9%82%D9%84%D8%A7%D9%88%D8%A9", true],
    ["/product/12-pistachio-baklava", true],
    ["/ar/our-kitchen", false],
    ["/arx/shop", false],
    ["/en/shop", false],
  ])("%s cacheable: %s", (url, expected) => {
    expect(cacheableRequest(request({ url }))).toBe(expected);
  });

  it("refuses sessions and writes", () => {
    expect(cacheableRequest(request({ method: "POST" }))).toBe(false);
    expect(cacheableRequest(request({ headers: { authorization: "Bearer x" } }))).toBe(false);
    expect(cacheableRequest(request({ cookies: { lang: "ar", session: "x" } }))).toBe(false);
    expect(cacheableRequest(request({ cookies: { lang: "ar" } }))).toBe(true);
  });

  it("takes the signed-in mark too: no cacheable page reads it, account pages are not cached", () => {
    expect(cacheableRequest(request({ cookies: { lang: "ar", signed_in: "1" } }))).toBe(true);
    expect(cacheableRequest(request({ url: "/account", cookies: { signed_in: "1" } }))).toBe(false);
  });

  it("takes the display-currency cookie too, keyed only when not USD (ADR 0023)", () => {
    expect(cacheableRequest(request({ cookies: { lang: "ar", currency: "EUR" } }))).toBe(true);
    expect(cacheableRequest(request({ cookies: { currency: "EUR", session: "x" } }))).toBe(false);
    const key = (lang: string, currency: string) =>
      pageKey({ build: 1, origin: "http://o", lang, currency, url: "/shop" });
    expect(key("en", "USD")).toBe("1 http://o en /shop");
    expect(key("en", "EUR")).toBe("1 http://o en EUR /shop");
    expect(key("ar", "EUR")).not.toBe(key("ar", "SYP"));
  });

  it.each([
    ["/about", "/about"],
    ["/about?utm_source=x&fbclid=y", "/about"],
    [`/product/12?gclid=1&ref=tw`, "/product/12"],
    ["/shop?utm_campaign=x", "/shop"],
    ["/shop?page=1&per_page=9&sort=&search=%20", "/shop"],
    ["/shop?sort=bogus&per_page=7&page=abc", "/shop"],
    ["/shop?page=2&category=baklava&x=1", "/shop?category=baklava&page=2"],
    ["/shop?search=nuts&sort=price_asc&utm_source=y", "/shop?search=nuts&sort=price_asc"],
    ["/ar/shop?category=sweets&fbclid=1", "/ar/shop?category=sweets"],
    ["/ar?utm_source=x", "/ar"],
  ])("pageUrl(%s) = %s", (url, expected) => {
    expect(pageUrl(url)).toBe(expected);
  });

  it("pages with a query have their own pool: no number of them evicts a page without one", () => {
    const cache = createHtmlCache({ maxEntries: 3, maxQueryEntries: 2 });
    for (const key of ["a /about", "a /faq", "a /contact"]) cache.slot(key, "/", "v1");
    for (let i = 0; i < 100; i++) cache.slot(`a /shop?search=${i}`, "/shop", "v1");
    for (const key of ["a /about", "a /faq", "a /contact"]) expect(cache.has(key)).toBe(true);
    expect(cache.stats().entries).toBe(5);
    // Least recently used goes first: a page read again stays.
    cache.slot("a /about", "/about", "v1");
    cache.slot("a /cart", "/cart", "v1");
    expect(cache.has("a /about")).toBe(true);
    expect(cache.has("a /faq")).toBe(false);
  });

  it("splices a nonce into the stored gzip stream", async () => {
    const old = "OLDNONCEOLDNONCEOLDNON==";
    const html = `<html><script nonce="${old}">x("${old}")</script>${"é ".repeat(3000)}</html>`;
    const page = await toCachedPage(
      new Response(html, { headers: { "content-type": "text/html; charset=utf-8" } }),
      old,
    );
    expect(page?.parts).toHaveLength(3);
    const fresh = "NEWNONCENEWNONCENEWNON==";
    const expected = html.replaceAll(old, fresh);
    expect(bytesFor(page!, fresh, null).toString()).toBe(expected);
    const gz = bytesFor(page!, fresh, "gzip");
    expect(gunzipSync(gz).toString()).toBe(expected);
    expect(gz.length).toBeLessThan(Buffer.byteLength(expected) / 5);
    expect(pickEncoding("gzip, deflate, br")).toBe("gzip");
    expect(pickEncoding("br, gzip;q=0")).toBeNull();
    expect(pickEncoding("identity")).toBeNull();
    expect(pickEncoding(undefined)).toBeNull();
  });
});
