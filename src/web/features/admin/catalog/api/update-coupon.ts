import { useMutation, useQueryClient } from "@tanstack/react-query";
import { MESSAGES } from "../../../../../shared/domain/validation-messages.ts";
import type { AdminCoupon, CouponValues } from "../../../../../shared/schemas/admin-catalog.ts";
import { auditKeys } from "../../../../components/admin/record-history.tsx";
import { adminApi } from "../../../../lib/api.ts";
import { refreshQueries } from "../../../../lib/query-client.tsx";
import { couponKeys } from "./list-coupons.ts";

/** `PUT /api/admin/copouns/{id}`. */
export const updateCoupon = ({ id, input }: { id: number; input: CouponValues }) =>
  adminApi.put<{ data: AdminCoupon }>(`/api/admin/copouns/${id}`, input, {
    fallback: MESSAGES.COUPON_UPDATE_FAILED,
  });

export function useUpdateCoupon() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateCoupon,
    onSuccess: (_data, { id }) =>
      refreshQueries(client, couponKeys.all, auditKeys.record("coupon", id)),
  });
}
