import { useMutation, useQueryClient } from "@tanstack/react-query";
import { MESSAGES } from "../../../../../shared/domain/validation-messages.ts";
import { adminApi } from "../../../../lib/api.ts";
import { refreshQueries } from "../../../../lib/query-client.tsx";
import { inboxKeys } from "./list-inbox.ts";

/** `DELETE /api/admin/subscribers/{id}`: the address gets no more newsletters. */
export const deleteSubscriber = (id: number) =>
  adminApi.delete<unknown>(`/api/admin/subscribers/${id}`, { fallback: MESSAGES.DELETE_FAILED });

export function useDeleteSubscriber() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteSubscriber,
    onSuccess: () => refreshQueries(client, inboxKeys.all),
  });
}
