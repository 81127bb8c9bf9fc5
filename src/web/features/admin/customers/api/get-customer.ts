import { useQuery } from "@tanstack/react-query";
import {
  type AdminCustomerDetail,
  CUSTOMER_MESSAGES,
} from "../../../../../shared/schemas/admin-customers.ts";
import { adminApi } from "../../../../lib/api.ts";
import { customerKeys } from "./list-customers.ts";

/** `GET /api/admin/customers/{key}`: the summary, latest orders and notes. */
export const getCustomer = (key: string, signal?: AbortSignal) =>
  adminApi
    .get<{ data: AdminCustomerDetail }>(`/api/admin/customers/${encodeURIComponent(key)}`, {
      signal,
      fallback: CUSTOMER_MESSAGES.LOAD_FAILED,
    })
    .then((body) => body.data);

export function useCustomer(key: string) {
  return useQuery({
    queryKey: customerKeys.detail(key),
    queryFn: ({ signal }) => getCustomer(key, signal),
  });
}
