import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { TimelineEntry } from "../../../../../shared/schemas/admin-order.ts";
import { adminApi } from "../../../../lib/api.ts";
import { refreshQueries } from "../../../../lib/query-client.tsx";
import { orderKeys } from "./list-orders.ts";

export const NOTE_ADD_FAILED = "The note could not be saved.";

/** `POST /api/admin/orders/:id/notes`: an internal note, shown in the timeline. */
export function useAddOrderNote(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: string) =>
      adminApi.post<{ data: TimelineEntry }>(
        `/api/admin/orders/${id}/notes`,
        { body },
        { fallback: NOTE_ADD_FAILED },
      ),
    onSuccess: () => refreshQueries(client, orderKeys.detail(id)),
  });
}
