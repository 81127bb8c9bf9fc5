import { and, asc, desc, eq, inArray, ne, type SQL, sql } from "drizzle-orm";
import { normaliseSearchText } from "../../../shared/domain/arabic-search.ts";
import type { StoredBox } from "../../../shared/domain/boxes.ts";
import {
  type Allergen,
  type FoodInfo,
  isAllergen,
  sortAllergens,
} from "../../../shared/domain/food.ts";
import { centsToDollars } from "../../../shared/domain/money.ts";
import { lastPage } from "../../../shared/domain/pagination.ts";
import {
  effectivePerKg,
  isInStock,
  optionLabel,
  optionPrices,
  productOptions,
  type WeightOption,
} from "../../../shared/domain/weight-options.ts";
import { boxDto } from "../../../shared/schemas/boxes.ts";
import {
  type CategoryDto,
  categoryListResponseSchema,
  type PageMeta,
  type ProductDetail,
  type ProductListItem,
  type ProductSort,
  productDetailResponseSchema,
  productListResponseSchema,
  responsiveImage,
  SHIPPING_NOTE,
  type SiteImages,
  siteImages,
  storageUrl,
} from "../../../shared/schemas/catalog.ts";
import { type ContentCache, createContentCache, dependOnStock } from "../../cache/content-cache.ts";
import type { Db } from "../../db/client.ts";
import {
  type CategoryRow,
  categories,
  effectivePriceSql,
  products,
  productWeightOptions,
} from "../../db/schema/catalog.ts";

/** Separates names from descriptions in products.search_text, so name hits can rank first. */
export const SEARCH_TEXT_SEPARATOR = " ¦ ";

/**
 * The text the trigram index searches: names, then descriptions, both languages, folded by
 * normaliseSearchText exactly as a query is. Every write of a product must set it.
 */
export function productSearchText(p: {
  nameEn: string;
  nameAr?: string | null;
  descriptionEn?: string | null;
  descriptionAr?: string | null;
}): string {
  const names = normaliseSearchText(`${p.nameEn} ${p.nameAr ?? ""}`);
  const descriptions = normaliseSearchText(`${p.descriptionEn ?? ""} ${p.descriptionAr ?? ""}`);
  return `${names}${SEARCH_TEXT_SEPARATOR}${descriptions}`;
}

export type ListProductsQuery = {
  search?: string;
  /** Category id ("3") or slug ("baklava"), case-insensitive; empty = all. */
  category?: string;
  page: number;
  perPage: number;
  /** Without a sort, a search lists best matches first and a plain listing the newest first. */
  sort?: ProductSort;
  /**
   * Allergens the shopper avoids: only products whose food information says they neither
   * contain them nor may contain traces of them (none given = not shown).
   */
  without?: Allergen[];
};

export type ProductPage = { data: ProductListItem[]; meta: PageMeta };

/** Below three characters trigrams say nothing; such queries only match as substrings. */
const MIN_FUZZY_LENGTH = 3;

// One select for list and detail: the product, its category, and its weight options as JSON
// (a correlated subquery on the (product_id, grams) unique index: no second round trip).
const productColumns = {
  id: products.id,
  nameEn: products.nameEn,
  nameAr: products.nameAr,
  descriptionEn: products.descriptionEn,
  descriptionAr: products.descriptionAr,
  priceCents: products.priceCents,
  discountPriceCents: products.discountPriceCents,
  weight: products.weight,
  weightUnit: products.weightUnit,
  sku: products.sku,
  image: products.image,
  stockGrams: products.stockGrams,
  stockVersion: products.stockVersion,
  food: products.food,
  box: products.box,
  categoryId: categories.id,
  categorySlug: categories.slug,
  categoryNameEn: categories.nameEn,
  categoryNameAr: categories.nameAr,
  options: sql<WeightOption[] | null>`(
    select json_agg(json_build_object('grams', o.grams, 'priceCents', o.price_cents)
                    order by o.position, o.grams)
    from ${productWeightOptions} o where o.product_id = ${products.id})`,
};

type ProductQueryRow = {
  id: number;
  nameEn: string;
  nameAr: string;
  descriptionEn: string;
  descriptionAr: string;
  priceCents: number;
  discountPriceCents: number | null;
  weight: number | string | null;
  weightUnit: "g" | "kg" | "lb" | "oz";
  sku: string;
  image: string | null;
  stockGrams: number | null;
  stockVersion: number;
  food: FoodInfo | string | null;
  box: StoredBox | string | null;
  categoryId: number | null;
  categorySlug: string | null;
  categoryNameEn: string | null;
  categoryNameAr: string | null;
  options: WeightOption[] | string | null;
};

function parseOptions(raw: ProductQueryRow["options"]): WeightOption[] {
  // node-postgres parses json; PGlite too, but be tolerant of a string either way.
  const value = typeof raw === "string" ? (JSON.parse(raw) as WeightOption[]) : raw;
  return (value ?? []).map((o) => ({ grams: Number(o.grams), priceCents: o.priceCents ?? null }));
}

function toListItem(row: ProductQueryRow): ProductListItem {
  const options = parseOptions(row.options);
  const effective = effectivePerKg(row.priceCents, row.discountPriceCents);
  const [first] = optionPrices({
    pricePerKgCents: row.priceCents,
    discountPerKgCents: row.discountPriceCents,
    options: productOptions(options).slice(0, 1),
  });
  return {
    id: Number(row.id),
    name: row.nameEn,
    name_ar: row.nameAr,
    description: row.descriptionEn,
    description_ar: row.descriptionAr,
    price: centsToDollars(row.priceCents),
    discount_price: effective < row.priceCents ? centsToDollars(effective) : null,
    category_id:
      row.categoryId === null
        ? null
        : {
            id: Number(row.categoryId),
            name: row.categoryNameEn ?? "",
            name_ar: row.categoryNameAr ?? "",
            slug: row.categorySlug ?? "",
          },
    weight: row.weight === null ? null : Number(row.weight),
    weight_unit: row.weightUnit,
    image_url: row.image ? storageUrl(row.image) : null,
    image: responsiveImage(row.image),
    sku: row.sku,
    in_stock: isInStock(stockKg(row.stockGrams), options),
    default_grams: first!.grams,
    default_price: centsToDollars(first!.effectiveCents),
    price_source: "retail",
  };
}

const stockKg = (grams: number | null) => (grams === null ? null : grams / 1000);

/** Tells the content cache what the value being loaded saw of these products' stock. */
function noteStock(rows: ProductQueryRow[], opts: { exact: boolean }): void {
  dependOnStock(
    rows.map((row) => {
      const options = productOptions(parseOptions(row.options));
      return {
        id: Number(row.id),
        stockVersion: row.stockVersion,
        stockGrams: row.stockGrams,
        smallest: Math.min(...options.map((o) => o.grams)),
        largest: Math.max(...options.map((o) => o.grams)),
      };
    }),
    opts,
  );
}

function toDetail(row: ProductQueryRow): ProductDetail {
  const item = toListItem(row);
  const options = parseOptions(row.options);
  const weights = optionPrices({
    pricePerKgCents: row.priceCents,
    discountPerKgCents: row.discountPriceCents,
    options,
  }).map((o) => ({
    label: optionLabel(o.grams, "en"),
    label_ar: optionLabel(o.grams, "ar"),
    grams: o.grams,
    price: centsToDollars(o.regularCents),
    discount_price: o.discounted ? centsToDollars(o.effectiveCents) : null,
  }));
  return {
    ...item,
    weights,
    currency: "USD",
    inStock: item.in_stock,
    stock: stockKg(row.stockGrams),
    shippingNote: SHIPPING_NOTE.en,
    shippingNote_ar: SHIPPING_NOTE.ar,
    food: typeof row.food === "string" ? (JSON.parse(row.food) as FoodInfo) : row.food,
    box: boxDto(row.box),
  };
}

/** Products free of every allergen in `without` (see ListProductsQuery.without). */
function freeOf(without: Allergen[]): SQL {
  const codes = sql`array[${sql.join(
    without.map((a) => sql`${a}`),
    sql`, `,
  )}]::text[]`;
  return sql`(${products.food} is not null
    and not coalesce(${products.food} -> 'allergens' ?| ${codes}, false)
    and not coalesce(${products.food} -> 'traces' ?| ${codes}, false))`;
}

function toCategoryDto(row: CategoryRow): CategoryDto {
  return {
    id: Number(row.id),
    slug: row.slug,
    name: row.nameEn,
    name_ar: row.nameAr,
    description: row.descriptionEn,
    description_ar: row.descriptionAr,
    image_url: row.image ? storageUrl(row.image) : null,
  };
}

function withoutControls(text: string | undefined): string | undefined {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
  return text?.replace(/[\u0000-\u001f\u007f]/g, " ");
}

/** `%needle%` with LIKE's wildcards taken literally. */
function containsPattern(needle: string): string {
  return `%${needle.replace(/[\\%_]/g, "\\$&")}%`;
}

/** More words than this add little and cost a LIKE each. */
const MAX_SEARCH_WORDS = 6;

const nameText = sql`split_part(${products.searchText}, ${SEARCH_TEXT_SEPARATOR}, 1)`;

/**
 * Best matches first, from cheap string functions (no per-row similarity): the whole query
 * starting a word of the name, anywhere in the name, every word in the name, the whole query
 * in a description, then the words scattered; shorter (more specific) names first within each.
 */
function substringRelevance(needle: string, words: string[]): SQL[] {
  const allWordsInName = sql.join(
    words.map((w) => sql`${nameText} like ${containsPattern(w)}`),
    sql` and `,
  );
  return [
    sql`case when strpos(' ' || ${nameText}, ${` ${needle}`}) > 0 then 0
             when strpos(${nameText}, ${needle}) > 0 then 1
             when ${allWordsInName} then 2
             when strpos(${products.searchText}, ${needle}) > 0 then 3 else 4 end`,
    sql`length(${nameText})`,
  ];
}

// Index-friendly orders (see the products indexes): NULLS LAST matches their declaration.
const SORT_ORDERS: Record<ProductSort, SQL[]> = {
  newest: [sql`${products.createdAt} desc nulls last`, sql`${products.id} desc nulls last`],
  price_asc: [sql`(${effectivePriceSql(products)}) asc`, asc(products.id)],
  price_desc: [sql`(${effectivePriceSql(products)}) desc`, desc(products.id)],
  name: [asc(products.nameEn), asc(products.id)],
};

export function createCatalogService(db: Db, deps: { cache: ContentCache }) {
  // Whole rankings (4 bytes an id; 40 KB for 10,000 products) in their own, smaller cache
  // under the same content version, so many distinct searches cannot crowd out pages.
  // Rankings do not depend on stock: no product's stock moves a product in a listing.
  const rankings = createContentCache(
    { contentVersion: deps.cache.version, stockNow: () => Promise.resolve(null) },
    { maxEntries: 256 },
  );
  const baseSelect = () =>
    db
      .select(productColumns)
      .from(products)
      .leftJoin(categories, eq(categories.id, products.categoryId));

  /** A category id from an id or a slug; null = no filter, "unknown" = no such category. */
  async function resolveCategory(category: string | undefined): Promise<number | null | "unknown"> {
    const value = category?.trim().toLowerCase();
    if (!value) return null;
    if (/^\d{1,15}$/.test(value)) return Number(value);
    // Resolved first so the planner sees a literal id, not a sub-select it cannot estimate.
    const [row] = await db
      .select({ id: categories.id })
      .from(categories)
      .where(eq(categories.slug, value));
    return row ? Number(row.id) : "unknown";
  }

  /**
   * Every matching id in relevance (or the asked) order: ranked once per query and content
   * version, then each page is a slice (paging through a search or a category no longer
   * re-ranks and re-counts all the matches per page).
   */
  async function rankedIds(where: SQL | undefined, order: SQL[]): Promise<Int32Array> {
    const rows = await db
      .select({ id: products.id })
      .from(products)
      .where(where)
      .orderBy(...order);
    return Int32Array.from(rows, (r) => Number(r.id));
  }

  /** All ids a listing query matches, in its order (see rankedIds). */
  async function matchingIds(
    category: number | null,
    needle: string,
    sort: ProductSort | undefined,
    without: Allergen[],
  ): Promise<Int32Array> {
    const filters: SQL[] = [eq(products.active, true)];
    if (category !== null) filters.push(eq(products.categoryId, category));
    if (without.length > 0) filters.push(freeOf(without));
    if (!needle) {
      // Plain listing: straight from an index in the sort's order.
      return rankedIds(and(...filters), SORT_ORDERS[sort ?? "newest"]);
    }
    // Every word of the query occurs somewhere (the trigram index narrows the rows). Words
    // without a letter or digit (an emoji, a stray "-") would only rule everything out.
    const words = [...new Set(needle.split(" "))]
      .filter((w) => /[\p{L}\p{N}]/u.test(w))
      .slice(0, MAX_SEARCH_WORDS);
    if (words.length === 0) return new Int32Array(0);
    const relevance = substringRelevance(needle, words);
    const ranked = await rankedIds(
      and(...filters, ...words.map((w) => sql`${products.searchText} like ${containsPattern(w)}`)),
      sort ? SORT_ORDERS[sort] : [...relevance, ...SORT_ORDERS.newest],
    );
    if (ranked.length > 0 || needle.length < MIN_FUZZY_LENGTH) return ranked;
    // Nothing contains the words: near misses (typos), closest first.
    return rankedIds(
      and(...filters, sql`${needle} <% ${products.searchText}`),
      sort
        ? SORT_ORDERS[sort]
        : [sql`word_similarity(${needle}, ${products.searchText}) desc`, ...SORT_ORDERS.newest],
    );
  }

  /** The ids on one page of a listing, in order, and how many products match in all. */
  async function pageIds(q: ListProductsQuery): Promise<{ ids: number[]; total: number }> {
    const category = await resolveCategory(q.category);
    if (category === "unknown") return { ids: [], total: 0 };
    const needle = normaliseSearchText(q.search ?? "");
    const sort = q.sort;
    const without = q.without ?? [];
    const all = await rankings.get(JSON.stringify([category, needle, sort ?? "", without]), () =>
      matchingIds(category, needle, sort, without),
    );
    const offset = (q.page - 1) * q.perPage;
    return { ids: [...all.subarray(offset, offset + q.perPage)], total: all.length };
  }

  async function loadRelated(id: number, limit: number): Promise<ProductListItem[]> {
    const [self] = await db
      .select({ categoryId: products.categoryId })
      .from(products)
      .where(eq(products.id, id));
    const others = and(eq(products.active, true), ne(products.id, id));
    const sameCategory =
      self?.categoryId != null
        ? ((await baseSelect()
            .where(and(others, eq(products.categoryId, self.categoryId)))
            .orderBy(...SORT_ORDERS.newest)
            .limit(limit)) as ProductQueryRow[])
        : [];
    const missing = limit - sameCategory.length;
    const rest =
      missing > 0
        ? ((await baseSelect()
            .where(
              and(
                others,
                sameCategory.length > 0
                  ? sql`${products.id} not in (${sql.join(
                      sameCategory.map((r) => sql`${r.id}`),
                      sql`, `,
                    )})`
                  : undefined,
              ),
            )
            .orderBy(...SORT_ORDERS.newest)
            .limit(missing)) as ProductQueryRow[])
        : [];
    const rows = [...sameCategory, ...rest];
    noteStock(rows, { exact: false });
    return rows.map(toListItem);
  }

  /** Loaders pass URL text straight through: PostgreSQL rejects NUL in text, and no control
   * character means anything in a search or a slug. */
  function listingQuery(query: ListProductsQuery): ListProductsQuery {
    return {
      ...query,
      search: withoutControls(query.search),
      category: withoutControls(query.category),
      // One spelling per filter ("milk,nuts"), so equal filters share a cache entry.
      without: sortAllergens((query.without ?? []).filter(isAllergen)),
    };
  }

  /** Queries that list the same page share a key. */
  function listingKey(q: ListProductsQuery): string {
    return JSON.stringify([
      normaliseSearchText(q.search ?? ""),
      q.category?.trim().toLowerCase() ?? "",
      q.sort ?? "",
      q.page,
      q.perPage,
      q.without ?? [],
    ]);
  }

  async function loadListing(q: ListProductsQuery): Promise<ProductPage> {
    const ranked = await pageIds(q);
    const rows =
      ranked.ids.length === 0
        ? []
        : ((await baseSelect().where(
            and(inArray(products.id, ranked.ids), eq(products.active, true)),
          )) as ProductQueryRow[]);
    noteStock(rows, { exact: false });
    const byId = new Map(rows.map((r) => [Number(r.id), r]));
    const ordered = ranked.ids.flatMap((id) => byId.get(id) ?? []);
    return {
      data: ordered.map(toListItem),
      meta: {
        page: q.page,
        per_page: q.perPage,
        total: ranked.total,
        last_page: lastPage(ranked.total, q.perPage),
      },
    };
  }

  async function loadProduct(id: number): Promise<ProductDetail | null> {
    const [row] = await baseSelect()
      .where(and(eq(products.id, id), eq(products.active, true)))
      .limit(1);
    if (!row) return null;
    // The detail shows the amount (`stock`): any order for it stales it.
    noteStock([row as ProductQueryRow], { exact: true });
    return toDetail(row as ProductQueryRow);
  }

  async function loadCategories(): Promise<CategoryDto[]> {
    const rows = await db
      .select()
      .from(categories)
      .orderBy(asc(categories.position), asc(categories.id));
    return rows.map(toCategoryDto);
  }

  return {
    /**
     * One page of active products; filtering, ranking and paging happen in the database.
     * Pages come from the content cache (any catalogue, stock or category write, from any
     * instance, makes them stale at once). Read-only: never mutate the result.
     */
    listProducts(query: ListProductsQuery): Promise<ProductPage> {
      const q = listingQuery(query);
      return deps.cache.get(`products:${listingKey(q)}`, () => loadListing(q));
    },

    /** listProducts' page as the JSON the API sends, serialised once per content version. */
    listProductsJson(query: ListProductsQuery): Promise<string> {
      const q = listingQuery(query);
      return deps.cache.get(`products.json:${listingKey(q)}`, async () =>
        JSON.stringify(
          productListResponseSchema.parse(
            await deps.cache.get(`products:${listingKey(q)}`, () => loadListing(q)),
          ),
        ),
      );
    },

    /** An active product, or null (unknown, inactive); cached like listings. */
    async getProduct(id: number): Promise<ProductDetail | null> {
      if (!Number.isSafeInteger(id) || id <= 0) return null;
      return deps.cache.get(`product:${id}`, () => loadProduct(id));
    },

    /** getProduct's `{ data }` as JSON, or null when there is no such active product. */
    async getProductJson(id: number): Promise<string | null> {
      if (!Number.isSafeInteger(id) || id <= 0) return null;
      return deps.cache.get(`product.json:${id}`, async () => {
        const product = await deps.cache.get(`product:${id}`, () => loadProduct(id));
        return product && JSON.stringify(productDetailResponseSchema.parse({ data: product }));
      });
    },

    listCategories(): Promise<CategoryDto[]> {
      return deps.cache.get("categories", loadCategories);
    },

    /** listCategories' `{ data }` as JSON. */
    listCategoriesJson(): Promise<string> {
      return deps.cache.get("categories.json", async () =>
        JSON.stringify(
          categoryListResponseSchema.parse({
            data: await deps.cache.get("categories", loadCategories),
          }),
        ),
      );
    },

    /** "You might also like": the same category first, never the product itself. */
    async relatedProducts(id: number, limit: number): Promise<ProductListItem[]> {
      if (!Number.isSafeInteger(id) || limit <= 0) return [];
      return deps.cache.get(`related:${id}:${limit}`, () => loadRelated(id, limit));
    },

    /** Products for the home carousel (the page shuffles a copy of them per request). */
    async homeProducts(limit: number): Promise<ProductListItem[]> {
      if (limit <= 0) return [];
      return deps.cache.get(`home:${limit}`, async () => {
        const rows = await baseSelect()
          .where(eq(products.active, true))
          .orderBy(...SORT_ORDERS.newest)
          .limit(limit);
        noteStock(rows as ProductQueryRow[], { exact: false });
        return (rows as ProductQueryRow[]).map(toListItem);
      });
    },

    /** Ids of every active product (sitemap). */
    /** Every product on sale, with the names its readable addresses are made of (the sitemap). */
    activeProductIds(): Promise<{ id: number; name: string; name_ar: string; updatedAt: Date }[]> {
      return deps.cache.get("active-ids", async () => {
        const rows = await db
          .select({
            id: products.id,
            name: products.nameEn,
            nameAr: products.nameAr,
            updatedAt: products.updatedAt,
          })
          .from(products)
          .where(eq(products.active, true))
          .orderBy(asc(products.id));
        return rows.map((r) => ({
          id: Number(r.id),
          name: r.name,
          name_ar: r.nameAr ?? "",
          updatedAt: r.updatedAt,
        }));
      });
    },
    /** Home-page artwork stored by the demo seed (hero, category cards, social previews). */
    siteImages(): SiteImages {
      return siteImages;
    },

    /** Categories by slug, for seeds and the admin. */
    async categoryIdsBySlug(slugs: string[]): Promise<Map<string, number>> {
      if (slugs.length === 0) return new Map();
      const rows = await db
        .select({ id: categories.id, slug: categories.slug })
        .from(categories)
        .where(inArray(categories.slug, slugs));
      return new Map(rows.map((r) => [r.slug, Number(r.id)]));
    },
  };
}
export type CatalogService = ReturnType<typeof createCatalogService>;
