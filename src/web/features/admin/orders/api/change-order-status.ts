import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { OrderStatus } from "../../../../../shared/domain/order-states.ts";
import type { AdminOrderDetail } from "../../../../../shared/schemas/admin-order.ts";
import { adminApi } from "../../../../lib/api.ts";
import { refreshQueries } from "../../../../lib/query-client.tsx";
import { orderKeys } from "./list-orders.ts";

export const STATUS_CHANGE_FAILED = "The status could not be changed.";

/**
 * A move to `shipped` may name the carrier (its id) and the parcel's tracking number; any
 * move may carry a note (a cancel's reason, which the customer's order page shows).
 */
export type StatusChange = {
  status: OrderStatus;
  note?: string | null;
  carrier?: number | null;
  tracking_number?: string | null;
};

/** `PATCH /api/admin/orders/:id` along the order state machine (a cancel returns the stock). */
export function useChangeOrderStatus(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: OrderStatus | StatusChange) =>
      adminApi.patch<{ data: AdminOrderDetail }>(
        `/api/admin/orders/${id}`,
        typeof change === "string" ? { status: change } : change,
        { fallback: STATUS_CHANGE_FAILED },
      ),
    onSuccess: (body) => {
      client.setQueryData(orderKeys.detail(id), body.data);
      void refreshQueries(client, orderKeys.all, ["admin", "dashboard"]);
    },
  });
}
