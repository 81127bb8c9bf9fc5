import { useQuery } from "@tanstack/react-query";
import { MESSAGES } from "../../../../../shared/domain/validation-messages.ts";
import type { TraderDto } from "../../../../../shared/schemas/traders.ts";
import { adminApi } from "../../../../lib/api.ts";
import { traderKeys } from "./list-price-lists.ts";

/** `GET /api/admin/traders`: every trader account, by company. */
export const listTraders = (signal?: AbortSignal) =>
  adminApi.get<{ data: TraderDto[] }>("/api/admin/traders", {
    signal,
    fallback: MESSAGES.ITEMS_FETCH_FAILED,
  });

export function useTraders() {
  return useQuery({ queryKey: traderKeys.list(), queryFn: ({ signal }) => listTraders(signal) });
}
