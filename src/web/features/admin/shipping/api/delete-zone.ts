import { useMutation, useQueryClient } from "@tanstack/react-query";
import { MESSAGES } from "../../../../../shared/domain/validation-messages.ts";
import { adminApi } from "../../../../lib/api.ts";
import { refreshQueries } from "../../../../lib/query-client.tsx";
import { shippingKeys } from "./list-zones.ts";

/** `DELETE /api/admin/shipping/zones/{id}`: orders that used it keep their shipping. */
export const deleteZone = (id: number) =>
  adminApi.delete<unknown>(`/api/admin/shipping/zones/${id}`, { fallback: MESSAGES.DELETE_FAILED });

export function useDeleteZone() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteZone,
    onSuccess: () => refreshQueries(client, shippingKeys.all),
  });
}
