import { useMutation } from "@tanstack/react-query";
import { MESSAGES } from "../../../../../shared/domain/validation-messages.ts";
import { adminApi } from "../../../../lib/api.ts";

/** `POST /api/admin/receivables/{id}/reminder`: e-mails the trader what it owes. */
export const sendReminder = (id: number) =>
  adminApi.post<{ data: { queued: true } }>(`/api/admin/receivables/${id}/reminder`, undefined, {
    fallback: MESSAGES.UPDATE_FAILED,
  });

export function useSendReminder() {
  return useMutation({ mutationFn: sendReminder });
}
