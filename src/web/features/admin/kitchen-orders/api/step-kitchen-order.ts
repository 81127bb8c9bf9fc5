import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { KitchenStep } from "../../../../../shared/domain/kitchen-slots.ts";
import type { KitchenOrderCard } from "../../../../../shared/schemas/kitchen-orders.ts";
import { adminApi } from "../../../../lib/api.ts";
import { kitchenOrderKeys } from "./list-kitchen-orders.ts";

export const STEP_FAILED = "The order could not be moved.";

/** `POST /api/admin/kitchen/orders/:id/step`: one tap, the next step. */
export function useStepKitchenOrder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, step }: { id: number; step: KitchenStep }) =>
      adminApi.post<{ data: KitchenOrderCard }>(
        `/api/admin/kitchen/orders/${id}/step`,
        { step },
        { fallback: STEP_FAILED },
      ),
    onSettled: () => client.invalidateQueries({ queryKey: kitchenOrderKeys.all }),
  });
}
