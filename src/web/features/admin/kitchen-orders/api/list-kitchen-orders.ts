import { useQuery } from "@tanstack/react-query";
import type { KitchenOrderCard } from "../../../../../shared/schemas/kitchen-orders.ts";
import { adminApi } from "../../../../lib/api.ts";
import { withQuery } from "../../../../lib/paths.ts";

export const KITCHEN_ORDERS_LOAD_FAILED = "Failed to load the kitchen's orders";

/** New orders show on the pass within this long without a reload. */
export const KITCHEN_POLL_MS = 4000;

export const kitchenOrderKeys = {
  all: ["admin", "kitchen-orders"] as const,
  day: (date: string) => [...kitchenOrderKeys.all, date] as const,
};

/** `GET /api/admin/kitchen/orders?date=`: a day's orders holding a dish, by slot. */
export const listKitchenOrders = (date: string, signal?: AbortSignal) =>
  adminApi
    .get<{ data: KitchenOrderCard[]; meta: { date: string } }>(
      withQuery("/api/admin/kitchen/orders", { date }),
      { signal, fallback: KITCHEN_ORDERS_LOAD_FAILED },
    )
    .then((body) => body.data);

/** The day's cards, asked again every few seconds while the screen is open. */
export const useKitchenOrders = (date: string) =>
  useQuery({
    queryKey: kitchenOrderKeys.day(date),
    queryFn: ({ signal }) => listKitchenOrders(date, signal),
    refetchInterval: KITCHEN_POLL_MS,
    refetchIntervalInBackground: true,
  });
