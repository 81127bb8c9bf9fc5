import { useQuery } from "@tanstack/react-query";
import { MESSAGES } from "../../../../../shared/domain/validation-messages.ts";
import type { ReceivableTrader } from "../../../../../shared/schemas/traders.ts";
import { adminApi } from "../../../../lib/api.ts";
import { traderKeys } from "./list-price-lists.ts";

export const receivableKeys = { list: () => [...traderKeys.list(), "receivables"] as const };

/** `GET /api/admin/receivables`: what each trader owes on invoice, aged. */
export const listReceivables = (signal?: AbortSignal) =>
  adminApi.get<{ data: ReceivableTrader[]; as_of: string }>("/api/admin/receivables", {
    signal,
    fallback: MESSAGES.ITEMS_FETCH_FAILED,
  });

export function useReceivables() {
  return useQuery({
    queryKey: receivableKeys.list(),
    queryFn: ({ signal }) => listReceivables(signal),
  });
}
