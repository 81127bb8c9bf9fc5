import { useQuery } from "@tanstack/react-query";
import { MESSAGES } from "../../../../../shared/domain/validation-messages.ts";
import type { PolicySectionDto } from "../../../../../shared/schemas/content.ts";
import { adminApi } from "../../../../lib/api.ts";
import { contentKeys } from "./list-faq.ts";

/** `GET /api/admin/content/policies`: every policy page's sections in both languages. */
export const listPolicies = (signal?: AbortSignal) =>
  adminApi.get<{ data: PolicySectionDto[] }>("/api/admin/content/policies", {
    signal,
    fallback: MESSAGES.ITEMS_FETCH_FAILED,
  });

export function usePolicySections() {
  return useQuery({
    queryKey: contentKeys.policies(),
    queryFn: ({ signal }) => listPolicies(signal).then((body) => body.data),
  });
}
