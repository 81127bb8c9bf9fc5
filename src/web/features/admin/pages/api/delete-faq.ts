import { useMutation, useQueryClient } from "@tanstack/react-query";
import { MESSAGES } from "../../../../../shared/domain/validation-messages.ts";
import { adminApi } from "../../../../lib/api.ts";
import { refreshQueries } from "../../../../lib/query-client.tsx";
import { contentKeys } from "./list-faq.ts";

/** `DELETE /api/admin/content/faq/{id}`. */
export const deleteFaq = (id: number) =>
  adminApi.delete<unknown>(`/api/admin/content/faq/${id}`, { fallback: MESSAGES.DELETE_FAILED });

export function useDeleteFaq() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteFaq,
    onSuccess: () => refreshQueries(client, contentKeys.all),
  });
}
