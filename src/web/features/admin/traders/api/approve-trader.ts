import { useMutation, useQueryClient } from "@tanstack/react-query";
import { MESSAGES } from "../../../../../shared/domain/validation-messages.ts";
import type { TraderDto } from "../../../../../shared/schemas/traders.ts";
import { adminApi } from "../../../../lib/api.ts";
import { refreshQueries } from "../../../../lib/query-client.tsx";
import { inboxKeys } from "../../inbox/api/list-inbox.ts";
import { traderKeys } from "./list-price-lists.ts";

export type ApproveTrader = {
  enquiryId: number;
  terms: { price_list_id: number | null; terms_days: number; credit_limit: number };
};

/** `POST /api/admin/inbox/{id}/approve-trader`: the account, and its invitation e-mail. */
export const approveTrader = ({ enquiryId, terms }: ApproveTrader) =>
  adminApi.post<{ data: TraderDto }>(`/api/admin/inbox/${enquiryId}/approve-trader`, terms, {
    fallback: MESSAGES.UPDATE_FAILED,
  });

export function useApproveTrader() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: approveTrader,
    onSuccess: async () => {
      await refreshQueries(client, inboxKeys.all);
      await refreshQueries(client, traderKeys.all);
    },
  });
}
