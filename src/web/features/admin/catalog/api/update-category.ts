import { useMutation, useQueryClient } from "@tanstack/react-query";
import { MESSAGES } from "../../../../../shared/domain/validation-messages.ts";
import type { AdminCategory, CategoryValues } from "../../../../../shared/schemas/admin-catalog.ts";
import { auditKeys } from "../../../../components/admin/record-history.tsx";
import { adminApi } from "../../../../lib/api.ts";
import { refreshQueries } from "../../../../lib/query-client.tsx";
import { categoryKeys } from "./list-categories.ts";

/** `PUT /api/admin/categories/{id}`. */
export const updateCategory = ({ id, input }: { id: number; input: CategoryValues }) =>
  adminApi.put<{ data: AdminCategory }>(`/api/admin/categories/${id}`, input, {
    fallback: MESSAGES.CATEGORY_UPDATE_FAILED,
  });

export function useUpdateCategory() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateCategory,
    onSuccess: (_data, { id }) =>
      refreshQueries(client, categoryKeys.all, auditKeys.record("category", id)),
  });
}
