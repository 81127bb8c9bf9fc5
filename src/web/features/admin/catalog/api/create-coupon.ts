import { useMutation, useQueryClient } from "@tanstack/react-query";
import { MESSAGES } from "../../../../../shared/domain/validation-messages.ts";
import type { AdminCoupon, CouponValues } from "../../../../../shared/schemas/admin-catalog.ts";
import { adminApi } from "../../../../lib/api.ts";
import { refreshQueries } from "../../../../lib/query-client.tsx";
import { couponKeys } from "./list-coupons.ts";

/** `POST /api/admin/copouns`. */
export const createCoupon = (input: CouponValues) =>
  adminApi.post<{ data: AdminCoupon }>("/api/admin/copouns", input, {
    fallback: MESSAGES.COUPON_ADD_FAILED,
  });

export function useCreateCoupon() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createCoupon,
    onSuccess: () => refreshQueries(client, couponKeys.all),
  });
}
