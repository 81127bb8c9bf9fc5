import { useQuery } from "@tanstack/react-query";
import type { CampaignPreview } from "../../../../../shared/schemas/campaigns.ts";
import { adminApi } from "../../../../lib/api.ts";
import { campaignKeys } from "./list-campaigns.ts";

export const CAMPAIGN_PREVIEW_FAILED = "Failed to load the preview";

/** `GET /api/admin/campaigns/{id}/preview`: the e-mail as each language's subscribers get it. */
export const previewCampaign = (id: number, signal?: AbortSignal) =>
  adminApi.get<{ data: CampaignPreview }>(`/api/admin/campaigns/${id}/preview`, {
    signal,
    fallback: CAMPAIGN_PREVIEW_FAILED,
  });

/** Asked for only when the owner opens the preview (`enabled`), never kept stale after a save. */
export const useCampaignPreview = (id: number, enabled: boolean) =>
  useQuery({
    queryKey: campaignKeys.preview(id),
    queryFn: ({ signal }) => previewCampaign(id, signal),
    enabled,
    staleTime: 0,
  });
