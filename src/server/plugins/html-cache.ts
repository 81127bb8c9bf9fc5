import { createHash } from "node:crypto";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Pages whose HTML is the same for every visitor without a session, in one language, under one
 * content version (docs/decisions/0008). Everything their loaders read is covered by the
 * content version: products (stock included), categories, weight options, settings, and the
 * build's own images. Not here: the kitchen (its menu depends on the day), the company pages
 * (their tables are not in the content version), search, accounts, orders, admin.
 */
const CACHEABLE = /^\/(shop|about|contact|cart|product\/\d{1,15})?$/;

/** Renders kept per key: the home page's products are shuffled per render (SPEC 2). */
const VARIANTS: Record<string, number> = { "/": 4 };

const MAX_ENTRIES = 500;

export type CachedPage = {
  headers: [string, string][];
  /** `'sha256-…'` sources for the page's inline scripts (CSP of a cached response). */
  scriptHashes: string[];
  /** Uncompressed HTML; its nonce attributes are the filling request's (hashes allow them). */
  body: Buffer;
  br: Buffer;
  gzip: Buffer;
};

type Entry = {
  version: string;
  variants: (Promise<CachedPage | null> | undefined)[];
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
  // Only the language cookie: any other cookie may be a session or change what a page shows.
  if (Object.keys(request.cookies).some((name) => name !== "lang")) return false;
  const [pathname, query] = request.url.split("?");
  if (query !== undefined && query.length > 200) return false;
  return CACHEABLE.test(pathname ?? "");
}

const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/g;

/** CSP hash sources of every inline script in `html` (scripts with `src` need none). */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, attributes, content] of html.matchAll(INLINE_SCRIPT)) {
    if (/\bsrc\s*=/.test(attributes ?? "")) continue;
    hashes.add(
      `'sha256-${createHash("sha256")
        .update(content ?? "")
        .digest("base64")}'`,
    );
  }
  return [...hashes];
}

/** `csp` with the hashes added to script-src (the per-response nonce stays). */
export function withScriptHashes(csp: string, hashes: readonly string[]): string {
  if (!hashes.length) return csp;
  return csp.replace(/(^|;)\s*script-src\b/, (match) => `${match} ${hashes.join(" ")}`);
}

/** A finished page turned into a cache entry, or null when it must not be cached. */
export async function toCachedPage(response: Response): Promise<CachedPage | null> {
  if (response.status !== 200 || !response.body) return null;
  if (response.headers.getSetCookie().length) return null;
  if (!response.headers.get("content-type")?.startsWith("text/html")) return null;
  const cacheControl = response.headers.get("cache-control") ?? "";
  if (/no-store|private/.test(cacheControl)) return null;
  const body = Buffer.from(await response.arrayBuffer());
  const html = body.toString("utf8");
  const [br, gz] = await Promise.all([
    brotli(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 9,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
    gzipAsync(body, { level: 9 }),
  ]);
  const headers = [...response.headers].filter(([name]) => name !== "content-length");
  return { headers, scriptHashes: inlineScriptHashes(html), body, br, gzip: gz };
}

/**
 * Rendered anonymous pages by (build, URL, language) under the content version: an entry is
 * served only while the version it was rendered under is current, and the version is read
 * before rendering, so a write is visible on the next page read.
 */
export function createHtmlCache(opts: { maxEntries?: number } = {}) {
  const maxEntries = opts.maxEntries ?? MAX_ENTRIES;
  const entries = new Map<string, Entry>();
  let stats = { hits: 0, fills: 0 };

  return {
    /**
     * The cache slot for one request: `cached` is a page rendered (or being rendered) under
     * `version`, if any; otherwise render and hand `fill` the page (or null: not cacheable).
     * Requests arriving while a page renders share that render.
     */
    slot(key: string, pathname: string, version: string) {
      let entry = entries.get(key);
      if (!entry || entry.version !== version) {
        entry = { version, variants: [], next: 0 };
        entries.delete(key);
        entries.set(key, entry);
        if (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
      }
      const current = entry;
      const index = current.next;
      current.next = (current.next + 1) % (VARIANTS[pathname] ?? 1);
      const cached = current.variants[index];
      if (cached) stats.hits++;
      return {
        cached,
        fill(page: Promise<CachedPage | null>) {
          stats.fills++;
          current.variants[index] = page;
          const forget = () => {
            if (current.variants[index] === page) current.variants[index] = undefined;
          };
          page.then((value) => value ?? forget(), forget);
        },
      };
    },
    stats: () => ({ ...stats, entries: entries.size }),
    clear() {
      entries.clear();
      stats = { hits: 0, fills: 0 };
    },
  };
}
export type HtmlCache = ReturnType<typeof createHtmlCache>;

/** The stored encoding to send for an Accept-Encoding header. */
export function pickEncoding(accept: string | string[] | undefined): "br" | "gzip" | null {
  const value = (Array.isArray(accept) ? accept.join(",") : (accept ?? "")).toLowerCase();
  const allowed = (name: string) =>
    new RegExp(`(^|,)\\s*${name}\\s*(;\\s*q=(?!0(\\.0*)?\\s*(,|$))[\\d.]+)?\\s*(,|$)`).test(value);
  if (allowed("br")) return "br";
  if (allowed("gzip")) return "gzip";
  return null;
}
