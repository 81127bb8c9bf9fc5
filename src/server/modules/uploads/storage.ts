import fs from "node:fs/promises";
import path from "node:path";
import { inArray } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { Db } from "../../db/client.ts";
import { files } from "../../db/schema/files.ts";

/**
 * On PostgreSQL every uploaded file is also kept in the `files` table, so every
 * instance serves it (each caches it on its own disk at first request) and pg_dump holds it.
 * PGlite is one process with one disk: files stay on disk only (a backup copies the folder).
 * docs/decisions/0016.
 */
export type SharedFileStore = {
  put(relative: string, data: Buffer): Promise<void>;
  get(relative: string): Promise<Buffer | null>;
  remove(relatives: string[]): Promise<void>;
};

/** The shared store of each uploads folder in this process (an app instance registers one). */
const stores = new Map<string, SharedFileStore>();

/** images.ts asks here after writing or removing files under `uploadsDir`. */
export function sharedStoreFor(uploadsDir: string): SharedFileStore | undefined {
  return stores.get(path.resolve(uploadsDir));
}

export function createPgFileStore(db: Db): SharedFileStore {
  return {
    async put(relative, data) {
      await db
        .insert(files)
        .values({ path: relative, data })
        .onConflictDoUpdate({ target: files.path, set: { data, createdAt: new Date() } });
    },
    async get(relative) {
      const [row] = await db
        .select({ data: files.data })
        .from(files)
        .where(inArray(files.path, [relative]));
      return row ? Buffer.from(row.data) : null;
    },
    async remove(relatives) {
      if (relatives.length) await db.delete(files).where(inArray(files.path, relatives));
    },
  };
}

/** A served path: folders and a file name of safe characters, never "..". */
const SERVED = /^[A-Za-z0-9_-]+(?:\/[A-Za-z0-9_-][A-Za-z0-9._-]*)+$/;

export function storagePathOf(url: string): string | null {
  if (!url.startsWith("/storage/")) return null;
  let relative: string;
  try {
    relative = decodeURIComponent(url.slice("/storage/".length).split(/[?#]/)[0]!);
  } catch {
    return null;
  }
  // `private/` (bank-transfer receipts) shares the files table but is never served here.
  if (relative.startsWith("private/")) return null;
  return SERVED.test(relative) && !relative.includes("..") ? relative : null;
}

async function listFiles(root: string, dir = ""): Promise<string[]> {
  const entries = await fs.readdir(path.join(root, dir), { withFileTypes: true }).catch(() => []);
  const nested = await Promise.all(
    entries.map((entry) => {
      const relative = dir ? `${dir}/${entry.name}` : entry.name;
      if (entry.isDirectory()) return listFiles(root, relative);
      return entry.isFile() && !entry.name.endsWith(".tmp") ? [relative] : [];
    }),
  );
  return nested.flat();
}

/** Files on this disk the table lacks (the first start's seed, uploads from before 0013). */
async function uploadMissing(db: Db, root: string, store: SharedFileStore): Promise<number> {
  const onDisk = await listFiles(root);
  if (!onDisk.length) return 0;
  const known = new Set((await db.select({ path: files.path }).from(files)).map((row) => row.path));
  const missing = onDisk.filter((relative) => !known.has(relative));
  for (const relative of missing) {
    await store.put(relative, await fs.readFile(path.join(root, relative)));
  }
  return missing.length;
}

async function writeCached(root: string, relative: string, data: Buffer): Promise<void> {
  const target = path.join(root, relative);
  await fs.mkdir(path.dirname(target), { recursive: true });
  const temp = `${target}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  await fs.writeFile(temp, data);
  await fs.rename(temp, target);
}

export const uploadsStoragePlugin = fp(
  async (app: FastifyInstance) => {
    if (app.database.kind !== "postgres") return;
    const root = path.resolve(app.config.uploadsDir);
    const store = createPgFileStore(app.database.db);
    stores.set(root, store);
    app.addHook("onClose", async () => {
      if (stores.get(root) === store) stores.delete(root);
    });
    await uploadMissing(app.database.db, root, store);

    // A file another instance stored: fetched once from the table into this disk's cache,
    // then @fastify/static serves it like any other.
    app.addHook("onRequest", async (request) => {
      const relative = storagePathOf(request.url);
      if (!relative) return;
      const target = path.join(root, relative);
      if (
        await fs.stat(target).then(
          (stat) => stat.isFile(),
          () => false,
        )
      )
        return;
      const data = await store.get(relative);
      if (data) await writeCached(root, relative, data);
    });
  },
  { name: "uploads-storage" },
);
