import { useMutation } from "@tanstack/react-query";
import { adminApi } from "../../../../lib/api.ts";
import { withQuery } from "../../../../lib/paths.ts";
import type { OrderFilters } from "./list-orders.ts";

export const EXPORT_FAILED = "The export failed.";

/**
 * `GET /api/admin/orders.csv?status=&payment_status=&from=&to=&q=`: the server streams the filtered list
 * (UTF-8 with a byte-order mark); the browser saves it under the server's file name.
 * `lines: "1"`: one row per order line instead of one per order.
 */
export const downloadOrdersCsv = (filters: OrderFilters & { lines?: "1" }) =>
  adminApi.download(withQuery("/api/admin/orders.csv", filters), "orders.csv", {
    fallback: EXPORT_FAILED,
  });

export function useExportOrders() {
  return useMutation({ mutationFn: downloadOrdersCsv });
}
