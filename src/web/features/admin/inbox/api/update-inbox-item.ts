import { useMutation, useQueryClient } from "@tanstack/react-query";
import { MESSAGES } from "../../../../../shared/domain/validation-messages.ts";
import type { InboxPatch } from "../../../../../shared/schemas/inbox.ts";
import { adminApi } from "../../../../lib/api.ts";
import { refreshQueries } from "../../../../lib/query-client.tsx";
import { INBOX_LISTS, inboxKeys } from "./list-inbox.ts";

export type InboxPatchTarget = { list: "messages" | "enquiries"; id: number; patch: InboxPatch };

/** `PATCH /api/admin/{contact-messages|trader-enquiries}/{id}`: status and/or internal note. */
export const updateInboxItem = ({ list, id, patch }: InboxPatchTarget) =>
  adminApi.patch<{ data: unknown }>(`${INBOX_LISTS[list]}/${id}`, patch, {
    fallback: MESSAGES.UPDATE_FAILED,
  });

export function useUpdateInboxItem() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateInboxItem,
    onSuccess: () => refreshQueries(client, inboxKeys.all),
  });
}
