import { useQuery } from "@tanstack/react-query";
import type { GiftCardOfferDto } from "../../../../../shared/schemas/gift-cards.ts";
import { adminApi } from "../../../../lib/api.ts";
import { giftCardKeys } from "./list-gift-cards.ts";

export const GIFT_CARD_OFFER_LOAD_FAILED = "Failed to load the gift card offer";

export const giftCardOfferKey = [...giftCardKeys.all, "offer"] as const;

/** `GET /api/admin/gift-cards/offer`: the amounts the storefront sells, and the custom limits. */
export const getGiftCardOffer = (signal?: AbortSignal) =>
  adminApi
    .get<{ data: GiftCardOfferDto }>("/api/admin/gift-cards/offer", {
      signal,
      fallback: GIFT_CARD_OFFER_LOAD_FAILED,
    })
    .then((body) => body.data);

export const useGiftCardOffer = (enabled: boolean) =>
  useQuery({
    queryKey: giftCardOfferKey,
    queryFn: ({ signal }) => getGiftCardOffer(signal),
    enabled,
  });
