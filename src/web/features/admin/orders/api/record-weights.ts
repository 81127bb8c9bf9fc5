import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { AdminOrderDetail } from "../../../../../shared/schemas/admin-order.ts";
import { adminApi } from "../../../../lib/api.ts";
import { refreshQueries } from "../../../../lib/query-client.tsx";
import { orderKeys } from "./list-orders.ts";

export const WEIGHTS_FAILED = "The weights could not be saved.";

export type WeightsInput = { lines: Array<{ line_id: number; weighed_grams: number }> };

/** `PUT /api/admin/orders/:id/weights`: the packer's weighed grams per line. */
export function useRecordWeights(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: WeightsInput) =>
      adminApi.put<{ data: AdminOrderDetail }>(`/api/admin/orders/${id}/weights`, input, {
        fallback: WEIGHTS_FAILED,
      }),
    onSuccess: (body) => {
      client.setQueryData(orderKeys.detail(id), body.data);
      void refreshQueries(client, orderKeys.lists, ["admin", "dashboard"]);
    },
  });
}
