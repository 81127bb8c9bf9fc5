import { useMutation, useQueryClient } from "@tanstack/react-query";
import { MESSAGES } from "../../../../../shared/domain/validation-messages.ts";
import { adminApi } from "../../../../lib/api.ts";
import { refreshQueries } from "../../../../lib/query-client.tsx";
import { categoryKeys } from "./list-categories.ts";
import { productKeys } from "./list-products.ts";

/** `DELETE /api/admin/products/{id}`: archived when it is on past orders, deleted otherwise. */
export const deleteProduct = (id: number) =>
  adminApi.delete<{ data: { id: number; archived: boolean } }>(`/api/admin/products/${id}`, {
    fallback: MESSAGES.DELETE_FAILED,
  });

export function useDeleteProduct() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteProduct,
    onSuccess: () => refreshQueries(client, productKeys.all, categoryKeys.all),
  });
}
