import { createHash, randomBytes } from "node:crypto";
import { and, asc, eq, inArray, isNotNull, sql } from "drizzle-orm";
import { localizePath } from "../../../shared/domain/language-path.ts";
import type { Db } from "../../db/client.ts";
import { orderEvents, orderLines, orders } from "../../db/schema/orders.ts";
import { mailOutbox } from "../../db/schema/orders-desk.ts";
import { reviewRequestStops, reviewRequests } from "../../db/schema/reviews.ts";
import { orderPathWithNewKey } from "../orders/service.ts";
import { readShopSettings } from "../settings/service.ts";
import { reviewRequestMail } from "./mail.ts";

const DAY_MS = 24 * 60 * 60 * 1000;
/** Orders one pass asks about at most (the next pass takes the rest). */
const BATCH = 50;
/**
 * How long after its day an order may still be asked about: an order delivered long before
 * the owner turned the requests on (or while the job was down) is left alone rather than
 * asked about months later.
 */
export const REVIEW_REQUEST_WINDOW_DAYS = 30;

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

/**
 * One pass of the review-request job. Off unless the owner set the days after delivery. An
 * order is due when it was completed (its latest move to `completed`) at least that many days
 * ago and at most `REVIEW_REQUEST_WINDOW_DAYS` more, has an e-mail address (a buyer who gets
 * the order e-mails), holds a product, was never asked, and its address did not stop the
 * requests. Each due order gets its `review_requests` row and its e-mail in one transaction;
 * the row's unique order id makes a second instance's insert do nothing (it waits for the
 * first to commit, then skips the order), so an order is asked about once. Returns how many
 * e-mails were queued.
 */
export async function sendReviewRequests(
  db: Db,
  now: Date,
  opts: { baseUrl: string },
): Promise<number> {
  const settings = await readShopSettings(db);
  const days = settings.reviewRequestDays;
  if (days === null) return 0;
  const latest = new Date(now.getTime() - days * DAY_MS);
  const earliest = new Date(latest.getTime() - REVIEW_REQUEST_WINDOW_DAYS * DAY_MS);
  const completedAt = sql`(select max(${orderEvents.createdAt}) from ${orderEvents}
    where ${orderEvents.orderId} = ${orders.id} and ${orderEvents.status} = 'completed')`;

  return db.transaction(async (tx) => {
    const due = await tx
      .select({
        id: orders.id,
        number: orders.number,
        name: orders.name,
        email: orders.email,
        lang: orders.lang,
      })
      .from(orders)
      .where(
        and(
          eq(orders.status, "completed"),
          isNotNull(orders.email),
          sql`${completedAt} between ${earliest.toISOString()} and ${latest.toISOString()}`,
          sql`not exists (select 1 from ${reviewRequests} where ${reviewRequests.orderId} = ${orders.id})`,
          sql`not exists (select 1 from ${reviewRequestStops} where ${reviewRequestStops.email} = lower(${orders.email}))`,
          sql`exists (select 1 from ${orderLines} where ${orderLines.orderId} = ${orders.id} and ${orderLines.productId} is not null)`,
        ),
      )
      .orderBy(asc(orders.id))
      .limit(BATCH);
    if (due.length === 0) return 0;

    const tokens = new Map(due.map((order) => [order.id, randomBytes(32).toString("base64url")]));
    const claimed = await tx
      .insert(reviewRequests)
      .values(
        due.map((order) => ({
          orderId: order.id,
          stopTokenHash: hashToken(tokens.get(order.id)!),
          createdAt: now,
        })),
      )
      .onConflictDoNothing({ target: reviewRequests.orderId })
      .returning({ orderId: reviewRequests.orderId });
    const mine = new Set(claimed.map((row) => Number(row.orderId)));
    const orders_ = due.filter((order) => mine.has(order.id));
    if (orders_.length === 0) return 0;

    const lines = await tx
      .selectDistinctOn([orderLines.orderId, orderLines.productId], {
        orderId: orderLines.orderId,
        productId: orderLines.productId,
        nameEn: orderLines.nameEn,
        nameAr: orderLines.nameAr,
      })
      .from(orderLines)
      .where(
        and(
          inArray(
            orderLines.orderId,
            orders_.map((o) => o.id),
          ),
          isNotNull(orderLines.productId),
        ),
      )
      .orderBy(orderLines.orderId, orderLines.productId, orderLines.id);

    const mails = [];
    for (const order of orders_) {
      const lang = order.lang;
      const products = lines
        .filter((line) => Number(line.orderId) === order.id)
        .map((line) => (lang === "ar" && line.nameAr ? line.nameAr : line.nameEn));
      // The review form sits on the order's page; a new key opens it without signing in.
      const path = await orderPathWithNewKey(tx, order, now);
      const review = `${opts.baseUrl}${localizePath(lang, path)}#review`;
      const stop = `${opts.baseUrl}/api/review-requests/stop?token=${tokens.get(order.id)}`;
      const mail = reviewRequestMail(
        lang,
        { number: order.number, firstName: order.name.trim().split(/\s+/)[0] ?? "", products },
        { review, stop },
      );
      mails.push({ kind: "review_request", to: order.email!, ...mail });
    }
    await tx.insert(mailOutbox).values(mails);
    return mails.length;
  });
}

/**
 * The one-click stop: the address behind the token is asked for no more reviews. Unknown
 * tokens are fine (nothing happens); asking twice keeps one entry.
 */
export async function stopReviewRequests(db: Db, token: string): Promise<boolean> {
  if (!token) return false;
  const [found] = await db
    .select({ email: orders.email })
    .from(reviewRequests)
    .innerJoin(orders, eq(orders.id, reviewRequests.orderId))
    .where(eq(reviewRequests.stopTokenHash, hashToken(token)));
  if (!found?.email) return false;
  await db
    .insert(reviewRequestStops)
    .values({ email: found.email.toLowerCase() })
    .onConflictDoNothing();
  return true;
}
