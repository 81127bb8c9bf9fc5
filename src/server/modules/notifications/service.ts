import { count, desc, eq, gt, isNull, sql } from "drizzle-orm";
import { lastPage } from "../../../shared/domain/pagination.ts";
import type { Db, Tx } from "../../db/client.ts";
import {
  type NotificationRow,
  notifications,
  type PaymentProblemData,
} from "../../db/schema/notifications.ts";
import { notFound } from "../../http-errors.ts";

const toDto = (row: NotificationRow) => ({
  id: row.id,
  type: row.type,
  data: row.data,
  read_at: row.readAt?.toISOString() ?? null,
  created_at: row.createdAt.toISOString(),
});
export type NotificationDto = ReturnType<typeof toDto>;

/**
 * The owner's bell item for a verified gateway event the shop did not apply, in the
 * transaction that records the event: recorded once, told once.
 */
export async function notifyPaymentProblem(
  tx: Db | Tx,
  data: PaymentProblemData,
  now: Date,
): Promise<void> {
  await tx.insert(notifications).values({ type: "payment_problem", data, createdAt: now });
}

export function createNotificationService(db: Db) {
  return {
    /** Latest first; `meta.unread` feeds the bell's badge (the bell polls this every 10 s). */
    async list(query: { page: number; per_page: number; after?: number }) {
      const [[totals], rows] = await Promise.all([
        db
          .select({
            total: count(),
            unread: sql<number>`count(*) filter (where ${notifications.readAt} is null)`.mapWith(
              Number,
            ),
          })
          .from(notifications),
        db
          .select()
          .from(notifications)
          .where(query.after === undefined ? undefined : gt(notifications.id, query.after))
          .orderBy(desc(notifications.createdAt), desc(notifications.id))
          .limit(query.per_page)
          .offset((query.page - 1) * query.per_page),
      ]);
      const total = totals?.total ?? 0;
      return {
        data: rows.map(toDto),
        meta: {
          page: query.page,
          per_page: query.per_page,
          total,
          last_page: lastPage(total, query.per_page),
          unread: totals?.unread ?? 0,
        },
      };
    },

    /** Idempotent: reading twice keeps the first read time. */
    async markRead(id: number, now = new Date()): Promise<NotificationDto> {
      await db
        .update(notifications)
        .set({ readAt: now })
        .where(sql`${notifications.id} = ${id} and ${isNull(notifications.readAt)}`);
      const [row] = await db.select().from(notifications).where(eq(notifications.id, id));
      if (!row) throw notFound("Notification not found.");
      return toDto(row);
    },
  };
}
export type NotificationService = ReturnType<typeof createNotificationService>;
