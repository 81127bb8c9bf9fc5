import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { CampaignDto, CampaignInput } from "../../../../../shared/schemas/campaigns.ts";
import { adminApi } from "../../../../lib/api.ts";
import { refreshQueries } from "../../../../lib/query-client.tsx";
import { campaignKeys } from "./list-campaigns.ts";

export const CAMPAIGN_SAVE_FAILED = "Failed to save the campaign";

/** `POST /api/admin/campaigns` (no id) or `PUT /api/admin/campaigns/{id}` (a draft only). */
export const saveCampaign = ({ id, input }: { id: number | null; input: CampaignInput }) =>
  id === null
    ? adminApi.post<{ data: CampaignDto }>("/api/admin/campaigns", input, {
        fallback: CAMPAIGN_SAVE_FAILED,
      })
    : adminApi.put<{ data: CampaignDto }>(`/api/admin/campaigns/${id}`, input, {
        fallback: CAMPAIGN_SAVE_FAILED,
      });

export function useSaveCampaign() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveCampaign,
    onSuccess: (saved) => refreshQueries(client, campaignKeys.all, campaignKeys.one(saved.data.id)),
  });
}
