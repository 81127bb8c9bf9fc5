import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { CampaignDto } from "../../../../../shared/schemas/campaigns.ts";
import { adminApi } from "../../../../lib/api.ts";
import { refreshQueries } from "../../../../lib/query-client.tsx";
import { campaignKeys } from "./list-campaigns.ts";

export const CAMPAIGN_SEND_FAILED = "Failed to send the campaign";

/** `POST /api/admin/campaigns/{id}/send` `{ at? }`: now, or scheduled for `at` (ISO time). */
export const sendCampaign = ({ id, at }: { id: number; at?: string }) =>
  adminApi.post<{ data: CampaignDto }>(`/api/admin/campaigns/${id}/send`, at ? { at } : {}, {
    fallback: CAMPAIGN_SEND_FAILED,
  });

export function useSendCampaign() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: sendCampaign,
    onSuccess: (sent) => refreshQueries(client, campaignKeys.all, campaignKeys.one(sent.data.id)),
  });
}
