import { z } from "zod";
import {
  looksLikeMarkup,
  MAX_REVIEW_LENGTH,
  REVIEW_MESSAGES,
  REVIEW_STATUSES,
} from "../domain/reviews.ts";
import { langField, text } from "./fields.ts";

// Reviews from buyers: one schema for the form and the server, the DTOs both sides read.

const reviewText = (max: number, tooLong: string) =>
  text()
    .trim()
    .max(max, tooLong)
    .refine((v) => !looksLikeMarkup(v), REVIEW_MESSAGES.TEXT_MARKUP);

export const reviewInputSchema = z.object({
  rating: z.coerce
    .number({ message: REVIEW_MESSAGES.RATING })
    .int(REVIEW_MESSAGES.RATING)
    .min(1, REVIEW_MESSAGES.RATING)
    .max(5, REVIEW_MESSAGES.RATING),
  text: reviewText(MAX_REVIEW_LENGTH, REVIEW_MESSAGES.TEXT_TOO_LONG).pipe(
    z.string().min(1, REVIEW_MESSAGES.TEXT_REQUIRED),
  ),
  /** The order the product came in, and its private link's key (or the owner's sign-in). */
  order_number: text({ message: REVIEW_MESSAGES.NOT_RECEIVED })
    .trim()
    .min(1, REVIEW_MESSAGES.NOT_RECEIVED)
    .max(40, REVIEW_MESSAGES.NOT_RECEIVED),
  key: text().max(200).optional(),
});
export type ReviewInput = z.input<typeof reviewInputSchema>;

export const reviewDtoSchema = z.object({
  id: z.number().int(),
  author: z.string(),
  rating: z.number().int(),
  text: z.string(),
  lang: langField,
  reply: z.string(),
  reply_ar: z.string(),
  created_at: z.string(),
});
export type ReviewDto = z.infer<typeof reviewDtoSchema>;

export const reviewListResponseSchema = z.object({
  data: z.array(reviewDtoSchema),
  meta: z.object({ average: z.number().nullable(), count: z.number().int() }),
});
export type ReviewList = z.infer<typeof reviewListResponseSchema>;

/** `GET /api/orders/{number}/reviews`: the order's products its buyer already reviewed. */
export const orderReviewsResponseSchema = z.object({
  data: z.object({ product_ids: z.array(z.number().int()) }),
});

export const reviewListQuerySchema = z.object({ lang: langField.optional() });

export const adminReviewSchema = reviewDtoSchema.extend({
  status: z.enum(REVIEW_STATUSES),
  product: z.object({ id: z.number().int(), name: z.string(), name_ar: z.string() }),
  order_number: z.string(),
});
export type AdminReview = z.infer<typeof adminReviewSchema>;

export const adminReviewQuerySchema = z.object({
  status: z.enum(REVIEW_STATUSES).optional(),
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(20),
});
export type AdminReviewQuery = z.output<typeof adminReviewQuerySchema>;

export const adminReviewUpdateSchema = z.object({
  status: z.enum(REVIEW_STATUSES),
  reply: reviewText(MAX_REVIEW_LENGTH, REVIEW_MESSAGES.REPLY_TOO_LONG).optional(),
  reply_ar: reviewText(MAX_REVIEW_LENGTH, REVIEW_MESSAGES.REPLY_TOO_LONG).optional(),
});
export type AdminReviewUpdate = z.output<typeof adminReviewUpdateSchema>;
