import { useMutation, useQueryClient } from "@tanstack/react-query";
import { MESSAGES } from "../../../../../shared/domain/validation-messages.ts";
import type { AdminDish } from "../../../../../shared/schemas/kitchen.ts";
import { adminApi } from "../../../../lib/api.ts";
import { refreshQueries } from "../../../../lib/query-client.tsx";
import { dishKeys } from "./list-dishes.ts";

/** `PUT /api/admin/kitchen/{id}` with only the switch: sold out for today (Asia/Damascus). */
export const setSoldOut = ({ id, soldOut }: { id: number; soldOut: boolean }) =>
  adminApi.put<{ data: AdminDish }>(
    `/api/admin/kitchen/${id}`,
    { sold_out_today: soldOut },
    { fallback: MESSAGES.UPDATE_FAILED },
  );

export function useSetSoldOut() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: setSoldOut,
    onSuccess: () => refreshQueries(client, dishKeys.all),
  });
}
