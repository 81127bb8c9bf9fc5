import { inArray } from "drizzle-orm";
import type { PgColumn, PgTable, PgUpdateSetSource } from "drizzle-orm/pg-core";
import type { Db, Tx } from "../db/client.ts";

/** How long a claimed row is left alone while it is being sent (another instance skips it). */
export const SENDING_LEASE_MS = 5 * 60_000;
/** How many due rows one pass claims. */
export const CLAIM_BATCH = 10;

/** An outbox table: rows with an id and the time of their next attempt. */
export type LeasedTable = PgTable & { id: PgColumn; nextAttemptAt: PgColumn };

/**
 * Claims what is due in one transaction: `select` reads up to `CLAIM_BATCH` due rows
 * `FOR UPDATE SKIP LOCKED`, then each claimed row's next attempt is pushed a lease ahead so
 * another instance (or the next pass) leaves it alone while it is being sent.
 */
export function claimDue<TTable extends LeasedTable, TRow extends { id: number }>(
  db: Db,
  table: TTable,
  now: Date,
  select: (tx: Tx, limit: number) => Promise<TRow[]>,
): Promise<TRow[]> {
  return db.transaction(async (tx) => {
    const due = await select(tx, CLAIM_BATCH);
    if (due.length) {
      const lease = { nextAttemptAt: new Date(now.getTime() + SENDING_LEASE_MS) };
      await tx
        .update(table)
        .set(lease as PgUpdateSetSource<TTable>)
        .where(
          inArray(
            table.id,
            due.map((row) => row.id),
          ),
        );
    }
    return due;
  });
}

export type ClaimLoop<T = number> = {
  /** Runs one pass at `now`; resolves with what it did (how many rows went out, by default). */
  runOnce(now?: Date): Promise<T>;
  start(intervalMs?: number): void;
  stop(): Promise<void>;
};

/**
 * The timer around a background job's pass: `start` runs a pass now and then every
 * `intervalMs` (never two at once; the timer does not keep the process alive), a timed pass's
 * result goes to `onRun` and a pass that throws to `onError`, `stop` waits for the pass under
 * way and then calls `onStop`.
 */
export function claimLoop<T = number>(opts: {
  runOnce: (now: Date) => Promise<T>;
  onRun?: (result: T) => void;
  onError?: (error: unknown) => void;
  onStop?: () => void;
  /** `start()`'s interval when it is given none. */
  intervalMs?: number;
}): ClaimLoop<T> {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  const runOnce = (now = new Date()) => opts.runOnce(now);

  const tick = () => {
    if (running) return;
    running = runOnce()
      .then((result) => opts.onRun?.(result))
      .catch((error) => opts.onError?.(error))
      .finally(() => {
        running = null;
      });
  };

  return {
    runOnce,
    start(intervalMs = opts.intervalMs ?? 5_000) {
      if (timer) return;
      timer = setInterval(tick, intervalMs);
      timer.unref();
      tick();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await running;
      opts.onStop?.();
    },
  };
}
