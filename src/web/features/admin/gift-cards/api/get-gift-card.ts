import { useQuery } from "@tanstack/react-query";
import type { GiftCardDto, GiftCardEntryDto } from "../../../../../shared/schemas/gift-cards.ts";
import { adminApi } from "../../../../lib/api.ts";
import { GIFT_CARDS_LOAD_FAILED, giftCardKeys } from "./list-gift-cards.ts";

export type GiftCardDetail = GiftCardDto & { entries: GiftCardEntryDto[] };

/** `GET /api/admin/gift-cards/{id}`: the card and its ledger. */
export const getGiftCard = (id: number, signal?: AbortSignal) =>
  adminApi
    .get<{ data: GiftCardDetail }>(`/api/admin/gift-cards/${id}`, {
      signal,
      fallback: GIFT_CARDS_LOAD_FAILED,
    })
    .then((body) => body.data);

export const useGiftCard = (id: number | null) =>
  useQuery({
    queryKey: giftCardKeys.one(id ?? 0),
    queryFn: ({ signal }) => getGiftCard(id!, signal),
    enabled: id !== null,
  });
