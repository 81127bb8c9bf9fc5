import { z } from "zod";
import {
  type CategorySlug,
  DEFAULT_PER_PAGE,
  MAX_PER_PAGE,
  MAX_SEARCH_LENGTH,
  SORTS,
  type SocialNetwork,
} from "../domain/catalog.ts";
import { boxDtoSchema } from "./boxes.ts";
import { text } from "./fields.ts";
import { foodDtoSchema, withoutQuerySchema } from "./food.ts";

// Catalog API contract: the DTOs GET /api/products, /api/products/:id and
// /api/categories answer with, the list query, and the images the pages use.
// Money is dollars with two decimals in these bodies; cents everywhere else.

export {
  CATEGORY_SLUGS,
  type CategorySlug,
  DEFAULT_PER_PAGE,
  MAX_PER_PAGE,
  MAX_SEARCH_LENGTH,
  type ProductSort,
  SHOP_PAGE_SIZES,
  SOCIAL_NETWORKS,
  SORTS,
  type SocialNetwork,
} from "../domain/catalog.ts";

/** Whole numbers from a query string: "abc", "1.5" and "" are errors, not NaN. */
const wholeNumber = (message: string) =>
  z
    .union(
      [
        z.number(),
        text()
          .trim()
          .regex(/^-?\d+$/, message),
      ],
      { message },
    )
    .transform(Number)
    .pipe(z.number().int(message).max(Number.MAX_SAFE_INTEGER, message));

export const productListQuerySchema = z.object({
  search: text()
    .max(MAX_SEARCH_LENGTH, `The search must not be longer than ${MAX_SEARCH_LENGTH} characters.`)
    .optional(),
  /** A category id or slug; empty means all categories. */
  category: text().max(100, "The category is not valid.").optional(),
  page: wholeNumber("The page must be a whole number of at least 1.")
    .pipe(z.number().min(1, "The page must be a whole number of at least 1."))
    .default(1),
  per_page: wholeNumber(`The per page must be a whole number between 1 and ${MAX_PER_PAGE}.`)
    .pipe(
      z
        .number()
        .min(1, `The per page must be a whole number between 1 and ${MAX_PER_PAGE}.`)
        .max(MAX_PER_PAGE, `The per page must be a whole number between 1 and ${MAX_PER_PAGE}.`),
    )
    .default(DEFAULT_PER_PAGE),
  /** Without a sort a search lists the best matches first, a plain listing the newest first. */
  sort: z.enum(SORTS, { message: `The sort must be one of: ${SORTS.join(", ")}.` }).optional(),
  /** `nuts,milk`: only products free of these allergens (traces included). */
  without: withoutQuerySchema.optional(),
});
export type ProductListQueryInput = z.input<typeof productListQuerySchema>;
export type ProductListQuery = z.output<typeof productListQuerySchema>;

export const responsiveImageSchema = z.object({
  src: z.string(),
  /** "url 320w, url 640w, ..." (WebP). */
  srcset: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});
export type ResponsiveImage = z.infer<typeof responsiveImageSchema>;

export const categoryDtoSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  name_ar: z.string(),
  description: z.string().nullable(),
  description_ar: z.string().nullable(),
  image_url: z.string().nullable(),
});
export type CategoryDto = z.infer<typeof categoryDtoSchema>;

export const productCategoryRefSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  name_ar: z.string(),
  slug: z.string(),
});

export const productListItemSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  name_ar: z.string(),
  description: z.string(),
  description_ar: z.string(),
  /** Per kg, dollars. */
  price: z.number(),
  /** Per kg, dollars; null when not discounted. */
  discount_price: z.number().nullable(),
  category_id: productCategoryRefSchema.nullable(),
  weight: z.number().nullable(),
  weight_unit: z.enum(["g", "kg", "lb", "oz"]),
  image_url: z.string().nullable(),
  image: responsiveImageSchema.nullable(),
  sku: z.string(),
  in_stock: z.boolean(),
  /** Grams of the first weight option (1000 when the product sells by the kilo). */
  default_grams: z.number().int(),
  /** What that option costs now (discount applied), dollars. */
  default_price: z.number(),
  /** "wholesale" when the prices are the signed-in trader's own (never cached or shared). */
  price_source: z.enum(["retail", "wholesale"]),
});
export type ProductListItem = z.infer<typeof productListItemSchema>;

export const productWeightDtoSchema = z.object({
  label: z.string(),
  label_ar: z.string(),
  grams: z.number().int(),
  /** Regular price of this option, dollars. */
  price: z.number(),
  /** What it costs when the product is discounted, dollars; null otherwise. */
  discount_price: z.number().nullable(),
});
export type ProductWeightDto = z.infer<typeof productWeightDtoSchema>;

export const productDetailSchema = productListItemSchema.extend({
  weights: z.array(productWeightDtoSchema),
  currency: z.literal("USD"),
  inStock: z.boolean(),
  /** Stock in kg, null when not tracked. */
  stock: z.number().nullable(),
  shippingNote: z.string(),
  shippingNote_ar: z.string(),
  /** Food information (ingredients, allergens, nutrition...); null when none is given. */
  food: foodDtoSchema.nullable(),
  /** A mixed box by weight the shopper fills; null for an ordinary product. */
  box: boxDtoSchema.nullable(),
});
export type ProductDetail = z.infer<typeof productDetailSchema>;
/**
 * What the product page gets: the detail without the stock amount (only what is left once
 * little is) and without the raw food information, which the page receives laid out for its
 * language instead.
 */
export type ProductShown = Omit<ProductDetail, "stock" | "food"> & {
  /** Grams left when little is (`stockLeftShown`): the page says it and caps the choice. */
  left_grams?: number | null;
};

export const pageMetaSchema = z.object({
  page: z.number().int(),
  per_page: z.number().int(),
  total: z.number().int(),
  last_page: z.number().int(),
});
export type PageMeta = z.infer<typeof pageMetaSchema>;

export const productListResponseSchema = z.object({
  data: z.array(productListItemSchema),
  meta: pageMetaSchema,
});
export type ProductListResponse = z.infer<typeof productListResponseSchema>;
export const productDetailResponseSchema = z.object({ data: productDetailSchema });
export const categoryListResponseSchema = z.object({ data: z.array(categoryDtoSchema) });

export const SHIPPING_NOTE = {
  en: "We ship worldwide. Delivery times and weight limits depend on the destination country.",
  ar: "نشحن إلى جميع أنحاء العالم. تعتمد مدة التوصيل وحدود الوزن على بلد الوجهة.",
} as const;

// ---------------------------------------------------------------------------------------
// Images. A stored upload's path carries its size ("…-1280x960.webp") and its WebP
// variants sit beside it ("…-1280x960.640w.webp"), so a ResponsiveImage can be built from
// the path alone, in the browser or on the server, without another column or query.

export const STORAGE_PREFIX = "/storage/";
/** Widths of the WebP variants written for every stored image (never wider than the source). */
export const IMAGE_VARIANT_WIDTHS = [320, 640, 960, 1280] as const;

const SIZED_PATH = /-(\d+)x(\d+)\.webp$/;

/** "/storage/<path>", or the value as is when it already is a URL or a rooted path. */
export function storageUrl(path: string): string {
  if (/^(https?:)?\/\//.test(path) || path.startsWith("/")) return path;
  return `${STORAGE_PREFIX}${path}`;
}

/** Widths a stored image of `width` has variants for. */
export function variantWidths(width: number): number[] {
  return IMAGE_VARIANT_WIDTHS.filter((w) => w < width);
}

/** The variant path of a stored image at `width`. */
export function variantPath(path: string, width: number): string {
  return path.replace(/\.webp$/, `.${width}w.webp`);
}

/**
 * `<img src srcset width height>` for a stored upload path; null for paths not written by
 * the image pipeline (an external URL), which the pages show with their plain image_url.
 */
export function responsiveImage(path: string | null | undefined): ResponsiveImage | null {
  if (!path) return null;
  const match = SIZED_PATH.exec(path);
  if (!match) return null;
  const width = Number(match[1]);
  const height = Number(match[2]);
  const entries = variantWidths(width).map((w) => `${storageUrl(variantPath(path, w))} ${w}w`);
  entries.push(`${storageUrl(path)} ${width}w`);
  // The 640 variant is a good default for browsers that ignore srcset.
  const fallback = variantWidths(width).includes(640) ? variantPath(path, 640) : path;
  return { src: storageUrl(fallback), srcset: entries.join(", "), width, height };
}

/** Fixed paths (and sizes) of the site artwork the demo seed stores as uploads. */
export const SITE_IMAGE_PATHS = {
  hero: ["site/hero-1-1920x900.webp", "site/hero-2-1920x900.webp", "site/hero-3-1920x900.webp"],
  categories: {
    baklava: "site/category-baklava-960x720.webp",
    sweets: "site/category-sweets-960x720.webp",
    maamoul: "site/category-maamoul-960x720.webp",
  },
  social: {
    instagram: "site/social-instagram-720x1280.webp",
    facebook: "site/social-facebook-720x1280.webp",
    tiktok: "site/social-tiktok-720x1280.webp",
  },
} as const satisfies {
  hero: readonly string[];
  categories: Record<CategorySlug, string>;
  social: Record<SocialNetwork, string>;
};

export type SiteImages = {
  hero: ResponsiveImage[];
  categories: Record<CategorySlug, ResponsiveImage>;
  social: Record<SocialNetwork, ResponsiveImage>;
};

const sized = (path: string) => responsiveImage(path) as ResponsiveImage;

/** Home-page artwork: hero slides, category cards and the social previews. */
export const siteImages: SiteImages = {
  hero: SITE_IMAGE_PATHS.hero.map(sized),
  categories: {
    baklava: sized(SITE_IMAGE_PATHS.categories.baklava),
    sweets: sized(SITE_IMAGE_PATHS.categories.sweets),
    maamoul: sized(SITE_IMAGE_PATHS.categories.maamoul),
  },
  social: {
    instagram: sized(SITE_IMAGE_PATHS.social.instagram),
    facebook: sized(SITE_IMAGE_PATHS.social.facebook),
    tiktok: sized(SITE_IMAGE_PATHS.social.tiktok),
  },
};
