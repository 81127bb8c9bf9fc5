import { useMutation } from "@tanstack/react-query";
import { readAdminSession } from "../../../../lib/admin-session.ts";
import { ApiError } from "../../../../lib/api.ts";
import { withQuery } from "../../../../lib/paths.ts";
import type { OrderFilters } from "./list-orders.ts";

export const EXPORT_FAILED = "The export failed.";

/**
 * `GET /api/admin/orders.csv?status=&from=&to=&q=`: the server streams the filtered list
 * (UTF-8 with a byte-order mark); the browser saves it under the server's file name.
 * The token travels in a header, so a plain link cannot do it.
 */
export async function downloadOrdersCsv(filters: OrderFilters): Promise<void> {
  const token = readAdminSession()?.token;
  const response = await fetch(withQuery("/api/admin/orders.csv", filters), {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  }).catch(() => null);
  if (!response?.ok) throw new ApiError(response?.status ?? 0, EXPORT_FAILED);
  const blob = await response.blob();
  const name =
    /filename="([^"]+)"/.exec(response.headers.get("content-disposition") ?? "")?.[1] ??
    "orders.csv";
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

export function useExportOrders() {
  return useMutation({ mutationFn: downloadOrdersCsv });
}
