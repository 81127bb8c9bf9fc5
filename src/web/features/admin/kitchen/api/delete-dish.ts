import { useMutation, useQueryClient } from "@tanstack/react-query";
import { MESSAGES } from "../../../../../shared/domain/validation-messages.ts";
import { adminApi } from "../../../../lib/api.ts";
import { refreshQueries } from "../../../../lib/query-client.tsx";
import { dishKeys } from "./list-dishes.ts";

/** `DELETE /api/admin/kitchen/{id}`. */
export const deleteDish = (id: number) =>
  adminApi.delete<unknown>(`/api/admin/kitchen/${id}`, { fallback: MESSAGES.DELETE_FAILED });

export function useDeleteDish() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteDish,
    onSuccess: () => refreshQueries(client, dishKeys.all),
  });
}
