// Catalog constants with no dependency: browser code imports them from here, so a storefront
// page never pulls the zod schemas (and zod, ~24 KB gzipped) in for a list of sort names.

export const SORTS = ["newest", "price_asc", "price_desc", "name"] as const;
export type ProductSort = (typeof SORTS)[number];

/** Shop page sizes 6, 9, 12, 24 (default 9); the API accepts any 1..100. */
export const SHOP_PAGE_SIZES = [6, 9, 12, 24] as const;
export const DEFAULT_PER_PAGE = 9;
export const MAX_PER_PAGE = 100;
export const MAX_SEARCH_LENGTH = 100;

export const SOCIAL_NETWORKS = ["instagram", "facebook", "tiktok"] as const;
export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number];
export const CATEGORY_SLUGS = ["baklava", "sweets", "maamoul"] as const;
export type CategorySlug = (typeof CATEGORY_SLUGS)[number];

/** Uploaded images are only PNG, JPG/JPEG or WebP (the server checks the content). */
export const UPLOAD_IMAGE_FORMATS = ["png", "jpeg", "webp"] as const;
/**
 * The image pickers' `accept`, from the same list: a picker that offered AVIF or GIF let the
 * owner choose a file the server then refused.
 */
export const UPLOAD_IMAGE_ACCEPT = UPLOAD_IMAGE_FORMATS.map((f) => `image/${f}`).join(",");
