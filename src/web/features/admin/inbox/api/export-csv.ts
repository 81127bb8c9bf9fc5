import { useMutation } from "@tanstack/react-query";
import { MESSAGES } from "../../../../../shared/domain/validation-messages.ts";
import { readAdminSession } from "../../../../lib/admin-session.ts";
import { ApiError } from "../../../../lib/api.ts";
import { withQuery } from "../../../../lib/paths.ts";
import {
  INBOX_LISTS,
  type InboxList,
  type InboxListQuery,
  inboxQueryString,
} from "./list-inbox.ts";

/**
 * `GET /api/admin/...?format=csv`: the file needs the admin token, so it is fetched and handed
 * to the browser as a download under the server's own file name (UTF-8 with a BOM).
 */
export async function exportInboxCsv(list: InboxList, query: InboxListQuery): Promise<string> {
  const { page: _page, per_page: _perPage, ...filters } = query;
  const url = withQuery(INBOX_LISTS[list], { ...inboxQueryString(filters), format: "csv" });
  const token = readAdminSession()?.token;
  const response = await fetch(url, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  }).catch((error: Error) => {
    throw new ApiError(0, error.message || MESSAGES.ITEMS_FETCH_FAILED);
  });
  if (!response.ok) throw new ApiError(response.status, MESSAGES.ITEMS_FETCH_FAILED);
  const name =
    /filename="([^"]+)"/.exec(response.headers.get("content-disposition") ?? "")?.[1] ??
    `${list}.csv`;
  const href = URL.createObjectURL(await response.blob());
  const link = document.createElement("a");
  link.href = href;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
  return name;
}

export function useExportInboxCsv() {
  return useMutation({
    mutationFn: ({ list, query }: { list: InboxList; query: InboxListQuery }) =>
      exportInboxCsv(list, query),
  });
}
