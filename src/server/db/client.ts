import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { sql } from "drizzle-orm";
import { drizzle as drizzleNodePg } from "drizzle-orm/node-postgres";
import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";

/** The one database type services see: the same query builder for PGlite and PostgreSQL. */
export type Db = PgDatabase<PgQueryResultHKT>;
/** A transaction handle; services accept `Db | Tx` so they compose inside one transaction. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

export type Database = {
  db: Db;
  kind: "pglite" | "postgres";
  migrate(): Promise<void>;
  ping(): Promise<boolean>;
  /**
   * An opaque text that changes whenever committed public content changes: every table with
   * the `touch_content_version` trigger (see docs/conventions.md, "Caches"). Compare for
   * equality only; it is per process (PGlite) and never worth persisting.
   */
  contentVersion(): Promise<string>;
  /**
   * The stock of these products now, with its `stock_version` (migration 0019): what a cached
   * page showing them checks, since orders change stock without touching the content version.
   * `complete`: every product that exists is in `rows` (PostgreSQL); otherwise only those whose
   * stock moved since the content version last did (PGlite). Null when it cannot be told.
   */
  stockNow(ids: readonly number[]): Promise<StockNow | null>;
  /** Connections (GET /metrics): PGlite is one; PostgreSQL reports its pool. */
  poolStats(): { total: number; idle: number; waiting: number };
  /** PGlite only: the data directory as an uncompressed tar (test snapshots). */
  dumpDataDir(): Promise<Blob>;
  close(): Promise<void>;
};

export type StockNow = {
  rows: ReadonlyMap<number, { version: number; grams: number | null }>;
  complete: boolean;
};

/** The channel `touch_content_version()` notifies on (migration 0006). */
export const CONTENT_CHANNEL = "shop_content";
/** The channel a stock change notifies on, "id:stock_version:stock_grams" (migration 0019). */
export const STOCK_CHANNEL = "shop_stock";

/** A version nothing was ever cached under: caching is off until the version can be read. */
const uncachable = () => `uncachable:${randomBytes(8).toString("hex")}`;

export const migrationsFolder = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  "migrations",
);

export class DataDirLockedError extends Error {}

/**
 * When a process started, as the kernel counts it (Linux: field 22 of /proc/<pid>/stat, clock
 * ticks since boot); null where there is no /proc. A pid is reused, a (pid, start) pair is not.
 */
export function processStartTime(pid: number): string | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    // The command name (field 2) may hold spaces and parentheses: count from the last ")".
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19] ?? null;
  } catch {
    return null;
  }
}

/**
 * The pid of the live process holding DATA_DIR, or null. The lock file names the
 * pid and its start time, so a stale lock whose pid now belongs to an unrelated process (pid
 * reuse after a crash) is recognised as stale.
 */
export function dataDirLockHolder(dir: string): number | null {
  let content: string;
  try {
    content = fs.readFileSync(path.join(dir, "shop.lock"), "utf8");
  } catch {
    return null;
  }
  const [pidText, started] = content.trim().split(/\s+/);
  const pid = Number(pidText);
  if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid)) return null;
  if (started) {
    const now = processStartTime(pid);
    if (now !== null && now !== started) return null;
  }
  return pid;
}

/**
 * PGlite is one process, one connection: a second process on the same directory would corrupt
 * it. A lock file (pid and start time) guards the directory; a stale one is taken over.
 */
function lockDataDir(dir: string): () => void {
  fs.mkdirSync(dir, { recursive: true });
  const lockPath = path.join(dir, "shop.lock");
  const mine = `${process.pid} ${processStartTime(process.pid) ?? ""}`.trim();
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockPath, mine, { flag: "wx" });
      return () => {
        // Only our own lock: never one a successor wrote after taking a stale one over.
        if (fs.existsSync(lockPath) && fs.readFileSync(lockPath, "utf8") === mine)
          fs.rmSync(lockPath, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const pid = dataDirLockHolder(dir);
      if (pid && pid !== process.pid) {
        throw new DataDirLockedError(
          `DATA_DIR ${dir} is in use by another shop process (pid ${pid}); stop it or choose another DATA_DIR`,
        );
      }
      fs.rmSync(lockPath, { force: true });
    }
  }
  throw new DataDirLockedError(`Could not lock DATA_DIR ${dir}`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * Embedded PostgreSQL. `dataDir` undefined = in memory (tests); `loadDataDir` starts it from
 * a dumped data directory (a migrated test snapshot) instead of running initdb.
 */
export async function openPglite(
  dataDir?: string,
  opts: { loadDataDir?: Blob } = {},
): Promise<Database> {
  const unlock = dataDir ? lockDataDir(dataDir) : () => {};
  let client: PGlite;
  try {
    client = await PGlite.create(dataDir ? path.join(dataDir, "db") : undefined, {
      extensions: { pg_trgm },
      loadDataDir: opts.loadDataDir,
    });
  } catch (error) {
    unlock();
    throw error;
  }
  const db = drizzlePglite(client, { casing: "snake_case" }) as unknown as Db;
  // One process owns the embedded database, so every write passes through this client, and
  // PGlite hands a NOTIFY to its listeners (queued microtasks) while it parses the COMMIT's
  // reply: before the writer's await resumes. A counter bumped there is exact, and reading it
  // costs no query. The boot token keeps versions of two processes apart.
  const boot = randomBytes(4).toString("hex");
  let generation = 0;
  // Stock versions changed since the content version last moved. Every cached value is filed
  // under the content version read before it was loaded, so one read its products' versions
  // from their rows after that: a product missing here is unchanged since. (This also forgets
  // the versions of rows a TRUNCATE removed.)
  const stockVersions = new Map<number, { version: number; grams: number | null }>();
  await client.listen(CONTENT_CHANNEL, () => {
    generation++;
    stockVersions.clear();
  });
  await client.listen(STOCK_CHANNEL, (payload) => {
    const [id, version, grams] = payload.split(":");
    const stock = { version: Number(version), grams: grams === "" ? null : Number(grams) };
    if (
      Number.isSafeInteger(Number(id)) &&
      stock.version > (stockVersions.get(Number(id))?.version ?? -1)
    )
      stockVersions.set(Number(id), stock);
  });
  return {
    db,
    kind: "pglite",
    poolStats: () => ({ total: client.closed ? 0 : 1, idle: 0, waiting: 0 }),
    contentVersion: async () => `${boot}.${generation}`,
    stockNow: async () => ({ rows: stockVersions, complete: false }),
    dumpDataDir: () => client.dumpDataDir("none"),
    migrate: async () => {
      await migratePglite(drizzlePglite(client), { migrationsFolder });
    },
    ping: () => ping(db),
    close: async () => {
      if (!client.closed) await client.close();
      unlock();
    },
  };
}

/** How long a request waits for a pooled connection before it is answered 503. */
const CONNECT_TIMEOUT_MS = 5_000;

/**
 * A node-postgres pool that survives its connections dying. pg-pool listens for a
 * client's `error` only while the client is idle; a client checked out (inside a transaction,
 * or between two queries of one) that loses its connection emits `error` with nobody listening,
 * and the process exits. Here every client listens from birth; a checked-out client whose
 * connection dies is released as broken at once (so the pool drops it and opens a new one),
 * and a second release (drizzle's `finally`) is ignored. drizzle 0.45's `transaction()` never
 * releases its client when `begin` itself fails: that client is released here too.
 */
export function createPgPool(
  url: string,
  poolSize: number,
  onError: (error: Error) => void = () => {},
): pg.Pool {
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    // A half-open TCP connection (a host gone without a reset) is noticed, not waited on.
    keepAlive: true,
  });
  // An idle client's error: pg-pool has removed it already.
  pool.on("error", onError);
  const connect = pool.connect.bind(pool) as () => Promise<HeldClient>;
  // The promise form (drizzle's transactions) hands out clients that release once.
  pool.connect = ((callback?: (...args: unknown[]) => void) => {
    if (callback)
      return (pool.constructor as typeof pg.Pool).prototype.connect.call(pool, callback);
    return connect().then((client) => {
      const release = client.release.bind(client);
      let released = false;
      const once = (error?: Error | boolean) => {
        if (released) return;
        released = true;
        client[held] = undefined;
        release(error);
      };
      client[held] = once;
      client.release = once;
      return client;
    });
  }) as typeof pool.connect;
  pool.on("connect", (client) => {
    client.on("error", (error) => {
      // Checked out by connect() (a transaction): hand it back as broken now. An idle client's
      // error reaches the pool's "error" (logged there), and pool.query's clients are released
      // by pg-pool itself, with the error their query fails with.
      const release = (client as HeldClient)[held];
      if (!release) return;
      onError(error);
      release(error);
    });
  });
  return pool;
}

const held = Symbol("release once");
type HeldClient = pg.PoolClient & { [held]?: (error?: Error | boolean) => void };

export async function openPostgres(
  url: string,
  poolSize = 10,
  opts: { onError?: (error: Error) => void } = {},
): Promise<Database> {
  const pool = createPgPool(url, poolSize, opts.onError);
  const db = drizzleNodePg(pool, { casing: "snake_case" }) as unknown as Db;
  let closed = false;
  return {
    db,
    kind: "postgres",
    poolStats: () => ({
      total: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
    }),
    // Several instances may write: the version lives in the database, a sum of striped
    // counters the trigger bumps in the writing transaction (one cheap read per check).
    contentVersion: async () => {
      try {
        const result = await pool.query<{ v: string | null }>(
          "select sum(version)::text as v from content_version",
        );
        return `pg.${result.rows[0]?.v ?? "0"}`;
      } catch {
        return uncachable();
      }
    },
    stockNow: async (ids) => {
      try {
        const result = await pool.query<{ id: number; v: number; g: number | null }>(
          "select id, stock_version as v, stock_grams as g from products where id = any($1::int[])",
          [ids],
        );
        const rows = new Map(
          result.rows.map((r) => [Number(r.id), { version: Number(r.v), grams: r.g }] as const),
        );
        return { rows, complete: true };
      } catch {
        return null;
      }
    },
    dumpDataDir: () => Promise.reject(new Error("dumpDataDir is PGlite's")),
    migrate: async () => {
      await migrateNodePg(drizzleNodePg(pool), { migrationsFolder });
    },
    ping: () => ping(db),
    close: async () => {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}

async function ping(db: Db): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}

export function openDatabase(opts: {
  databaseUrl?: string;
  dataDir: string;
  onError?: (error: Error) => void;
}): Promise<Database> {
  return opts.databaseUrl
    ? openPostgres(opts.databaseUrl, 10, { onError: opts.onError })
    : openPglite(opts.dataDir);
}
