import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { MESSAGES } from "../../../../../shared/domain/validation-messages.ts";
import type { AdminOrderListItem } from "../../../../../shared/schemas/admin-order.ts";
import type { PageMeta } from "../../../../../shared/schemas/catalog.ts";
import { adminApi } from "../../../../lib/api.ts";
import { withQuery } from "../../../../lib/paths.ts";

/**
 * The list's filters (also the CSV export's): status, payment status, Asia/Damascus
 * day range, search.
 */
export type OrderFilters = {
  status: string;
  payment_status: string;
  from: string;
  to: string;
  /** The day the orders must be ready; "" = any. */
  ready_date: string;
  /** The season the orders belong to (its id); "" = any. */
  season_id?: string;
  q: string;
};
export type OrderListQuery = OrderFilters & { page: number; per_page: number };
export type OrderPage = { data: AdminOrderListItem[]; meta: PageMeta };

/** Keys of every orders-desk query; a status change or a note invalidates `orderKeys.all`. */
export const orderKeys = {
  all: ["admin", "orders"] as const,
  /** Every page and filter of the list: refetched when the bell brings a new order. */
  lists: ["admin", "orders", "list"] as const,
  list: (query: OrderListQuery) => [...orderKeys.lists, query] as const,
  detail: (id: number) => [...orderKeys.all, "detail", id] as const,
};

/** `GET /api/admin/orders?status=&payment_status=&from=&to=&q=&page=&per_page=` (newest first). */
export const listOrders = (query: OrderListQuery, signal?: AbortSignal) =>
  adminApi.get<OrderPage>(withQuery("/api/admin/orders", query), {
    signal,
    fallback: MESSAGES.ORDERS_LOAD_FAILED,
  });

export function useOrders(query: OrderListQuery) {
  return useQuery({
    queryKey: orderKeys.list(query),
    queryFn: ({ signal }) => listOrders(query, signal),
    placeholderData: keepPreviousData,
  });
}
