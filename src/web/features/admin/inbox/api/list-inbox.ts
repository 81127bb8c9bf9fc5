import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { MESSAGES } from "../../../../../shared/domain/validation-messages.ts";
import type {
  ContactMessageDto,
  InboxStatus,
  SubscriberDto,
  TraderEnquiryDto,
} from "../../../../../shared/schemas/inbox.ts";
import { adminApi } from "../../../../lib/api.ts";
import { withQuery } from "../../../../lib/paths.ts";

/** The inbox's three lists, each its own admin endpoint with the same paging and search. */
export const INBOX_LISTS = {
  messages: "/api/admin/contact-messages",
  enquiries: "/api/admin/trader-enquiries",
  subscribers: "/api/admin/subscribers",
} as const;
export type InboxList = keyof typeof INBOX_LISTS;

export type InboxRow = {
  messages: ContactMessageDto;
  enquiries: TraderEnquiryDto;
  subscribers: SubscriberDto;
};

export type InboxListQuery = {
  q: string;
  status: InboxStatus | "";
  page: number;
  per_page: number;
};
export type InboxPage<L extends InboxList> = {
  data: InboxRow[L][];
  meta: { page: number; per_page: number; total: number; last_page: number };
};

/** Keys of every inbox query; mutations invalidate `inboxKeys.all` (lists and counts). */
export const inboxKeys = {
  all: ["admin", "inbox"] as const,
  list: (list: InboxList, query: InboxListQuery) =>
    [...inboxKeys.all, "list", list, query] as const,
  counts: () => [...inboxKeys.all, "counts"] as const,
};

/** The query string the list and its CSV export share (empty filters left out). */
export const inboxQueryString = (query: Partial<InboxListQuery>) => ({
  ...(query.q ? { q: query.q } : {}),
  ...(query.status ? { status: query.status } : {}),
  ...(query.page ? { page: query.page } : {}),
  ...(query.per_page ? { per_page: query.per_page } : {}),
});

/** `GET /api/admin/{contact-messages|trader-enquiries|subscribers}?q=&status=&page=&per_page=`. */
export const listInbox = <L extends InboxList>(
  list: L,
  query: InboxListQuery,
  signal?: AbortSignal,
) =>
  adminApi.get<InboxPage<L>>(withQuery(INBOX_LISTS[list], inboxQueryString(query)), {
    signal,
    fallback: MESSAGES.ITEMS_FETCH_FAILED,
  });

export function useInboxList<L extends InboxList>(list: L, query: InboxListQuery) {
  return useQuery({
    queryKey: inboxKeys.list(list, query),
    queryFn: ({ signal }) => listInbox(list, query, signal),
    placeholderData: keepPreviousData,
  });
}
