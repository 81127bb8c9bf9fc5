import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { MESSAGES } from "../../../../../shared/domain/validation-messages.ts";
import type { AdminCoupon } from "../../../../../shared/schemas/admin-catalog.ts";
import { adminApi } from "../../../../lib/api.ts";
import { withQuery } from "../../../../lib/paths.ts";

export type CouponListQuery = { search: string; page: number; per_page: number };
export type CouponPage = {
  data: AdminCoupon[];
  meta: { page: number; per_page: number; total: number; last_page: number };
};

/** Keys of every coupons query; mutations invalidate `couponKeys.all`. */
export const couponKeys = {
  all: ["admin", "coupons"] as const,
  list: (query: CouponListQuery) => [...couponKeys.all, "list", query] as const,
};

/** `GET /api/admin/copouns?search=&page=&per_page=`. */
export const listCoupons = (query: CouponListQuery, signal?: AbortSignal) =>
  adminApi.get<CouponPage>(withQuery("/api/admin/copouns", query), {
    signal,
    fallback: MESSAGES.COUPONS_FETCH_FAILED,
  });

export function useCoupons(query: CouponListQuery) {
  return useQuery({
    queryKey: couponKeys.list(query),
    queryFn: ({ signal }) => listCoupons(query, signal),
    // A new search keeps the old rows on screen until the answer arrives.
    placeholderData: keepPreviousData,
  });
}
