import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  CATEGORY_SLUGS,
  productListResponseSchema,
  SITE_IMAGE_PATHS,
  siteImages,
} from "../../../shared/schemas/catalog.ts";
import { seedCatalog } from "../../db/seed/catalog.ts";
import { createTestApp, type TestApp } from "../../test/app.ts";

let t: TestApp;
let first: { categories: number; products: number };
beforeAll(async () => {
  t = await createTestApp();
  first = await seedCatalog(t.database.db, { uploadsDir: t.app.config.uploadsDir });
}, 60_000);
afterAll(() => t.close());

const all = async () => {
  const res = await t.app.inject({ method: "GET", url: "/api/products?per_page=100" });
  return productListResponseSchema.parse(res.json()).data;
};

describe("demo catalog seed", () => {
  it("creates the three categories and at least 30 products", async () => {
    expect(first.categories).toBe(3);
    expect(first.products).toBeGreaterThanOrEqual(30);
    const res = await t.app.inject({ method: "GET", url: "/api/categories" });
    const cats = res.json().data;
    expect(cats.map((c: { slug: string }) => c.slug)).toEqual([...CATEGORY_SLUGS]);
    for (const c of cats) {
      expect(c.name_ar).not.toBe("");
      expect(c.description).not.toBeNull();
      expect(c.description_ar).not.toBeNull();
      expect(c.image_url).toBe(`/storage/${SITE_IMAGE_PATHS.categories[c.slug as "baklava"]}`);
    }
  });

  it("spreads products over the categories with discounts, stock states and options", async () => {
    const products = await all();
    for (const slug of CATEGORY_SLUGS) {
      expect(products.filter((p) => p.category_id?.slug === slug).length).toBeGreaterThanOrEqual(8);
    }
    expect(products.filter((p) => p.discount_price !== null).length).toBeGreaterThanOrEqual(3);
    expect(products.filter((p) => !p.in_stock).length).toBeGreaterThanOrEqual(2);
    expect(products.every((p) => p.name_ar && p.description && p.description_ar)).toBe(true);
    expect(products.every((p) => p.price >= 18 && p.price <= 60)).toBe(true);
    expect(new Set(products.map((p) => p.default_grams))).toEqual(new Set([250, 500, 1000]));
  });

  it("stores every product picture as WebP with variants served under /storage/", async () => {
    const products = await all();
    const paths = new Set<string>();
    for (const p of products) {
      expect(p.image).not.toBeNull();
      expect(p.image).toMatchObject({ width: 960, height: 720 });
      expect(p.image_url).toMatch(/^\/storage\/products\/.+-960x720\.webp$/);
      paths.add(p.image_url!);
    }
    // Drawn per product: no two share a picture.
    expect(paths.size).toBe(products.length);
    const sample = products[0]!.image!;
    for (const entry of sample.srcset.split(", ")) {
      const res = await t.app.inject({ method: "GET", url: entry.split(" ")[0]! });
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-type"]).toBe("image/webp");
    }
  });

  it("writes the home-page artwork at the paths siteImages names", async () => {
    const images = [
      ...siteImages.hero,
      ...Object.values(siteImages.categories),
      ...Object.values(siteImages.social),
    ];
    expect(images).toHaveLength(9);
    expect(t.app.services.catalog.siteImages()).toBe(siteImages);
    for (const image of images) {
      const stored = image.srcset
        .split(", ")
        .at(-1)!
        .split(" ")[0]!
        .replace(/^\/storage\//, "");
      const meta = await sharp(path.join(t.app.config.uploadsDir, stored)).metadata();
      expect(meta).toMatchObject({ format: "webp", width: image.width, height: image.height });
      expect(fs.existsSync(path.join(t.app.config.uploadsDir, stored))).toBe(true);
    }
  });

  it("is idempotent: a second run adds nothing", async () => {
    const again = await seedCatalog(t.database.db, { uploadsDir: t.app.config.uploadsDir });
    expect(again).toEqual({ categories: 0, products: 0 });
    expect((await all()).length).toBe(first.products);
  });
});
