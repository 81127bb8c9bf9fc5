import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";

/** The channel `touch_order_desk_version()` notifies on (migration 0016). */
export const ORDERS_CHANNEL = "shop_orders";

/**
 * Opaque texts, compared for equality only. `changes` moves with every write that can change
 * which orders a filter matches or how they sort (counts and page boundaries are kept under
 * it); `all` moves with that and with every new-mark write (whole list answers).
 */
export type DeskVersion = { changes: string; all: string };

type PgliteLike = { listen(channel: string, cb: (payload: string) => void): Promise<unknown> };

function pgliteClient(db: Db): PgliteLike | null {
  const client = (db as unknown as { $client?: Partial<PgliteLike> }).$client;
  // pg's Pool and Client have no listen(); PGlite does.
  return client && typeof client.listen === "function" ? (client as PgliteLike) : null;
}

/**
 * Reads the orders desk's version (docs/conventions.md "Caches" does the same for public
 * content). PGlite: one process owns the database, so every commit passes through this
 * client, which hands a NOTIFY to listeners before the writer's await resumes; counting them
 * is exact and costs no query. PostgreSQL: other instances write too, so the version is the
 * sum of the striped counters the triggers bump in the writing transaction (one small read).
 * Null means "do not cache" (the listener is not set up yet, or the read failed).
 */
export function createDeskVersion(db: Db): () => Promise<DeskVersion | null> {
  const client = pgliteClient(db);
  if (client) {
    const boot = randomBytes(4).toString("hex");
    let changes = 0;
    let marks = 0;
    let listening = false;
    const ready = client
      .listen(ORDERS_CHANNEL, (payload) => {
        if (payload === "marks") marks++;
        else changes++;
      })
      .then(
        () => {
          listening = true;
        },
        () => {},
      );
    return async () => {
      if (!listening) await ready;
      if (!listening) return null;
      return { changes: `${boot}.${changes}`, all: `${boot}.${changes}.${marks}` };
    };
  }
  return async () => {
    try {
      const result = await db.execute<{ changes: string | null; marks: string | null }>(
        sql`select sum(changes)::text as changes, sum(marks)::text as marks from order_desk_version`,
      );
      const row = (result as unknown as { rows: Array<{ changes: string; marks: string }> })
        .rows[0];
      if (!row) return null;
      return { changes: `pg.${row.changes}`, all: `pg.${row.changes}.${row.marks}` };
    } catch {
      return null;
    }
  };
}
