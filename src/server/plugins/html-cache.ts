import { constants, crc32, deflateRawSync } from "node:zlib";
import { withoutLanguage } from "../../shared/domain/language-path.ts";
import { SITEMAP_PATHS } from "../../shared/domain/paths.ts";
import { readShopParams, shopSearch } from "../../shared/domain/shop-params.ts";
import { SIGNED_IN_COOKIE } from "../../shared/domain/signed-in-cookie.ts";
import type { StockSeen } from "../cache/content-cache.ts";

/**
 * Pages whose HTML is the same for every visitor without a session, in one language, under one
 * content version and the stock of the products they show (docs/decisions/0008, 0021).
 * Everything their loaders read is covered: products, categories, weight options, settings,
 * FAQ and policies by the content version; stock by the products' stock versions, which the
 * catalogue's loaders report while the page renders; and the build's own images. Not here:
 * search, accounts, orders, admin, and the sitemap's pages in `UNCACHED_PAGES`.
 *
 * They are the sitemap's pages (`SITEMAP_PATHS`, the one list of public pages, so a page added
 * there is cached too), the cart, and each product's page, in both languages.
 */
const UNCACHED_PAGES = new Set([
  // Its menu depends on the day, which the content version does not follow.
  "/our-kitchen",
  // Never cached so far, though it reads nothing a visitor changes: caching it is a change
  // of behaviour to make and test on its own.
  "/traders",
  // Its send day starts at the shop's today, which the content version does not follow either.
  "/gift-cards",
]);
const CACHEABLE_PAGES = new Set([
  ...SITEMAP_PATHS.filter((path) => !UNCACHED_PAGES.has(path)),
  // Not indexed, but the same for everyone: the cart's lines live in the browser.
  "/cart",
]);
/** A product's page: its id, then optionally a dash and its name's slug (`productPath`). */
const PRODUCT_PAGE = /^\/product\/\d{1,15}(?:-[^/?#]{1,400})?$/;

/** Whether a path (without its query) is a cacheable page, with or without the `/ar` prefix. */
function cacheablePath(pathname: string): boolean {
  const page = withoutLanguage(pathname);
  return CACHEABLE_PAGES.has(page) || PRODUCT_PAGE.test(page);
}

/**
 * The query a cacheable page is rendered from and keyed by: only what changes the page, in one
 * canonical form. Tracking tags (utm_*, fbclid, gclid...), unknown names, defaults
 * and values a page reads as its default are left out, so they neither make entries nor reach
 * the page (its canonical link included). The shop's state is search, category, per_page, page
 * and sort (`readShopParams`); every other cacheable page reads no query.
 */
const PAGE_QUERY: Record<string, (query: URLSearchParams) => string> = {
  "/shop": (query) => shopSearch(readShopParams(query), {}),
};

/** Renders kept per key: the home page's products are shuffled per render. */
const VARIANTS: Record<string, number> = { "/": 4 };

const MAX_ENTRIES = 500;
/**
 * Pages with a query (a search, a category, a page of the shop) have their own, smaller pool:
 * any number of made-up ones cannot push out the pages without one.
 */
const MAX_QUERY_ENTRIES = 200;

/**
 * Cookies a cacheable request may carry: the language and the display currency, and
 * the signed-in mark, which no cacheable page reads (only the account pages, never cached), so
 * a signed-in customer is served the same cached pages.
 */
const PAGE_COOKIES = new Set(["lang", "currency", SIGNED_IN_COOKIE]);

export type CachedPage = {
  headers: [string, string][];
  /** The HTML split where the filling request's nonce stood: each response puts its own in. */
  parts: Buffer[];
  /** Each part deflated once, on its own, ending byte-aligned (sync flush): see `bytesFor`. */
  deflated: Buffer[];
};

/** A rendered page and the stock versions of the products it shows. */
export type CachedRender = { page: Promise<CachedPage | null>; stock: StockSeen };

type Entry = {
  version: string;
  variants: (CachedRender | undefined)[];
  next: number;
};

/** The request may be answered from (and fill) the cache: anonymous, GET, a cacheable path. */
export function cacheableRequest(request: {
  method: string;
  url: string;
  headers: Record<string, string | string[] | undefined>;
  cookies: Record<string, string | undefined>;
}): boolean {
  if (request.method !== "GET") return false;
  if (request.headers.authorization) return false;
  // Only the language and display-currency cookies (both part of the key, the currency
  // normalised to a listed code first): any other cookie may be a session or change a page.
  if (Object.keys(request.cookies).some((name) => !PAGE_COOKIES.has(name))) return false;
  const [pathname, query] = request.url.split("?");
  if (query !== undefined && query.length > 2000) return false;
  return cacheablePath(pathname ?? "");
}

/**
 * The URL a cacheable page is rendered from and keyed by: its path and the query that changes
 * it, in canonical form (`PAGE_QUERY`); "/shop?utm_source=x&page=1" is "/shop".
 */
export function pageUrl(url: string): string {
  const at = url.indexOf("?");
  const pathname = at === -1 ? url : url.slice(0, at);
  const reduce = PAGE_QUERY[withoutLanguage(pathname)];
  if (!reduce || at === -1) return pathname;
  return pathname + reduce(new URLSearchParams(url.slice(at + 1)));
}

/**
 * A page's cache key: the build, the origin its absolute links were built from (PUBLIC_URL or a
 * checked request origin: docs/decisions/0027), the language, the display currency (already
 * normalised to a listed code or USD; only when not USD, ADR 0023) and `pageUrl`.
 */
export function pageKey(page: {
  build: number;
  origin: string;
  lang: string;
  currency: string;
  url: string;
}): string {
  const { build, origin, lang, currency, url } = page;
  return currency === "USD"
    ? `${build} ${origin} ${lang} ${url}`
    : `${build} ${origin} ${lang} ${currency} ${url}`;
}

/** A finished page turned into a cache entry, or null when it must not be cached. */
export async function toCachedPage(response: Response, nonce: string): Promise<CachedPage | null> {
  if (response.status !== 200 || !response.body) return null;
  if (response.headers.getSetCookie().length) return null;
  if (!response.headers.get("content-type")?.startsWith("text/html")) return null;
  const cacheControl = response.headers.get("cache-control") ?? "";
  if (/no-store|private/.test(cacheControl)) return null;
  const html = Buffer.from(await response.arrayBuffer());
  const parts: Buffer[] = [];
  const needle = Buffer.from(nonce);
  let from = 0;
  for (let at = html.indexOf(needle); nonce && at !== -1; at = html.indexOf(needle, from)) {
    parts.push(html.subarray(from, at));
    from = at + needle.length;
  }
  parts.push(html.subarray(from));
  // On the event loop: a page has a handful of parts (one per inline script's nonce), and
  // compressing them here takes about a millisecond, less than a round trip to zlib's threads.
  const deflated = parts.map((part) =>
    deflateRawSync(part, { level: 9, finishFlush: constants.Z_SYNC_FLUSH }),
  );
  const headers = [...response.headers].filter(([name]) => name !== "content-length");
  return { headers, parts, deflated };
}

const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);
/** A final, empty fixed-Huffman block: ends the deflate stream. */
const FINAL_BLOCK = Buffer.from([0x03, 0x00]);

/** A stored (uncompressed) deflate block holding `data`, for a byte-aligned stream. */
function storedBlock(data: Buffer): Buffer {
  const block = Buffer.alloc(5 + data.length);
  block[0] = 0; // not final, stored
  block.writeUInt16LE(data.length, 1);
  block.writeUInt16LE(~data.length & 0xffff, 3);
  data.copy(block, 5);
  return block;
}

/**
 * The page with this response's nonce, as sent: plain, or gzip made of the parts deflated at
 * fill time with the nonce between them as stored blocks (no compression per response, only a
 * CRC-32 over the page). Brotli streams cannot be spliced, so a cached page goes out as gzip.
 */
export function bytesFor(page: CachedPage, nonce: string, encoding: "gzip" | null): Buffer {
  const value = Buffer.from(nonce);
  const plain: Buffer[] = [];
  page.parts.forEach((part, i) => {
    if (i) plain.push(value);
    plain.push(part);
  });
  const body = Buffer.concat(plain);
  if (!encoding) return body;
  const stored = storedBlock(value);
  const chunks: Buffer[] = [GZIP_HEADER];
  page.deflated.forEach((part, i) => {
    if (i) chunks.push(stored);
    chunks.push(part);
  });
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc32(body), 0);
  trailer.writeUInt32LE(body.length % 2 ** 32, 4);
  chunks.push(FINAL_BLOCK, trailer);
  return Buffer.concat(chunks);
}

/**
 * Rendered anonymous pages by (build, URL, language, display currency unless USD) under the content version: an entry is
 * served only while the version it was rendered under is current, and the version is read
 * before rendering, so a write is visible on the next page read.
 */
export function createHtmlCache(opts: { maxEntries?: number; maxQueryEntries?: number } = {}) {
  const maxEntries = opts.maxEntries ?? MAX_ENTRIES;
  const maxQueryEntries = opts.maxQueryEntries ?? MAX_QUERY_ENTRIES;
  // Least recently used first (a hit moves its entry to the end): pages people read stay.
  const entries = new Map<string, Entry>();
  const queried = new Map<string, Entry>();
  let stats = { hits: 0, fills: 0 };

  return {
    /**
     * The cache slot for one request: `cached` is a page rendered (or being rendered) under
     * `version`, if any; otherwise render and hand `fill` the page (or null: not cacheable).
     * Requests arriving while a page renders share that render.
     */
    slot(key: string, pathname: string, version: string) {
      const pool = key.includes("?") ? queried : entries;
      const max = pool === queried ? maxQueryEntries : maxEntries;
      let entry = pool.get(key);
      pool.delete(key);
      if (!entry || entry.version !== version) entry = { version, variants: [], next: 0 };
      pool.set(key, entry);
      if (pool.size > max) pool.delete(pool.keys().next().value!);
      const current = entry;
      const index = current.next;
      current.next = (current.next + 1) % (VARIANTS[withoutLanguage(pathname)] ?? 1);
      const cached = current.variants[index];
      return {
        cached,
        /** The cached render was served (its stock checked). */
        hit() {
          stats.hits++;
        },
        /** `stock` is complete once `page` is: the render's loaders have all run by then. */
        fill(page: Promise<CachedPage | null>, stock: StockSeen) {
          stats.fills++;
          const render = { page, stock };
          current.variants[index] = render;
          const forget = () => {
            if (current.variants[index] === render) current.variants[index] = undefined;
          };
          page.then((value) => value ?? forget(), forget);
        },
      };
    },
    stats: () => ({ ...stats, entries: entries.size + queried.size }),
    /** Whether a page is held under this key (any version): for tests of what evicts what. */
    has: (key: string) => entries.has(key) || queried.has(key),
    clear() {
      entries.clear();
      queried.clear();
      stats = { hits: 0, fills: 0 };
    },
  };
}
export type HtmlCache = ReturnType<typeof createHtmlCache>;

/** gzip when the browser takes it (every browser does), else plain. */
export function pickEncoding(accept: string | string[] | undefined): "gzip" | null {
  const value = (Array.isArray(accept) ? accept.join(",") : (accept ?? "")).toLowerCase();
  return /(^|,)\s*gzip\s*(;\s*q=(?!0(\.0*)?\s*(,|$))[\d.]+)?\s*(,|$)/.test(value) ? "gzip" : null;
}
