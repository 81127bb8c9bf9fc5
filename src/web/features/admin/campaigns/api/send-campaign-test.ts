import { useMutation } from "@tanstack/react-query";
import { adminApi } from "../../../../lib/api.ts";

export const CAMPAIGN_TEST_FAILED = "Failed to send the test";

/** `POST /api/admin/campaigns/{id}/test`: both languages to the signed-in admin's own address. */
export const sendCampaignTest = (id: number) =>
  adminApi.post<{ data: { to: string } }>(`/api/admin/campaigns/${id}/test`, undefined, {
    fallback: CAMPAIGN_TEST_FAILED,
  });

export const useSendCampaignTest = () => useMutation({ mutationFn: sendCampaignTest });
