import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { PromotionDto, PromotionValues } from "../../../../../shared/schemas/promotions.ts";
import { auditKeys } from "../../../../components/admin/record-history.tsx";
import { adminApi } from "../../../../lib/api.ts";
import { refreshQueries } from "../../../../lib/query-client.tsx";
import { promotionKeys } from "./list-promotions.ts";

export const PROMOTION_SAVE_FAILED = "Failed to save the promotion";

/** `POST /api/admin/promotions` (no id) or `PUT /api/admin/promotions/{id}`. */
export const savePromotion = ({ id, input }: { id: number | null; input: PromotionValues }) =>
  id === null
    ? adminApi.post<{ data: PromotionDto }>("/api/admin/promotions", input, {
        fallback: PROMOTION_SAVE_FAILED,
      })
    : adminApi.put<{ data: PromotionDto }>(`/api/admin/promotions/${id}`, input, {
        fallback: PROMOTION_SAVE_FAILED,
      });

export function useSavePromotion() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: savePromotion,
    onSuccess: (saved) =>
      refreshQueries(client, promotionKeys.all, auditKeys.record("promotion", saved.data.id)),
  });
}
