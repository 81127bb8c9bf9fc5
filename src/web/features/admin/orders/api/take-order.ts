import { useMutation, useQueryClient } from "@tanstack/react-query";
import type {
  AdminOrderDetail,
  AdminPlaceOrderInput,
} from "../../../../../shared/schemas/admin-order.ts";
import { adminApi } from "../../../../lib/api.ts";
import { refreshQueries } from "../../../../lib/query-client.tsx";
import { orderKeys } from "./list-orders.ts";

export const TAKE_ORDER_FAILED = "The order could not be saved.";

/** What the desk gets back: the order as its page shows it, and the private link's key. */
export type TakenOrder = AdminOrderDetail & { access_key?: string };

/**
 * `POST /api/admin/orders`: an order taken by phone, on the messaging app or in
 * person, through checkout's own rules. The caller keeps one Idempotency-Key per attempt, so
 * a double click or a retry after a lost answer is the same order.
 */
export function useTakeOrder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ body, key }: { body: AdminPlaceOrderInput; key: string }) =>
      adminApi
        .post<{ data: TakenOrder }>("/api/admin/orders", body, {
          headers: { "idempotency-key": key },
          fallback: TAKE_ORDER_FAILED,
        })
        .then((answer) => answer.data),
    onSuccess: (order) => {
      const { access_key: _key, ...detail } = order;
      client.setQueryData(orderKeys.detail(order.id), detail);
      void refreshQueries(client, orderKeys.lists, ["admin", "dashboard"]);
    },
  });
}
