/**
 * The catalog constants browser code needs, without zod: importing them from
 * shared/schemas/catalog.ts would pull the schema definitions (and zod, ~24 KB gzipped) into
 * every storefront page. A test keeps them equal to the schema module's.
 */
export const SORTS = ["newest", "price_asc", "price_desc", "name"] as const;
export type ProductSort = (typeof SORTS)[number];
/** SPEC 9: shop page sizes, default 9. */
export const SHOP_PAGE_SIZES = [6, 9, 12, 24] as const;
export const DEFAULT_PER_PAGE = 9;
export const MAX_SEARCH_LENGTH = 100;
export const CATEGORY_SLUGS = ["baklava", "sweets", "maamoul"] as const;
export const SOCIAL_NETWORKS = ["instagram", "facebook", "tiktok"] as const;
