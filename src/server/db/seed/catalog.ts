import fs from "node:fs";
import path from "node:path";
import { inArray } from "drizzle-orm";
import { SITE_IMAGE_PATHS, SOCIAL_NETWORKS } from "../../../shared/schemas/catalog.ts";
import { productSearchText } from "../../modules/catalog/service.ts";
import { storeImage } from "../../modules/uploads/images.ts";
import type { Db } from "../client.ts";
import { categories, products, productWeightOptions } from "../schema/catalog.ts";
import { productArtSvg, sceneSvg } from "./catalog-art.ts";
import {
  heroArt,
  type SeedCategory,
  type SeedProduct,
  seedCategories,
  seedProducts,
  socialArt,
} from "./catalog-data.ts";
import { seedFood } from "./catalog-food.ts";

/** Rasterising is CPU-bound (libvips threads): a few at a time keeps a small machine usable. */
const IMAGE_CONCURRENCY = 3;

async function inPool<T, R>(items: T[], limit: number, work: (item: T) => Promise<R>) {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

type SiteJob = { expected: string; svg: () => string };

function siteJobs(): SiteJob[] {
  const jobs: SiteJob[] = SITE_IMAGE_PATHS.hero.map((expected, i) => ({
    expected,
    svg: () => sceneSvg(heroArt[i]!, `hero-${i + 1}`, 1920, 900),
  }));
  for (const category of seedCategories) {
    jobs.push({
      expected: SITE_IMAGE_PATHS.categories[category.slug],
      svg: () => productArtSvg(category.art, `category-${category.slug}`, 960, 720),
    });
  }
  for (const network of SOCIAL_NETWORKS) {
    const { accent, art } = socialArt[network];
    jobs.push({
      expected: SITE_IMAGE_PATHS.social[network],
      svg: () => sceneSvg(art, `social-${network}`, 720, 1280, accent),
    });
  }
  return jobs;
}

/** "site/hero-1-1920x900.webp" -> "hero-1": the fixed name the pipeline writes it under. */
const baseName = (expected: string) => path.basename(expected).replace(/-\d+x\d+\.webp$/, "");

/** The home-page artwork at its known paths (skipped when already there). */
async function seedSiteImages(uploadsDir: string): Promise<void> {
  const missing = siteJobs().filter((job) => !fs.existsSync(path.join(uploadsDir, job.expected)));
  await inPool(missing, IMAGE_CONCURRENCY, async (job) => {
    const stored = await storeImage(Buffer.from(job.svg()), {
      uploadsDir,
      folder: path.dirname(job.expected),
      name: baseName(job.expected),
      hashInName: false,
      allowSvg: true,
    });
    if (stored.path !== job.expected) {
      throw new Error(`Site image stored as ${stored.path}, expected ${job.expected}`);
    }
  });
}

export type SeedCatalogOptions = {
  uploadsDir: string;
  /** Tests that only need rows skip the drawing (a few seconds). */
  images?: boolean;
  /** Seed only these products (tests); default all. */
  products?: SeedProduct[];
  categories?: SeedCategory[];
};

/**
 * The demo catalog: three categories, their products with weight options, and drawn images
 * stored through the upload pipeline. Idempotent: existing slugs and SKUs are left alone.
 */
export async function seedCatalog(
  db: Db,
  opts: SeedCatalogOptions,
): Promise<{ categories: number; products: number }> {
  const withImages = opts.images ?? true;
  const categoryList = opts.categories ?? seedCategories;
  const productList = opts.products ?? seedProducts;

  const existing = new Set(
    productList.length === 0
      ? []
      : (
          await db
            .select({ sku: products.sku })
            .from(products)
            .where(
              inArray(
                products.sku,
                productList.map((p) => p.sku),
              ),
            )
        ).map((r) => r.sku),
  );
  const fresh = productList.filter((p) => !existing.has(p.sku));

  const [images] = await Promise.all([
    withImages
      ? inPool(fresh, IMAGE_CONCURRENCY, (p) =>
          storeImage(Buffer.from(productArtSvg(p.art, p.sku, 960, 720)), {
            uploadsDir: opts.uploadsDir,
            folder: "products",
            name: p.sku,
            allowSvg: true,
          }),
        )
      : Promise.resolve(null),
    withImages ? seedSiteImages(opts.uploadsDir) : Promise.resolve(),
  ]);

  const insertedCategories = await db
    .insert(categories)
    .values(
      categoryList.map((c) => ({
        slug: c.slug,
        nameEn: c.nameEn,
        nameAr: c.nameAr,
        descriptionEn: c.descriptionEn,
        descriptionAr: c.descriptionAr,
        position: c.position,
        image: withImages ? SITE_IMAGE_PATHS.categories[c.slug] : null,
      })),
    )
    .onConflictDoNothing()
    .returning({ id: categories.id });

  const slugs = [...new Set(fresh.map((p) => p.category))];
  const categoryIds = new Map(
    slugs.length === 0
      ? []
      : (
          await db
            .select({ id: categories.id, slug: categories.slug })
            .from(categories)
            .where(inArray(categories.slug, slugs))
        ).map((r) => [r.slug, Number(r.id)] as const),
  );

  if (fresh.length === 0) return { categories: insertedCategories.length, products: 0 };

  // Staggered creation times make "newest first" a real order: the list order here.
  const now = Date.now();
  const inserted = await db
    .insert(products)
    .values(
      fresh.map((p, i) => {
        const firstGrams = (p.options.map((o) => (Array.isArray(o) ? o[0] : o))[0] ?? 1000) / 1000;
        return {
          categoryId: categoryIds.get(p.category) ?? null,
          nameEn: p.nameEn,
          nameAr: p.nameAr,
          descriptionEn: p.descriptionEn,
          descriptionAr: p.descriptionAr,
          priceCents: p.priceCents,
          discountPriceCents: p.discountPriceCents ?? null,
          weight: firstGrams,
          weightUnit: "kg" as const,
          sku: p.sku,
          image: images?.[i]?.path ?? null,
          stockGrams: p.stockGrams ?? null,
          food: seedFood[p.sku] ?? null,
          searchText: productSearchText(p),
          createdAt: new Date(now - i * 60_000),
          updatedAt: new Date(now - i * 60_000),
        };
      }),
    )
    .onConflictDoNothing()
    .returning({ id: products.id, sku: products.sku });

  const idBySku = new Map(inserted.map((r) => [r.sku, Number(r.id)]));
  const options = fresh.flatMap((p) => {
    const productId = idBySku.get(p.sku);
    if (productId === undefined) return [];
    return p.options.map((o, position) => ({
      productId,
      grams: Array.isArray(o) ? o[0] : o,
      priceCents: Array.isArray(o) ? o[1] : null,
      position,
    }));
  });
  if (options.length > 0) {
    await db.insert(productWeightOptions).values(options).onConflictDoNothing();
  }
  return { categories: insertedCategories.length, products: inserted.length };
}
