import { useQuery } from "@tanstack/react-query";
import type { PromotionDto } from "../../../../../shared/schemas/promotions.ts";
import { adminApi } from "../../../../lib/api.ts";

export const PROMOTIONS_LOAD_FAILED = "Failed to load the promotions";

/** Keys of every promotions query; mutations refresh `promotionKeys.all`. */
export const promotionKeys = {
  all: ["admin", "promotions"] as const,
};

/** `GET /api/admin/promotions`: every rule, the standing cart discount first. */
export const listPromotions = (signal?: AbortSignal) =>
  adminApi.get<{ data: PromotionDto[] }>("/api/admin/promotions", {
    signal,
    fallback: PROMOTIONS_LOAD_FAILED,
  });

export const usePromotions = () =>
  useQuery({ queryKey: promotionKeys.all, queryFn: ({ signal }) => listPromotions(signal) });
