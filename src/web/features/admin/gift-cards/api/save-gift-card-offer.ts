import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { GiftCardOfferDto } from "../../../../../shared/schemas/gift-cards.ts";
import { adminApi } from "../../../../lib/api.ts";
import { refreshQueries } from "../../../../lib/query-client.tsx";
import { giftCardOfferKey } from "./get-gift-card-offer.ts";

export const GIFT_CARD_OFFER_SAVE_FAILED = "Failed to save the gift card offer";

/** `PUT /api/admin/gift-cards/offer` (dollars; null limits = no custom amount). */
export const saveGiftCardOffer = (input: GiftCardOfferDto) =>
  adminApi.put<{ data: GiftCardOfferDto }>("/api/admin/gift-cards/offer", input, {
    fallback: GIFT_CARD_OFFER_SAVE_FAILED,
  });

export function useSaveGiftCardOffer() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveGiftCardOffer,
    onSuccess: () => refreshQueries(client, giftCardOfferKey),
  });
}
