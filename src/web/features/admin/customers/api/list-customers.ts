import { keepPreviousData, useQuery } from "@tanstack/react-query";
import {
  type AdminCustomer,
  type AdminCustomerPage,
  CUSTOMER_MESSAGES,
} from "../../../../../shared/schemas/admin-customers.ts";
import { adminApi } from "../../../../lib/api.ts";
import { withQuery } from "../../../../lib/paths.ts";

export type CustomerListQuery = { search: string; page: number; per_page: number };
/** A list row as the list-screen kit takes it: the customer's key is its id. */
export type CustomerRow = AdminCustomer & { id: string };

/** Keys of every customers query; a note invalidates the customer's detail. */
export const customerKeys = {
  all: ["admin", "customers"] as const,
  list: (query: CustomerListQuery) => [...customerKeys.all, "list", query] as const,
  detail: (key: string) => [...customerKeys.all, "detail", key] as const,
};

/** `GET /api/admin/customers?search=&page=&per_page=` (newest buyer first). */
export const listCustomers = (query: CustomerListQuery, signal?: AbortSignal) =>
  adminApi.get<AdminCustomerPage>(withQuery("/api/admin/customers", query), {
    signal,
    fallback: CUSTOMER_MESSAGES.LOAD_FAILED,
  });

export function useCustomers(query: CustomerListQuery) {
  return useQuery({
    queryKey: customerKeys.list(query),
    queryFn: ({ signal }) => listCustomers(query, signal),
    select: (page) => ({
      ...page,
      data: page.data.map((customer): CustomerRow => ({ ...customer, id: customer.key })),
    }),
    placeholderData: keepPreviousData,
  });
}
