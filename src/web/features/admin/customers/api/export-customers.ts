import { useMutation } from "@tanstack/react-query";
import { CUSTOMER_MESSAGES } from "../../../../../shared/schemas/admin-customers.ts";
import { adminApi } from "../../../../lib/api.ts";
import { withQuery } from "../../../../lib/paths.ts";

/**
 * `GET /api/admin/customers.csv?search=`: the server streams the matching customers (UTF-8
 * with a byte-order mark); the browser saves it under the server's file name.
 */
export const downloadCustomersCsv = (search: string) =>
  adminApi.download(withQuery("/api/admin/customers.csv", { search }), "customers.csv", {
    fallback: CUSTOMER_MESSAGES.EXPORT_FAILED,
  });

export function useExportCustomers() {
  return useMutation({ mutationFn: downloadCustomersCsv });
}
