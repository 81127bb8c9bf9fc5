import { useMutation, useQueryClient } from "@tanstack/react-query";
import { MESSAGES } from "../../../../../shared/domain/validation-messages.ts";
import { adminApi } from "../../../../lib/api.ts";
import { refreshQueries } from "../../../../lib/query-client.tsx";
import { shippingKeys } from "./list-zones.ts";

/** `DELETE /api/admin/shipping/carriers/{id}`: shipped orders keep their tracking link. */
export const deleteCarrier = (id: number) =>
  adminApi.delete<unknown>(`/api/admin/shipping/carriers/${id}`, {
    fallback: MESSAGES.DELETE_FAILED,
  });

export function useDeleteCarrier() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteCarrier,
    onSuccess: () => refreshQueries(client, shippingKeys.carriers()),
  });
}
