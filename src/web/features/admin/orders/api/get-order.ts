import { useQueries, useQuery } from "@tanstack/react-query";
import { MESSAGES } from "../../../../../shared/domain/validation-messages.ts";
import type { AdminOrderDetail } from "../../../../../shared/schemas/admin-order.ts";
import { adminApi } from "../../../../lib/api.ts";
import { orderKeys } from "./list-orders.ts";

/** `GET /api/admin/orders/:id`: the order, its timeline and its legal next states. */
export const getOrder = (id: number, signal?: AbortSignal) =>
  adminApi
    .get<{ data: AdminOrderDetail }>(`/api/admin/orders/${id}`, {
      signal,
      fallback: MESSAGES.ORDER_DETAILS_LOAD_FAILED,
    })
    .then((body) => body.data);

export function useOrder(id: number) {
  return useQuery({
    queryKey: orderKeys.detail(id),
    queryFn: ({ signal }) => getOrder(id, signal),
  });
}

/** Several orders at once (the print page's selection). */
export function useOrdersByIds(ids: readonly number[]) {
  return useQueries({
    queries: ids.map((id) => ({
      queryKey: orderKeys.detail(id),
      queryFn: ({ signal }: { signal: AbortSignal }) => getOrder(id, signal),
    })),
  });
}
