import type { Database } from "../db/client.ts";

/** Entries kept at most; a full cache forgets its oldest entry. Pages are a few KB each. */
const DEFAULT_MAX_ENTRIES = 2000;

type Entry = { version: string; value: Promise<unknown> };

/**
 * Public reads remembered in the process under the content version (docs/decisions/0009):
 * an entry is served only while the version it was read under is still current, so a write
 * to any table with the `touch_content_version` trigger (catalogue, stock, categories,
 * settings, and whatever a module adds) makes every entry stale at once, on every instance.
 */
export function createContentCache(
  database: Pick<Database, "contentVersion">,
  opts: { maxEntries?: number } = {},
) {
  const maxEntries = opts.maxEntries ?? DEFAULT_MAX_ENTRIES;
  const entries = new Map<string, Entry>();
  let lastVersion = "";

  return {
    /** The content version: changes whenever any cached public read could change. */
    version(): Promise<string> {
      return database.contentVersion();
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
      if (hit && hit.version === version) return hit.value as Promise<T>;
      const value = load();
      const entry = { version, value };
      entries.delete(key);
      entries.set(key, entry);
      if (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
      value.catch(() => {
        if (entries.get(key) === entry) entries.delete(key);
      });
      return value;
    },

    /** Entries held now (tests). */
    size(): number {
      return entries.size;
    },
  };
}
export type ContentCache = ReturnType<typeof createContentCache>;
