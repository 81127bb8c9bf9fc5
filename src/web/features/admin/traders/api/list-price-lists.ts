import { useQuery } from "@tanstack/react-query";
import { MESSAGES } from "../../../../../shared/domain/validation-messages.ts";
import type { PriceListDto } from "../../../../../shared/schemas/traders.ts";
import { adminApi } from "../../../../lib/api.ts";

export const traderKeys = {
  all: ["admin", "traders"] as const,
  priceLists: () => [...traderKeys.all, "price-lists"] as const,
  list: () => [...traderKeys.all, "list"] as const,
};

/** `GET /api/admin/price-lists`: every wholesale price list, by name. */
export const listPriceLists = (signal?: AbortSignal) =>
  adminApi.get<{ data: PriceListDto[] }>("/api/admin/price-lists", {
    signal,
    fallback: MESSAGES.ITEMS_FETCH_FAILED,
  });

export function usePriceLists(enabled = true) {
  return useQuery({
    queryKey: traderKeys.priceLists(),
    queryFn: ({ signal }) => listPriceLists(signal).then((body) => body.data),
    enabled,
  });
}
