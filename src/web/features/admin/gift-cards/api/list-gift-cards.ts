import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { GiftCardDto } from "../../../../../shared/schemas/gift-cards.ts";
import { adminApi } from "../../../../lib/api.ts";
import { withQuery } from "../../../../lib/paths.ts";

export const GIFT_CARDS_LOAD_FAILED = "Failed to load the gift cards";

/** Keys of every gift card query; mutations refresh `giftCardKeys.all`. */
export const giftCardKeys = {
  all: ["admin", "gift-cards"] as const,
  list: (lastFour: string) => [...giftCardKeys.all, "list", lastFour] as const,
  one: (id: number) => [...giftCardKeys.all, "one", id] as const,
};

/** `GET /api/admin/gift-cards?last_four=`: the newest 100, or those ending in the four. */
export const listGiftCards = (lastFour: string, signal?: AbortSignal) =>
  adminApi.get<{ data: GiftCardDto[] }>(
    withQuery("/api/admin/gift-cards", lastFour ? { last_four: lastFour } : {}),
    { signal, fallback: GIFT_CARDS_LOAD_FAILED },
  );

export const useGiftCards = (lastFour: string) =>
  useQuery({
    queryKey: giftCardKeys.list(lastFour),
    queryFn: ({ signal }) => listGiftCards(lastFour, signal),
    placeholderData: keepPreviousData,
  });
