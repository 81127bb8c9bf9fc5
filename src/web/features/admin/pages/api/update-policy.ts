import { useMutation, useQueryClient } from "@tanstack/react-query";
import { MESSAGES } from "../../../../../shared/domain/validation-messages.ts";
import type {
  PolicySectionDto,
  PolicySectionInput,
} from "../../../../../shared/schemas/content.ts";
import { adminApi } from "../../../../lib/api.ts";
import { refreshQueries } from "../../../../lib/query-client.tsx";
import { contentKeys } from "./list-faq.ts";

/** `PUT /api/admin/content/policies/{id}`. */
export const updatePolicy = ({ id, input }: { id: number; input: PolicySectionInput }) =>
  adminApi.put<{ data: PolicySectionDto }>(`/api/admin/content/policies/${id}`, input, {
    fallback: MESSAGES.UPDATE_FAILED,
  });

export function useUpdatePolicy() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updatePolicy,
    onSuccess: () => refreshQueries(client, contentKeys.all),
  });
}
