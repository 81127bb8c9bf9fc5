import { and, asc, eq, isNull, lt, lte, or, type SQL } from "drizzle-orm";
import { pendingCutoff } from "../../../shared/domain/payments.ts";
import type { ShopSettings } from "../../../shared/schemas/settings.ts";
import type { Db } from "../../db/client.ts";
import { orders } from "../../db/schema/orders.ts";
import { type ClaimLoop, claimLoop } from "../../jobs/claim-loop.ts";
import { type CancelMail, endReservation } from "./cancel-unpaid.ts";

const BATCH = 50;
/**
 * A card session's end plus this margin: a payment made in its last moment may be reported a
 * little later, and Stripe's own `checkout.session.expired` event usually ends it first.
 */
export const CARD_EXPIRY_GRACE_MS = 10 * 60_000;
/** Per run at most this many batches; the next minute takes the rest. */
const MAX_BATCHES = 20;

export type ExpiryResult = { cancelled: string[] };

/**
 * Reservations end. Cancels, oldest first, every order still pending and unpaid
 * that is either older than `settings.pendingExpiryHours` (0 = never) or a card order whose
 * payment session has closed (with a margin). A card order whose session is open waits. Each
 * order is ended in its own short transaction; `SKIP LOCKED` lets two instances share the
 * work, and cancelUnpaidOrder re-checks the row under its lock, so a payment or an owner's
 * move that wins the race is never undone. `now` is a parameter: tests move the clock.
 */
export async function expireReservations(
  db: Db,
  settings: Pick<ShopSettings, "pendingExpiryHours">,
  now: Date,
  opts: { mail?: CancelMail; batch?: number } = {},
): Promise<ExpiryResult> {
  const cutoff = pendingCutoff(now, settings.pendingExpiryHours);
  const closedBefore = new Date(now.getTime() - CARD_EXPIRY_GRACE_MS);
  const sessionClosed = lte(orders.paymentExpiresAt, closedBefore);
  const due: SQL[] = [and(eq(orders.paymentMethod, "card"), sessionClosed)!];
  if (cutoff)
    due.push(
      and(lt(orders.createdAt, cutoff), or(isNull(orders.paymentExpiresAt), sessionClosed))!,
    );
  const batch = opts.batch ?? BATCH;
  const cancelled: string[] = [];

  for (let round = 0; round < MAX_BATCHES; round++) {
    const ids = await db
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.status, "pending"), eq(orders.paymentStatus, "unpaid"), or(...due)))
      .orderBy(asc(orders.createdAt), asc(orders.id))
      .limit(batch);
    let ended = 0;
    for (const { id } of ids) {
      const row = await db.transaction(async (tx) => {
        // Another instance ending this very order holds its lock: leave it to that one.
        const [free] = await tx
          .select({
            id: orders.id,
            paymentMethod: orders.paymentMethod,
            expires: orders.paymentExpiresAt,
          })
          .from(orders)
          .where(eq(orders.id, id))
          .for("update", { skipLocked: true });
        if (!free) return null;
        const reason =
          free.paymentMethod === "card" && free.expires && free.expires <= closedBefore
            ? "card_session_expired"
            : "reservation_expired";
        return endReservation(tx, id, reason, { now, mail: opts.mail ?? null });
      });
      if (row) {
        cancelled.push(row.number);
        ended += 1;
      }
    }
    // A short batch was the last; a batch where nothing could be ended (all locked elsewhere,
    // or moved on since the read) would only be read again.
    if (ids.length < batch || ended === 0) break;
  }
  return { cancelled };
}

export type ExpiryWorker = ClaimLoop<ExpiryResult>;

/** Runs `expireReservations` every minute in this process (started and stopped with the app). */
export function createExpiryWorker(opts: {
  run: (now: Date) => Promise<ExpiryResult>;
  onError?: (error: unknown) => void;
  onCancelled?: (numbers: string[]) => void;
}): ExpiryWorker {
  return claimLoop({
    runOnce: opts.run,
    intervalMs: 60_000,
    onRun: (result) => {
      if (result.cancelled.length) opts.onCancelled?.(result.cancelled);
    },
    onError: opts.onError,
  });
}
