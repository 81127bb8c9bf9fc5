import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { AdminReview, AdminReviewUpdate } from "../../../../../shared/schemas/reviews.ts";
import { auditKeys } from "../../../../components/admin/record-history.tsx";
import { adminApi } from "../../../../lib/api.ts";
import { refreshQueries } from "../../../../lib/query-client.tsx";
import { reviewKeys } from "./list-reviews.ts";

/** The failure's text when the server sends none. */
export const REVIEW_UPDATE_FAILED = "Failed to update review";

/** `PATCH /api/admin/reviews/{id}`: publish, hide, or reply (the status is always sent). */
export const moderateReview = ({ id, input }: { id: number; input: AdminReviewUpdate }) =>
  adminApi.patch<{ data: Omit<AdminReview, "product" | "order_number"> }>(
    `/api/admin/reviews/${id}`,
    input,
    { fallback: REVIEW_UPDATE_FAILED },
  );

export function useModerateReview() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: moderateReview,
    onSuccess: (_data, { id }) =>
      refreshQueries(client, reviewKeys.all, auditKeys.record("review", id)),
  });
}
