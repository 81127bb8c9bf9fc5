import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { KitchenDeliveryValues } from "../../../../../shared/schemas/kitchen.ts";
import { adminApi, apiGet } from "../../../../lib/api.ts";

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

/** A shop location as the delivery form names it (its position is `pickup_location`). */
export type ShopLocation = {
  title: { en: string; ar: string };
  address: { en: string; ar: string };
};

/**
 * The shop's locations, from the public settings (`GET /api/settings`): the kitchen role edits
 * the delivery rules but may not read the owner's settings, and the locations are public.
 */
export const useShopLocations = () =>
  useQuery({
    queryKey: ["admin", "kitchen-delivery", "locations"] as const,
    queryFn: ({ signal }) =>
      apiGet<{ data: { locations?: ShopLocation[] } }>("/api/settings", { signal }).then(
        (body) => body.data?.locations ?? [],
      ),
    staleTime: 60_000,
  });
