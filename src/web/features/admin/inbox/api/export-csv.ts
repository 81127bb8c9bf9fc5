import { useMutation } from "@tanstack/react-query";
import { MESSAGES } from "../../../../../shared/domain/validation-messages.ts";
import { adminApi } from "../../../../lib/api.ts";
import { withQuery } from "../../../../lib/paths.ts";
import {
  INBOX_LISTS,
  type InboxList,
  type InboxListQuery,
  inboxQueryString,
} from "./list-inbox.ts";

/**
 * `GET /api/admin/...?format=csv` (UTF-8 with a BOM), saved under the server's file name.
 */
export function exportInboxCsv(list: InboxList, query: InboxListQuery): Promise<string> {
  const { page: _page, per_page: _perPage, ...filters } = query;
  const url = withQuery(INBOX_LISTS[list], { ...inboxQueryString(filters), format: "csv" });
  return adminApi.download(url, `${list}.csv`, { fallback: MESSAGES.ITEMS_FETCH_FAILED });
}

export function useExportInboxCsv() {
  return useMutation({
    mutationFn: ({ list, query }: { list: InboxList; query: InboxListQuery }) =>
      exportInboxCsv(list, query),
  });
}
