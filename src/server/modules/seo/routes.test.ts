import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { products } from "../../db/schema/catalog.ts";
import { seedCatalog } from "../../db/seed/catalog.ts";
import { seedProducts } from "../../db/seed/catalog-data.ts";
import { createTestApp, type TestApp } from "../../test/app.ts";
import { SITEMAP_NAMESPACE, XHTML_NAMESPACE } from "./routes.ts";

let t: TestApp;
let hiddenId: number;
let shownId: number;
beforeAll(async () => {
  t = await createTestApp();
  await seedCatalog(t.database.db, {
    uploadsDir: t.app.config.uploadsDir,
    images: false,
    products: seedProducts.slice(0, 3),
  });
  const [shown] = await t.database.db.select({ id: products.id }).from(products).limit(1);
  shownId = Number(shown!.id);
  const [hidden] = await t.database.db
    .insert(products)
    .values({ sku: "HIDDEN-1", nameEn: "Hidden", priceCents: 100, active: false })
    .returning({ id: products.id });
  hiddenId = Number(hidden!.id);
});
afterAll(() => t.close());

const PAGES = [
  "/",
  "/shop",
  "/about",
  "/contact",
  "/our-kitchen",
  "/traders",
  "/faq",
  "/privacy-policy",
  "/terms-condition",
  "/international-shipping",
  "/refund-policy",
];

type SitemapUrl = { loc: string; lastmod: string | null; alternates: Record<string, string> };

/**
 * The sitemap read against the protocol's schema (sitemaps.org 0.9) by structure: one
 * `urlset` in the sitemap namespace declaring the xhtml one, and `url` elements holding one
 * absolute `loc` (at most 2,048 characters, XML-escaped), an optional W3C `lastmod`, then the
 * `xhtml:link` alternates. xmllint and the XSD are not available offline, so this checks what
 * the XSD would, element by element.
 */
function parseSitemap(xml: string): SitemapUrl[] {
  expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n')).toBe(true);
  const root = /^<\?xml[^>]*\?>\n<urlset ([^>]*)>\n([\s\S]*)\n<\/urlset>\n$/.exec(xml);
  expect(root, "one urlset element").not.toBeNull();
  expect(root![1]).toBe(`xmlns="${SITEMAP_NAMESPACE}" xmlns:xhtml="${XHTML_NAMESPACE}"`);
  const urls = root![2]!.split("\n");
  expect(urls.length).toBeLessThanOrEqual(50_000);
  return urls.map((line) => {
    const url =
      /^ {2}<url><loc>([^<]+)<\/loc>(?:<lastmod>([^<]+)<\/lastmod>)?((?:<xhtml:link [^>]*\/>)*)<\/url>$/.exec(
        line,
      );
    expect(url, line).not.toBeNull();
    const loc = url![1]!;
    expect(loc.length).toBeLessThanOrEqual(2048);
    expect(loc).toMatch(/^https?:\/\/[^\s<>"']+$/); // absolute, nothing left unescaped
    if (url![2]) expect(url![2]).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/);
    const alternates: Record<string, string> = {};
    for (const link of url![3]!.matchAll(/<xhtml:link ([^>]*)\/>/g)) {
      const attrs = Object.fromEntries(
        [...link[1]!.matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]),
      );
      expect(Object.keys(attrs).sort()).toEqual(["href", "hreflang", "rel"]);
      expect(attrs.rel).toBe("alternate");
      alternates[attrs.hreflang!] = attrs.href!;
    }
    return { loc, lastmod: url![2] ?? null, alternates };
  });
}

describe("GET /sitemap.xml", () => {
  it("lists every public page and active product in both languages, each with its alternates", async () => {
    const res = await t.app.inject({
      method: "GET",
      url: "/sitemap.xml",
      headers: { host: "shop.test:8080" },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^application\/xml/);
    const urls = parseSitemap(res.body);
    const locs = urls.map((u) => u.loc);
    const origin = "http://shop.test:8080";
    for (const page of PAGES) {
      expect(locs).toContain(origin + page);
      expect(locs).toContain(origin + (page === "/" ? "/ar" : `/ar${page}`));
    }
    // Every entry names both languages and x-default (the English one), and its own address is
    // one of them; the other language's entry names the same three (reciprocal).
    for (const url of urls) {
      expect(Object.keys(url.alternates).sort()).toEqual(["ar", "en", "x-default"]);
      expect(url.alternates["x-default"]).toBe(url.alternates.en);
      expect([url.alternates.en, url.alternates.ar]).toContain(url.loc);
      const twin = urls.find(
        (u) => u.loc !== url.loc && Object.values(u.alternates).includes(url.loc),
      );
      expect(twin?.alternates, url.loc).toEqual(url.alternates);
      expect(url.loc.startsWith(origin)).toBe(true);
    }
    expect(new Set(locs).size).toBe(locs.length);
    // Products: readable addresses in each language, with their last change; hidden ones left out.
    const productLocs = urls.filter((u) => u.loc.includes("/product/"));
    expect(productLocs).toHaveLength(6);
    for (const url of productLocs) expect(url.lastmod).not.toBeNull();
    expect(locs).toContainEqual(
      expect.stringMatching(new RegExp(`^${origin}/product/${shownId}-[a-z0-9-]+$`)),
    );
    expect(locs).toContainEqual(
      expect.stringMatching(new RegExp(`^${origin}/ar/product/${shownId}-(%[0-9A-F]{2}|-)+$`)),
    );
    expect(locs.some((l) => new RegExp(`/product/${hiddenId}(-|$)`).test(l))).toBe(false);
    // Categories: the shop filtered by each, in both languages.
    expect(locs).toContainEqual(expect.stringMatching(/\/shop\?category=[\w-]+$/));
    expect(locs).toContainEqual(expect.stringMatching(/\/ar\/shop\?category=[\w-]+$/));
    for (const hidden of ["/cart", "/account", "/admin-", "/api/", "/checkout"]) {
      expect(locs.some((l) => l.includes(hidden))).toBe(false);
    }
  });

  it("uses PUBLIC_URL when set", async () => {
    const other = await createTestApp({ env: { PUBLIC_URL: "https://sweets.example.com/" } });
    try {
      const sitemap = await other.app.inject({ method: "GET", url: "/sitemap.xml" });
      expect(sitemap.body).toContain("<loc>https://sweets.example.com/shop</loc>");
      const robots = await other.app.inject({ method: "GET", url: "/robots.txt" });
      expect(robots.body).toContain("Sitemap: https://sweets.example.com/sitemap.xml");
    } finally {
      await other.close();
    }
  });
});

describe("GET /robots.txt", () => {
  it("allows everything but the private areas and points to the sitemap", async () => {
    const res = await t.app.inject({
      method: "GET",
      url: "/robots.txt",
      headers: { host: "shop.test" },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/plain/);
    const lines = res.body.split("\n");
    expect(lines[0]).toBe("User-agent: *");
    expect(lines).toContain("Allow: /");
    for (const path of [
      "/admin-",
      "/account",
      "/cart",
      "/checkout",
      "/api/",
      "/ar/cart",
      "/ar/account",
    ]) {
      expect(lines).toContain(`Disallow: ${path}`);
    }
    expect(lines).toContain("Sitemap: http://shop.test/sitemap.xml");
  });
});

describe("GET /manifest.{lang}.webmanifest", () => {
  it.each([
    ["en", "ltr", "/", "Golden Syrup Sweets"],
    ["ar", "rtl", "/ar", "حلويات القطر الذهبي"],
  ])("%s: names, direction and start page in that language", async (lang, dir, start, name) => {
    const res = await t.app.inject({ method: "GET", url: `/manifest.${lang}.webmanifest` });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^application\/manifest\+json/);
    const manifest = res.json() as Record<string, unknown> & {
      icons: { src: string; sizes: string; type: string; purpose: string }[];
    };
    expect(manifest).toMatchObject({
      name,
      lang,
      dir,
      start_url: start,
      id: start,
      scope: "/",
      display: "standalone",
      theme_color: "#8a5a12",
      background_color: "#fbf6ee",
    });
    expect(String(manifest.short_name).length).toBeLessThanOrEqual(15);
    expect(manifest.icons.map((i) => `${i.sizes} ${i.purpose}`)).toEqual(
      expect.arrayContaining(["192x192 any", "512x512 any", "512x512 maskable"]),
    );
  });

  it.each(["fr", "AR", "ar-SY", "<script>"])("%s is not a manifest", async (lang) => {
    const res = await t.app.inject({
      method: "GET",
      url: `/manifest.${encodeURIComponent(lang)}.webmanifest`,
    });
    expect(res.statusCode).toBe(404);
  });
});
