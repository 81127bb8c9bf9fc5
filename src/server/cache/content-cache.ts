import { AsyncLocalStorage } from "node:async_hooks";
import type { Database } from "../db/client.ts";

/** Entries kept at most; a full cache forgets its oldest entry. Pages are a few KB each. */
const DEFAULT_MAX_ENTRIES = 2000;

/** Product id -> the `stock_version` a cached value was read at (migration 0019). */
export type StockSeen = Map<number, number>;

type Entry = { version: string; value: Promise<unknown>; stock: StockSeen; settled: boolean };

/**
 * The stock versions the value being loaded depends on. A loader that reads products reports
 * them (`dependOnStock`); a `get` inside another `get`'s load (a JSON rendering of a cached
 * page, a whole page in the HTML cache) hands its own on, on a hit as on a miss. Async context
 * rather than a parameter: the HTML cache's loads are React Router loaders, several calls away.
 * (React's server renderer runs on AsyncLocalStorage already, so its cost is paid anyway.)
 */
const collecting = new AsyncLocalStorage<StockSeen>();

/**
 * A loader read these products: the value it returns shows their stock (`in_stock`, `stock`),
 * so it is served only while their stock versions are unchanged. Outside a load: a no-op.
 */
export function dependOnStock(rows: Iterable<{ id: number; stockVersion: number }>): void {
  const seen = collecting.getStore();
  if (seen) for (const row of rows) noteStock(seen, Number(row.id), Number(row.stockVersion));
}

/** The lower version wins: two reads of one product in one load that straddle an order. */
function noteStock(seen: StockSeen, id: number, version: number): void {
  const known = seen.get(id);
  if (known === undefined || version < known) seen.set(id, version);
}

function handOn(seen: StockSeen): void {
  const parent = collecting.getStore();
  if (parent && parent !== seen) for (const [id, version] of seen) noteStock(parent, id, version);
}

/**
 * Public reads remembered in the process (docs/decisions/0021, which refines 0009): an entry
 * is served only while the content version it was read under is still current AND the stock
 * of the products it shows is unchanged. A write to a table with the `touch_content_version`
 * trigger (catalogue, categories, settings, content, the kitchen) makes every entry stale at
 * once, on every instance; an order, which changes only stock, stales the entries showing
 * the products it bought.
 */
export function createContentCache(
  database: Pick<Database, "contentVersion" | "stockUnchanged">,
  opts: { maxEntries?: number } = {},
) {
  const maxEntries = opts.maxEntries ?? DEFAULT_MAX_ENTRIES;
  const entries = new Map<string, Entry>();
  let lastVersion = "";
  const stats = { hits: 0, loads: 0 };

  return {
    /** The content version: changes whenever any cached public read could change. */
    version(): Promise<string> {
      return database.contentVersion();
    },

    /** Whether the stock a value was read at is still current (the HTML cache's check). */
    stockUnchanged(seen: StockSeen): Promise<boolean> {
      return seen.size === 0 ? Promise.resolve(true) : database.stockUnchanged(seen);
    },

    /**
     * Runs `load` collecting the stock versions it depends on (the HTML cache renders a page
     * this way); a `get` around it receives them as well.
     */
    async collect<T>(load: () => Promise<T>): Promise<{ value: T; stock: StockSeen }> {
      const stock: StockSeen = new Map();
      const value = await collecting.run(stock, load);
      handOn(stock);
      return { value, stock };
    },

    /**
     * `load()`'s value for `key` under the current content version. The version is read
     * before loading, so a value is never filed under a version newer than what it saw.
     * Concurrent misses of one key share one load; a failed load is not remembered.
     * Callers must treat the value as read-only: it is shared by every later hit.
     */
    async get<T>(key: string, load: () => Promise<T>): Promise<T> {
      const version = await database.contentVersion();
      if (version !== lastVersion) {
        // Everything older is stale: drop it instead of letting it age out.
        entries.clear();
        lastVersion = version;
      }
      const hit = entries.get(key);
      if (hit && hit.version === version) {
        // A value still loading is shared as it is; a loaded one is checked for stock.
        if (!hit.settled || hit.stock.size === 0 || (await database.stockUnchanged(hit.stock))) {
          stats.hits++;
          const value = await (hit.value as Promise<T>);
          handOn(hit.stock);
          return value;
        }
      }
      stats.loads++;
      const stock: StockSeen = new Map();
      const value = collecting.run(stock, load);
      const entry: Entry = { version, value, stock, settled: false };
      entries.delete(key);
      entries.set(key, entry);
      if (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
      value.then(
        () => {
          entry.settled = true;
        },
        () => {
          if (entries.get(key) === entry) entries.delete(key);
        },
      );
      const loaded = await value;
      handOn(stock);
      return loaded;
    },

    /** Entries held now (tests). */
    size(): number {
      return entries.size;
    },

    /** Hits and loads since start (tests, bench). */
    stats(): { hits: number; loads: number } {
      return { ...stats };
    },
  };
}
export type ContentCache = ReturnType<typeof createContentCache>;
