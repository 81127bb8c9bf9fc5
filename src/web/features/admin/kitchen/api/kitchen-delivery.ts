import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { KitchenDeliveryValues } from "../../../../../shared/schemas/kitchen.ts";
import { adminApi } from "../../../../lib/api.ts";

export const DELIVERY_LOAD_FAILED = "Failed to load the dish delivery rules";
export const DELIVERY_SAVE_FAILED = "Failed to save the dish delivery rules";

export const kitchenDeliveryKeys = { all: ["admin", "kitchen-delivery"] as const };

/** `GET /api/admin/kitchen/delivery`: areas with fees, slots, pickup and the money rules. */
export const useKitchenDelivery = () =>
  useQuery({
    queryKey: kitchenDeliveryKeys.all,
    queryFn: ({ signal }) =>
      adminApi
        .get<{ data: KitchenDeliveryValues }>("/api/admin/kitchen/delivery", {
          signal,
          fallback: DELIVERY_LOAD_FAILED,
        })
        .then((body) => body.data),
  });

/** `PUT /api/admin/kitchen/delivery`. */
export function useSaveKitchenDelivery() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (values: KitchenDeliveryValues) =>
      adminApi.put<{ data: KitchenDeliveryValues }>("/api/admin/kitchen/delivery", values, {
        fallback: DELIVERY_SAVE_FAILED,
      }),
    onSuccess: (body) => client.setQueryData(kitchenDeliveryKeys.all, body.data),
  });
}
