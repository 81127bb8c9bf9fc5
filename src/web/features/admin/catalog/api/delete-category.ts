import { useMutation, useQueryClient } from "@tanstack/react-query";
import { MESSAGES } from "../../../../../shared/domain/validation-messages.ts";
import { adminApi } from "../../../../lib/api.ts";
import { refreshQueries } from "../../../../lib/query-client.tsx";
import { categoryKeys } from "./list-categories.ts";

/** `DELETE /api/admin/categories/{id}`: a 409 names how many products are still in it. */
export const deleteCategory = (id: number) =>
  adminApi.delete<unknown>(`/api/admin/categories/${id}`, { fallback: MESSAGES.DELETE_FAILED });

export function useDeleteCategory() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteCategory,
    onSuccess: () => refreshQueries(client, categoryKeys.all),
  });
}
