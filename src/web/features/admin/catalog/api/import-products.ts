import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ProductsImportResult } from "../../../../../shared/schemas/products-import.ts";
import { auditKeys } from "../../../../components/admin/record-history.tsx";
import { adminApi } from "../../../../lib/api.ts";
import { refreshQueries } from "../../../../lib/query-client.tsx";
import { categoryKeys } from "./list-categories.ts";
import { productKeys } from "./list-products.ts";

export type ImportProductsInput = { file: File; dryRun: boolean };

/**
 * `POST /api/admin/products/import[?dry_run=1]`, multipart `file`. The server
 * writes its errors in the admin's language (the language cookie goes with the request);
 * applying a file with errors is a 422 whose `data` holds the same report as a dry run.
 */
export function importProducts({ file, dryRun }: ImportProductsInput) {
  const form = new FormData();
  form.append("file", file);
  return adminApi.upload<{ data: ProductsImportResult }>(
    `/api/admin/products/import${dryRun ? "?dry_run=1" : ""}`,
    form,
    { fallback: "The import failed." },
  );
}

/** The 422's report, when applying found errors after all (the file changed meanwhile). */
export function reportOf(error: unknown): ProductsImportResult | null {
  const body = (error as { body?: { data?: ProductsImportResult } } | null)?.body;
  return body?.data && Array.isArray(body.data.errors) ? body.data : null;
}

export function useImportProducts() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: importProducts,
    onSuccess: (_result, input) =>
      input.dryRun
        ? undefined
        : refreshQueries(client, productKeys.all, categoryKeys.all, auditKeys.all),
  });
}
