import { useMutation, useQueryClient } from "@tanstack/react-query";
import { MESSAGES } from "../../../../../shared/domain/validation-messages.ts";
import type { TraderDto, TraderPatch } from "../../../../../shared/schemas/traders.ts";
import { adminApi } from "../../../../lib/api.ts";
import { refreshQueries } from "../../../../lib/query-client.tsx";
import { traderKeys } from "./list-price-lists.ts";

/** `PATCH /api/admin/traders/{id}`: suspend, reactivate, or change its terms. */
export const updateTrader = ({ id, patch }: { id: number; patch: TraderPatch }) =>
  adminApi.patch<{ data: TraderDto }>(`/api/admin/traders/${id}`, patch, {
    fallback: MESSAGES.UPDATE_FAILED,
  });

export function useUpdateTrader() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateTrader,
    onSuccess: () => refreshQueries(client, traderKeys.all),
  });
}
