import { useQuery } from "@tanstack/react-query";
import type { CampaignDto } from "../../../../../shared/schemas/campaigns.ts";
import { adminApi } from "../../../../lib/api.ts";
import { CAMPAIGNS_LOAD_FAILED, campaignKeys } from "./list-campaigns.ts";

/** While it goes out (or waits for its time) the counts are asked for again this often. */
const SENDING_REFRESH_MS = 3_000;

/** `GET /api/admin/campaigns/{id}`: one campaign with its sent, failed and unsubscribed counts. */
export const getCampaign = (id: number, signal?: AbortSignal) =>
  adminApi.get<{ data: CampaignDto }>(`/api/admin/campaigns/${id}`, {
    signal,
    fallback: CAMPAIGNS_LOAD_FAILED,
  });

export const useCampaign = (id: number | null) =>
  useQuery({
    queryKey: campaignKeys.one(id ?? 0),
    queryFn: ({ signal }) => getCampaign(id ?? 0, signal),
    enabled: id !== null,
    refetchInterval: (query) => {
      const status = query.state.data?.data.status;
      return status === "sending" || status === "scheduled" ? SENDING_REFRESH_MS : false;
    },
  });
