import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { products } from "../../db/schema/catalog.ts";
import { seedCatalog } from "../../db/seed/catalog.ts";
import { seedProducts } from "../../db/seed/catalog-data.ts";
import { createTestApp, type TestApp } from "../../test/app.ts";

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

describe("GET /sitemap.xml", () => {
  it("lists the public pages and every active product with absolute URLs from the request host", async () => {
    const res = await t.app.inject({
      method: "GET",
      url: "/sitemap.xml",
      headers: { host: "shop.test:8080" },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^application\/xml/);
    expect(res.body.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    const locs = [...res.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    for (const page of PAGES) expect(locs).toContain(`http://shop.test:8080${page}`);
    const productLocs = locs.filter((l) => l?.includes("/product/"));
    expect(productLocs).toHaveLength(3);
    expect(locs).toContain(`http://shop.test:8080/product/${shownId}`);
    expect(locs).not.toContain(`http://shop.test:8080/product/${hiddenId}`);
    expect(res.body).toMatch(/<lastmod>\d{4}-\d{2}-\d{2}T/);
    for (const hidden of ["/cart", "/account", "/admin-", "/api/", "/checkout"]) {
      expect(locs.some((l) => l?.includes(hidden))).toBe(false);
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
    for (const path of ["/admin-", "/account", "/cart", "/checkout", "/api/"]) {
      expect(lines).toContain(`Disallow: ${path}`);
    }
    expect(lines).toContain("Sitemap: http://shop.test/sitemap.xml");
  });
});
