import { useQuery } from "@tanstack/react-query";
import type { CampaignDto } from "../../../../../shared/schemas/campaigns.ts";
import { adminApi } from "../../../../lib/api.ts";

export const CAMPAIGNS_LOAD_FAILED = "Failed to load the campaigns";

/** Keys of every campaigns query; mutations refresh `campaignKeys.all`. */
export const campaignKeys = {
  all: ["admin", "campaigns"] as const,
  one: (id: number) => [...campaignKeys.all, "one", id] as const,
  preview: (id: number) => [...campaignKeys.all, "preview", id] as const,
};

/** While a campaign goes out its counts move: the list asks again this often. */
const SENDING_REFRESH_MS = 5_000;

/** `GET /api/admin/campaigns`: the newest first, each with its counts. */
export const listCampaigns = (signal?: AbortSignal) =>
  adminApi.get<{ data: CampaignDto[] }>("/api/admin/campaigns", {
    signal,
    fallback: CAMPAIGNS_LOAD_FAILED,
  });

export const useCampaigns = () =>
  useQuery({
    queryKey: campaignKeys.all,
    queryFn: ({ signal }) => listCampaigns(signal),
    refetchInterval: (query) =>
      query.state.data?.data.some((c) => c.status === "sending" || c.status === "scheduled")
        ? SENDING_REFRESH_MS
        : false,
  });
