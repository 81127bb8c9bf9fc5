import type { PGlite } from "@electric-sql/pglite";
import { type Database, openPglite } from "../db/client.ts";
import { ORDERS_CHANNEL } from "../modules/orders/desk-version.ts";

/**
 * In-memory PGlite databases handed from one test file to the next within a worker (the api
 * project keeps its modules across files: vitest.config.ts). Starting PGlite from the
 * migrated snapshot costs 1.2-1.7 s of CPU (reading a 42 MB tar, starting postgres), paid by
 * ~55 test apps a run; emptying a used one costs milliseconds. Emptied means as migrated:
 * every table truncated, the rows the migrations wrote put back, every sequence where they left it.
 */
type Pooled = { database: Database; client: PGlite; reset: () => Promise<void> };

const idle: Pooled[] = [];
/** More than two at once is rare (a file with a second app); the rest are closed. */
const MAX_IDLE = 2;

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

async function open(snapshot: Blob): Promise<Pooled> {
  const database = await openPglite(undefined, { loadDataDir: snapshot });
  const client = (database.db as unknown as { $client: PGlite }).$client;
  // What the migrations left: read once, while the database is exactly the snapshot.
  const { rows: tables } = await client.query<{ name: string }>(
    `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = 'public' and c.relkind in ('r', 'p') order by 1`,
  );
  // Rows go back parents first: a migration may seed a table that references another.
  const { rows: links } = await client.query<{ child: string; parent: string }>(
    `select c.relname as child, p.relname as parent from pg_constraint k
     join pg_class c on c.oid = k.conrelid join pg_class p on p.oid = k.confrelid
     where k.contype = 'f' and k.conrelid <> k.confrelid`,
  );
  const ordered: string[] = [];
  const visit = (name: string, path: Set<string>) => {
    if (ordered.includes(name) || path.has(name)) return;
    path.add(name);
    for (const link of links) if (link.child === name) visit(link.parent, path);
    ordered.push(name);
  };
  for (const { name } of tables) visit(name, new Set());
  const seeded: { table: string; rows: string }[] = [];
  for (const name of ordered) {
    const { rows } = await client.query<{ rows: string | null }>(
      `select json_agg(t)::text as rows from ${quote(name)} t`,
    );
    if (rows[0]?.rows) seeded.push({ table: name, rows: rows[0].rows });
  }
  // Each sequence goes back to where the migrations left it: past the rows they wrote.
  const { rows: sequences } = await client.query<{ name: string; last: string | null }>(
    `select sequencename as name, last_value::text as last from pg_sequences
     where schemaname = 'public'`,
  );
  const statements: { sql: string; params: unknown[] }[] = [
    {
      sql: `truncate ${tables.map((t) => quote(t.name)).join(", ")} restart identity cascade`,
      params: [],
    },
    ...seeded.map(({ table, rows }) => ({
      sql: `insert into ${quote(table)} select * from json_populate_recordset(null::${quote(table)}, $1::json)`,
      params: [rows],
    })),
    ...sequences.map(({ name, last }) =>
      last === null
        ? { sql: `alter sequence ${quote(name)} restart`, params: [] }
        : { sql: `select setval($1, $2::bigint, true)`, params: [quote(name), last] },
    ),
  ];
  const reset = async () => {
    // The desk-version listeners of the apps built on it before (each app adds its own).
    await client.unlisten(ORDERS_CHANNEL);
    await client.transaction(async (tx) => {
      for (const { sql, params } of statements) await tx.query(sql, params);
    });
  };
  return { database, client, reset };
}

/**
 * A migrated in-memory database for one test file. Its close() hands it back emptied for the
 * next file instead of shutting it down; after that it answers ping() with false, like a
 * closed database, so a test of a lost database still sees one.
 */
export async function pooledPglite(snapshot: Blob): Promise<Database> {
  let pooled = idle.pop();
  if (pooled) await pooled.reset();
  else pooled = await open(snapshot);
  const { database } = pooled;
  let released = false;
  return {
    ...database,
    ping: async () => !released && (await database.ping()),
    close: async () => {
      if (released) return;
      released = true;
      if (idle.length < MAX_IDLE) idle.push(pooled);
      else await database.close();
    },
  };
}
