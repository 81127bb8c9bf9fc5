import { useMutation, useQueryClient } from "@tanstack/react-query";
import type {
  AdminOrderDetail,
  AdminOrderLinesInput,
} from "../../../../../shared/schemas/admin-order.ts";
import { adminApi } from "../../../../lib/api.ts";
import { refreshQueries } from "../../../../lib/query-client.tsx";
import { orderKeys } from "./list-orders.ts";

export const EDIT_FAILED = "The order could not be changed.";

/**
 * `PATCH /api/admin/orders/:id/lines`: the complete new list of lines on the version the desk
 * read (409 when someone changed the order meanwhile). The answer is the whole order.
 */
export function useEditOrderLines(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: AdminOrderLinesInput) =>
      adminApi.patch<{ data: AdminOrderDetail }>(`/api/admin/orders/${id}/lines`, input, {
        fallback: EDIT_FAILED,
      }),
    onSuccess: (body) => {
      client.setQueryData(orderKeys.detail(id), body.data);
      void refreshQueries(client, orderKeys.lists, ["admin", "dashboard"]);
    },
  });
}
