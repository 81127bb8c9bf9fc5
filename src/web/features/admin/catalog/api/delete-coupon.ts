import { useMutation, useQueryClient } from "@tanstack/react-query";
import { MESSAGES } from "../../../../../shared/domain/validation-messages.ts";
import { adminApi } from "../../../../lib/api.ts";
import { refreshQueries } from "../../../../lib/query-client.tsx";
import { couponKeys } from "./list-coupons.ts";

/** `DELETE /api/admin/copouns/{id}`: the orders that used it keep their discount. */
export const deleteCoupon = (id: number) =>
  adminApi.delete<unknown>(`/api/admin/copouns/${id}`, { fallback: MESSAGES.DELETE_FAILED });

export function useDeleteCoupon() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteCoupon,
    onSuccess: () => refreshQueries(client, couponKeys.all),
  });
}
