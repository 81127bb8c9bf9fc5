import { useMutation, useQueryClient } from "@tanstack/react-query";
import { MESSAGES } from "../../../../../shared/domain/validation-messages.ts";
import type { AdminProduct } from "../../../../../shared/schemas/admin-catalog.ts";
import { auditKeys } from "../../../../components/admin/record-history.tsx";
import { adminApi } from "../../../../lib/api.ts";
import { refreshQueries } from "../../../../lib/query-client.tsx";
import { categoryKeys } from "./list-categories.ts";
import { productKeys } from "./list-products.ts";

export type SaveProductInput = {
  /** null = create. */
  id: number | null;
  form: FormData;
  onProgress?: (fraction: number) => void;
};

/**
 * `POST /api/admin/products` (multipart) to add; `POST /api/admin/products/{id}` with
 * `_method=PUT` to edit. Multipart goes through XHR so the photo's upload shows progress.
 */
export function saveProduct({ id, form, onProgress }: SaveProductInput) {
  if (id !== null && !form.has("_method")) form.append("_method", "PUT");
  return adminApi.upload<{ data: AdminProduct }>(
    id === null ? "/api/admin/products" : `/api/admin/products/${id}`,
    form,
    {
      onProgress,
      fallback: id === null ? MESSAGES.PRODUCT_ADD_FAILED : MESSAGES.PRODUCT_UPDATE_FAILED,
    },
  );
}

export function useSaveProduct() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveProduct,
    onSuccess: (result) =>
      Promise.all([
        refreshQueries(client, productKeys.all),
        // Category counts follow their products.
        refreshQueries(client, categoryKeys.all),
        refreshQueries(client, auditKeys.record("product", result.data.id)),
      ]),
  });
}
