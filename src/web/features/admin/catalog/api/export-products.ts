import { useMutation } from "@tanstack/react-query";
import { adminApi } from "../../../../lib/api.ts";

/**
 * `GET /api/admin/products/export.csv`: the whole catalogue, both languages, UTF-8
 * with a byte-order mark; the browser saves it under the server's file name.
 */
export const downloadProductsCsv = () =>
  adminApi.download("/api/admin/products/export.csv", "products.csv", {
    fallback: "The export failed.",
  });

export function useExportProducts() {
  return useMutation({ mutationFn: downloadProductsCsv });
}
