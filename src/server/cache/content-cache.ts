import { AsyncLocalStorage } from "node:async_hooks";
import { stockLeftShown } from "../../shared/domain/stock-left.ts";
import { hasStockFor } from "../../shared/domain/weight-options.ts";
import type { Database } from "../db/client.ts";

/** Entries kept at most; a full cache forgets its oldest entry. Pages are a few KB each. */
const DEFAULT_MAX_ENTRIES = 2000;

/**
 * What a cached value saw of one product's stock (migration 0019's `stock_version`). `exact`:
 * the value shows the amount (the product's JSON); otherwise only whether it is in stock
 * (`in_stock` on a card, a listing, a page), which most orders do not change. `showsLeft`: it
 * also shows how much is left once that is little (the product page's "Only 12 kg left"),
 * `left` being what it showed (null: nothing); an order stales it only while that changes.
 */
export type StockSight = {
  version: number;
  inStock: boolean;
  smallest: number;
  exact: boolean;
  largest: number;
  left: number | null;
  showsLeft: boolean;
};
/** Product id -> what a cached value saw of its stock. */
export type StockSeen = Map<number, StockSight>;

/** A product row as a loader read it: its stock, its version, and its smallest and largest option. */
export type StockRow = {
  id: number;
  stockVersion: number;
  stockGrams: number | null;
  smallest: number;
  largest: number;
};

type Collector = { seen: StockSeen; availabilityOnly: boolean };
type Entry = { version: string; value: Promise<unknown>; stock: StockSeen; settled: boolean };

/**
 * The stock the value being loaded depends on. A loader that reads products reports them
 * (`dependOnStock`); a `get` inside another `get`'s load (a JSON rendering of a cached page,
 * a whole page in the HTML cache) hands its own on, on a hit as on a miss. Async context
 * rather than a parameter: the HTML cache's loads are React Router loaders, several calls away.
 * (React's server renderer runs on AsyncLocalStorage already, so its cost is paid anyway.)
 */
const collecting = new AsyncLocalStorage<Collector>();

/**
 * A loader read these products. `exact`: the value shows their stock amount, so any order for
 * them stales it; otherwise it shows only whether each is in stock, and stays valid until that
 * changes. Outside a load: a no-op.
 */
export function dependOnStock(
  rows: Iterable<StockRow>,
  opts: { exact: boolean; showsLeft?: boolean },
): void {
  const collector = collecting.getStore();
  if (!collector) return;
  for (const row of rows) {
    noteStock(collector, Number(row.id), {
      version: Number(row.stockVersion),
      inStock: hasStockFor(row.stockGrams, row.smallest),
      smallest: row.smallest,
      exact: opts.exact,
      largest: row.largest,
      left: stockLeftShown(row.stockGrams, row.largest),
      // What shows the amount shows what is left too.
      showsLeft: opts.showsLeft ?? opts.exact,
    });
  }
}

/** Two sights of one product in one load (two reads straddling an order): the older wins. */
function noteStock(collector: Collector, id: number, sight: StockSight): void {
  const next = collector.availabilityOnly ? { ...sight, exact: false } : sight;
  const known = collector.seen.get(id);
  if (!known) collector.seen.set(id, next);
  else
    collector.seen.set(id, {
      ...(next.version < known.version ? next : known),
      exact: known.exact || next.exact,
      showsLeft: known.showsLeft || next.showsLeft,
    });
}

function handOn(seen: StockSeen): void {
  const parent = collecting.getStore();
  if (parent && parent.seen !== seen) for (const [id, sight] of seen) noteStock(parent, id, sight);
}

/** Whether everything a value saw of stock still holds, given the products' stock now. */
export function stockStillHolds(
  seen: StockSeen,
  now: { rows: ReadonlyMap<number, { version: number; grams: number | null }>; complete: boolean },
): boolean {
  for (const [id, sight] of seen) {
    const current = now.rows.get(id);
    // Not reported: PGlite names only products whose stock moved; PostgreSQL every one there.
    if (!current) {
      if (now.complete) return false;
      continue;
    }
    if (current.version === sight.version) continue;
    if (sight.exact || hasStockFor(current.grams, sight.smallest) !== sight.inStock) return false;
    if (sight.showsLeft && stockLeftShown(current.grams, sight.largest) !== sight.left)
      return false;
  }
  return true;
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
  database: Pick<Database, "contentVersion" | "stockNow">,
  opts: { maxEntries?: number } = {},
) {
  const maxEntries = opts.maxEntries ?? DEFAULT_MAX_ENTRIES;
  const entries = new Map<string, Entry>();
  let lastVersion = "";
  const stats = { hits: 0, loads: 0 };

  async function stockUnchanged(seen: StockSeen): Promise<boolean> {
    if (seen.size === 0) return true;
    const now = await database.stockNow([...seen.keys()]);
    return now !== null && stockStillHolds(seen, now);
  }

  return {
    /** The content version: changes whenever any cached public read could change. */
    version(): Promise<string> {
      return database.contentVersion();
    },

    /** Whether what a value saw of stock still holds (the HTML cache's check too). */
    stockUnchanged,

    /**
     * Runs `load` collecting the stock it depends on (the HTML cache renders a page this way);
     * a `get` around it receives them as well. `availabilityOnly`: what `load` makes shows
     * whether products are in stock, never how much (a storefront page), whatever the values
     * it is built from show.
     */
    async collect<T>(
      load: () => Promise<T>,
      opts: { availabilityOnly?: boolean } = {},
    ): Promise<{ value: T; stock: StockSeen }> {
      const stock: StockSeen = new Map();
      const value = await collecting.run(
        { seen: stock, availabilityOnly: opts.availabilityOnly ?? false },
        load,
      );
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
        if (!hit.settled || (await stockUnchanged(hit.stock))) {
          stats.hits++;
          const value = await (hit.value as Promise<T>);
          handOn(hit.stock);
          return value;
        }
      }
      stats.loads++;
      const stock: StockSeen = new Map();
      const value = collecting.run({ seen: stock, availabilityOnly: false }, load);
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
