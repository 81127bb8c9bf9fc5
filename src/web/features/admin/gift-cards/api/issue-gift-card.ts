import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { GiftCardDto } from "../../../../../shared/schemas/gift-cards.ts";
import { adminApi } from "../../../../lib/api.ts";
import { refreshQueries } from "../../../../lib/query-client.tsx";
import { giftCardKeys } from "./list-gift-cards.ts";

export const GIFT_CARD_ISSUE_FAILED = "Failed to issue the gift card";

export type GiftCardIssueInput = {
  amount: string;
  recipient_email: string;
  note: string;
  lang: "en" | "ar";
};

/** `POST /api/admin/gift-cards`: the answer carries the code, shown this once. */
export const issueGiftCard = (input: GiftCardIssueInput) =>
  adminApi.post<{ data: GiftCardDto & { code: string } }>("/api/admin/gift-cards", input, {
    fallback: GIFT_CARD_ISSUE_FAILED,
  });

export function useIssueGiftCard() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: issueGiftCard,
    onSuccess: () => refreshQueries(client, giftCardKeys.all),
  });
}
