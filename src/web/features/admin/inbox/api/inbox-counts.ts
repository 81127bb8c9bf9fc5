import { useQuery } from "@tanstack/react-query";
import { MESSAGES } from "../../../../../shared/domain/validation-messages.ts";
import type { InboxCounts } from "../../../../../shared/schemas/inbox.ts";
import { adminApi } from "../../../../lib/api.ts";
import { inboxKeys } from "./list-inbox.ts";

/** `GET /api/admin/inbox/counts`: unread messages and enquiries, subscribers in total. */
export const getInboxCounts = (signal?: AbortSignal) =>
  adminApi.get<{ data: InboxCounts }>("/api/admin/inbox/counts", {
    signal,
    fallback: MESSAGES.ITEMS_FETCH_FAILED,
  });

/** The side menu's badge and the inbox tabs; refreshed every minute while a screen is open. */
export function useInboxCounts() {
  return useQuery({
    queryKey: inboxKeys.counts(),
    queryFn: ({ signal }) => getInboxCounts(signal).then((body) => body.data),
    refetchInterval: 60_000,
  });
}
