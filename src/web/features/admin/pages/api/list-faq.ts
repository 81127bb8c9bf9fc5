import { useQuery } from "@tanstack/react-query";
import { MESSAGES } from "../../../../../shared/domain/validation-messages.ts";
import type { FaqItemDto } from "../../../../../shared/schemas/content.ts";
import { adminApi } from "../../../../lib/api.ts";

/** Keys of every "Pages" query; mutations invalidate `contentKeys.all`. */
export const contentKeys = {
  all: ["admin", "content"] as const,
  faq: () => [...contentKeys.all, "faq"] as const,
  policies: () => [...contentKeys.all, "policies"] as const,
};

/** `GET /api/admin/content/faq`: every FAQ item in both languages, in order. */
export const listFaq = (signal?: AbortSignal) =>
  adminApi.get<{ data: FaqItemDto[] }>("/api/admin/content/faq", {
    signal,
    fallback: MESSAGES.ITEMS_FETCH_FAILED,
  });

export function useFaqItems() {
  return useQuery({
    queryKey: contentKeys.faq(),
    queryFn: ({ signal }) => listFaq(signal).then((body) => body.data),
  });
}
