import { useMutation, useQueryClient } from "@tanstack/react-query";
import {
  CUSTOMER_MESSAGES,
  type CustomerNote,
  type CustomerNoteInput,
} from "../../../../../shared/schemas/admin-customers.ts";
import { adminApi } from "../../../../lib/api.ts";
import { refreshQueries } from "../../../../lib/query-client.tsx";
import { customerKeys } from "./list-customers.ts";

/** `POST /api/admin/customers/{key}/notes { body }`: a staff note, listed on the page. */
export function useAddCustomerNote(key: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: CustomerNoteInput) =>
      adminApi.post<{ data: CustomerNote }>(
        `/api/admin/customers/${encodeURIComponent(key)}/notes`,
        input,
        { fallback: CUSTOMER_MESSAGES.NOTE_FAILED },
      ),
    onSuccess: () => refreshQueries(client, customerKeys.detail(key)),
  });
}
