import { and, count, desc, eq, sql } from "drizzle-orm";
import type { Lang } from "../../../shared/domain/money.ts";
import { lastPage } from "../../../shared/domain/pagination.ts";
import {
  orderReviews,
  REVIEW_MESSAGES,
  ratingSummary,
  reviewEligibility,
  reviewLanguage,
} from "../../../shared/domain/reviews.ts";
import type {
  AdminReview,
  AdminReviewQuery,
  AdminReviewUpdate,
  ReviewDto,
  ReviewList,
} from "../../../shared/schemas/reviews.ts";
import type { ContentCache } from "../../cache/content-cache.ts";
import type { Db } from "../../db/client.ts";
import { products } from "../../db/schema/catalog.ts";
import { orderLines, orders } from "../../db/schema/orders.ts";
import { type ProductReviewRow, productReviews } from "../../db/schema/reviews.ts";
import { HttpError, notFound } from "../../http-errors.ts";
import { changesBetween, record } from "../audit/service.ts";
import { type OrderViewer, viewableOrder } from "../orders/viewer.ts";
import { sendReviewRequests, stopReviewRequests } from "./review-requests.ts";

const refused = (message: string) => new HttpError(422, message, { order_number: [message] });

function dto(row: ProductReviewRow): ReviewDto {
  return {
    id: Number(row.id),
    author: row.author,
    rating: row.rating,
    text: row.text,
    lang: row.lang,
    reply: row.reply,
    reply_ar: row.replyAr,
    created_at: new Date(row.createdAt).toISOString(),
  };
}

export function createReviewService(db: Db, deps: { cache: ContentCache }) {
  async function loadPublished(productId: number): Promise<ReviewDto[]> {
    const rows = await db
      .select()
      .from(productReviews)
      .where(and(eq(productReviews.productId, productId), eq(productReviews.status, "published")))
      .orderBy(desc(productReviews.createdAt), desc(productReviews.id));
    return rows.map(dto);
  }

  return {
    /**
     * A buyer's review: from a completed order that had the product, reached by the order's
     * private-link key or its signed-in owner; one per product and order; pending until the
     * owner publishes it. Anything else is a 422 and nothing is written.
     */
    async create(
      productId: number,
      input: { rating: number; text: string; order_number: string },
      viewer: OrderViewer,
    ): Promise<ReviewDto> {
      const order = await viewableOrder(db, input.order_number, viewer).catch(() => {
        throw refused(REVIEW_MESSAGES.NOT_RECEIVED);
      });
      const lines = await db
        .select({ productId: orderLines.productId })
        .from(orderLines)
        .where(eq(orderLines.orderId, order.id));
      const [existing] = await db
        .select({ id: productReviews.id })
        .from(productReviews)
        .where(and(eq(productReviews.productId, productId), eq(productReviews.orderId, order.id)));
      const eligible = reviewEligibility(
        {
          status: order.status,
          productIds: lines.flatMap((l) => (l.productId ? [Number(l.productId)] : [])),
        },
        productId,
        Boolean(existing),
      );
      if (!eligible.ok)
        throw refused(
          eligible.reason === "already_reviewed"
            ? REVIEW_MESSAGES.ALREADY_REVIEWED
            : REVIEW_MESSAGES.NOT_RECEIVED,
        );
      const [row] = await db
        .insert(productReviews)
        .values({
          productId,
          orderId: order.id,
          author: order.name.trim().split(/\s+/)[0] ?? "",
          rating: input.rating,
          text: input.text,
          lang: reviewLanguage(input.text),
        })
        .onConflictDoNothing()
        .returning();
      // Two requests at once: the unique index keeps one.
      if (!row) throw refused(REVIEW_MESSAGES.ALREADY_REVIEWED);
      return dto(row);
    },

    /**
     * The products of an order its viewer already reviewed (the order page marks them
     * instead of offering the form again); a stranger gets the order's 404.
     */
    async reviewedInOrder(number: string, viewer: OrderViewer): Promise<number[]> {
      const order = await viewableOrder(db, number, viewer);
      const rows = await db
        .select({ productId: productReviews.productId })
        .from(productReviews)
        .where(eq(productReviews.orderId, order.id))
        .orderBy(productReviews.productId);
      return rows.map((r) => Number(r.productId));
    },

    /** One pass of the review-request job (review-requests.ts); how many e-mails it queued. */
    sendRequests(now: Date, opts: { baseUrl: string }): Promise<number> {
      return sendReviewRequests(db, now, opts);
    },

    /** The review request's one-click stop. */
    stopRequests(token: string): Promise<boolean> {
      return stopReviewRequests(db, token);
    },

    /** Published reviews, the page's language first, with their average; cached per version. */
    async list(productId: number, lang: Lang): Promise<ReviewList> {
      const all = await deps.cache.get(`reviews:${productId}`, () => loadPublished(productId));
      return {
        data: orderReviews(all, lang),
        meta: ratingSummary(all.map((r) => r.rating)),
      };
    },

    async adminList(q: AdminReviewQuery): Promise<{
      data: AdminReview[];
      meta: { page: number; per_page: number; total: number; last_page: number };
    }> {
      const where = q.status ? eq(productReviews.status, q.status) : undefined;
      const [[counted], rows] = await Promise.all([
        db.select({ total: count() }).from(productReviews).where(where),
        db
          .select({
            review: productReviews,
            nameEn: products.nameEn,
            nameAr: products.nameAr,
            number: orders.number,
          })
          .from(productReviews)
          .innerJoin(products, eq(products.id, productReviews.productId))
          .innerJoin(orders, eq(orders.id, productReviews.orderId))
          .where(where)
          .orderBy(desc(productReviews.createdAt), desc(productReviews.id))
          .limit(q.per_page)
          .offset((q.page - 1) * q.per_page),
      ]);
      const total = Number(counted?.total ?? 0);
      return {
        data: rows.map((r) => ({
          ...dto(r.review),
          status: r.review.status,
          product: { id: Number(r.review.productId), name: r.nameEn, name_ar: r.nameAr },
          order_number: r.number,
        })),
        meta: { page: q.page, per_page: q.per_page, total, last_page: lastPage(total, q.per_page) },
      };
    },

    /** Publish, hide or reply; audited in the same transaction. */
    async moderate(id: number, update: AdminReviewUpdate, actorId: number | null) {
      return db.transaction(async (tx) => {
        const [before] = await tx.select().from(productReviews).where(eq(productReviews.id, id));
        if (!before) throw notFound("Review not found.");
        const [after] = await tx
          .update(productReviews)
          .set({
            status: update.status,
            ...(update.reply === undefined ? {} : { reply: update.reply }),
            ...(update.reply_ar === undefined ? {} : { replyAr: update.reply_ar }),
            updatedAt: sql`now()`,
          })
          .where(eq(productReviews.id, id))
          .returning();
        const fields = (r: ProductReviewRow) => ({
          status: r.status,
          reply: r.reply,
          reply_ar: r.replyAr,
        });
        const changes = changesBetween(fields(before), fields(after!));
        if (changes.length > 0)
          await record(tx, { actorId, entity: "review", entityId: id, action: "update", changes });
        return { ...dto(after!), status: after!.status };
      });
    },
  };
}
export type ReviewService = ReturnType<typeof createReviewService>;
