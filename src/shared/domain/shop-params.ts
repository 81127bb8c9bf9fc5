import {
  DEFAULT_PER_PAGE,
  MAX_SEARCH_LENGTH,
  type ProductSort,
  SHOP_PAGE_SIZES,
  SORTS,
} from "./catalog.ts";
import type { Allergen } from "./food.ts";

/**
 * What a shopper may leave out on the shop page ("without …"): the allergens these sweets
 * contain. Defined here, not taken from the food rules, so the shop's JavaScript carries five
 * words rather than the allergen tables.
 */
export const SHOP_FILTER_ALLERGENS = [
  "nuts",
  "milk",
  "gluten",
  "sesame",
  "eggs",
] as const satisfies readonly Allergen[];

export type ShopAllergen = (typeof SHOP_FILTER_ALLERGENS)[number];

/** The shop's state, which lives in the URL so back/forward and shared links work. */
export type ShopParams = {
  search: string;
  /** A category slug (or id); "" = All. */
  category: string;
  perPage: number;
  page: number;
  /** Undefined: best matches first when searching, otherwise the newest first. */
  sort: ProductSort | undefined;
  /** Allergens the shopper avoids ("without nuts"), in the filter's order; [] = none. */
  without: ShopAllergen[];
};

/** `nuts,milk` to the filter's codes, in its order; unknown names are dropped. */
function readWithout(value: string | null): ShopAllergen[] {
  const asked = new Set((value ?? "").split(",").map((s) => s.trim().toLowerCase()));
  return SHOP_FILTER_ALLERGENS.filter((a) => asked.has(a));
}

function whole(value: string | null): number | null {
  return value !== null && /^\d{1,6}$/.test(value) ? Number(value) : null;
}

/** Lenient: a hand-edited or stale URL lands on a sensible page, never an error. */
export function readShopParams(params: URLSearchParams, searchKey = "search"): ShopParams {
  const perPage = whole(params.get("per_page"));
  const sort = params.get("sort");
  return {
    search: (params.get(searchKey) ?? "").trim().slice(0, MAX_SEARCH_LENGTH),
    category: (params.get("category") ?? "").trim().slice(0, 100),
    perPage:
      perPage !== null && (SHOP_PAGE_SIZES as readonly number[]).includes(perPage)
        ? perPage
        : DEFAULT_PER_PAGE,
    page: Math.max(1, whole(params.get("page")) ?? 1),
    sort: (SORTS as readonly string[]).includes(sort ?? "") ? (sort as ProductSort) : undefined,
    without: readWithout(params.get("without")),
  };
}

/**
 * The query string of a state, defaults left out so URLs stay short. The page goes
 * back to 1 whenever the category or page size changes; a new search does the same.
 */
export function shopSearch(
  current: ShopParams,
  changes: Partial<ShopParams>,
  searchKey = "search",
): string {
  const next = { ...current, ...changes };
  const filtersChanged =
    (changes.category !== undefined && changes.category !== current.category) ||
    (changes.perPage !== undefined && changes.perPage !== current.perPage) ||
    (changes.search !== undefined && changes.search !== current.search) ||
    ("sort" in changes && changes.sort !== current.sort) ||
    (changes.without !== undefined && changes.without.join() !== current.without.join());
  if (filtersChanged && changes.page === undefined) next.page = 1;

  const params = new URLSearchParams();
  if (next.search) params.set(searchKey, next.search);
  if (next.category) params.set("category", next.category);
  if (next.perPage !== DEFAULT_PER_PAGE) params.set("per_page", String(next.perPage));
  if (next.sort) params.set("sort", next.sort);
  const without = SHOP_FILTER_ALLERGENS.filter((a) => next.without.includes(a));
  if (without.length > 0) params.set("without", without.join(","));
  if (next.page > 1) params.set("page", String(next.page));
  // The codes are plain letters: their commas stay readable in the address.
  const query = params.toString().replace(/without=[a-z%2C]*/i, (m) => m.replaceAll("%2C", ","));
  return query ? `?${query}` : "";
}
