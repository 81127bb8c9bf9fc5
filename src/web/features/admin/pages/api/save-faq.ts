import { useMutation, useQueryClient } from "@tanstack/react-query";
import { MESSAGES } from "../../../../../shared/domain/validation-messages.ts";
import type { FaqItemDto, FaqItemInput } from "../../../../../shared/schemas/content.ts";
import { adminApi } from "../../../../lib/api.ts";
import { refreshQueries } from "../../../../lib/query-client.tsx";
import { contentKeys } from "./list-faq.ts";

/** `POST /api/admin/content/faq` (id null) or `PUT /api/admin/content/faq/{id}`. */
export const saveFaq = ({ id, input }: { id: number | null; input: FaqItemInput }) =>
  id === null
    ? adminApi.post<{ data: FaqItemDto }>("/api/admin/content/faq", input, {
        fallback: MESSAGES.UPDATE_FAILED,
      })
    : adminApi.put<{ data: FaqItemDto }>(`/api/admin/content/faq/${id}`, input, {
        fallback: MESSAGES.UPDATE_FAILED,
      });

export function useSaveFaq() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveFaq,
    onSuccess: () => refreshQueries(client, contentKeys.all),
  });
}
