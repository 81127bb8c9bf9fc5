import { useMutation, useQueryClient } from "@tanstack/react-query";
import { MESSAGES } from "../../../../../shared/domain/validation-messages.ts";
import { adminApi } from "../../../../lib/api.ts";
import { refreshQueries } from "../../../../lib/query-client.tsx";
import { promotionKeys } from "./list-promotions.ts";

/** `DELETE /api/admin/promotions/{id}`: orders it applied to keep what it took off. */
export const deletePromotion = (id: number) =>
  adminApi.delete<unknown>(`/api/admin/promotions/${id}`, { fallback: MESSAGES.DELETE_FAILED });

export function useDeletePromotion() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deletePromotion,
    onSuccess: () => refreshQueries(client, promotionKeys.all),
  });
}
