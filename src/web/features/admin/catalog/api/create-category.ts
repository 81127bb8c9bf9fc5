import { useMutation, useQueryClient } from "@tanstack/react-query";
import { MESSAGES } from "../../../../../shared/domain/validation-messages.ts";
import type { AdminCategory, CategoryValues } from "../../../../../shared/schemas/admin-catalog.ts";
import { adminApi } from "../../../../lib/api.ts";
import { refreshQueries } from "../../../../lib/query-client.tsx";
import { categoryKeys } from "./list-categories.ts";

/** `POST /api/admin/categories`. */
export const createCategory = (input: CategoryValues) =>
  adminApi.post<{ data: AdminCategory }>("/api/admin/categories", input, {
    fallback: MESSAGES.CATEGORY_ADD_FAILED,
  });

export function useCreateCategory() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createCategory,
    onSuccess: () => refreshQueries(client, categoryKeys.all),
  });
}
