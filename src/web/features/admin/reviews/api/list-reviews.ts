import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { ReviewStatus } from "../../../../../shared/domain/reviews.ts";
import type { AdminReview } from "../../../../../shared/schemas/reviews.ts";
import { adminApi } from "../../../../lib/api.ts";
import { withQuery } from "../../../../lib/paths.ts";

export type ReviewListQuery = { status: ReviewStatus; page: number; per_page: number };
export type ReviewPage = {
  data: AdminReview[];
  meta: { page: number; per_page: number; total: number; last_page: number };
};

/** The failure's text when the server sends none. */
export const REVIEWS_FETCH_FAILED = "Failed to fetch reviews";

/** Keys of every reviews query; a moderation invalidates `reviewKeys.all`. */
export const reviewKeys = {
  all: ["admin", "reviews"] as const,
  list: (query: ReviewListQuery) => [...reviewKeys.all, "list", query] as const,
};

/** `GET /api/admin/reviews?status=&page=&per_page=`. */
export const listReviews = (query: ReviewListQuery, signal?: AbortSignal) =>
  adminApi.get<ReviewPage>(withQuery("/api/admin/reviews", query), {
    signal,
    fallback: REVIEWS_FETCH_FAILED,
  });

export function useReviews(query: ReviewListQuery) {
  return useQuery({
    queryKey: reviewKeys.list(query),
    queryFn: ({ signal }) => listReviews(query, signal),
    // Another status or page keeps the old rows on screen until the answer arrives.
    placeholderData: keepPreviousData,
  });
}
