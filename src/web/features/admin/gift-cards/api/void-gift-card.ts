import { useMutation, useQueryClient } from "@tanstack/react-query";
import { adminApi } from "../../../../lib/api.ts";
import { refreshQueries } from "../../../../lib/query-client.tsx";
import { giftCardKeys } from "./list-gift-cards.ts";

export const GIFT_CARD_VOID_FAILED = "Failed to void the gift card";

/** `POST /api/admin/gift-cards/{id}/void`: what is left is written off. */
export const voidGiftCard = (id: number) =>
  adminApi.post<unknown>(`/api/admin/gift-cards/${id}/void`, undefined, {
    fallback: GIFT_CARD_VOID_FAILED,
  });

export function useVoidGiftCard() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: voidGiftCard,
    onSuccess: () => refreshQueries(client, giftCardKeys.all),
  });
}
