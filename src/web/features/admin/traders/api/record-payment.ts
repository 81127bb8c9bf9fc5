import { useMutation, useQueryClient } from "@tanstack/react-query";
import { MESSAGES } from "../../../../../shared/domain/validation-messages.ts";
import type { AdminOrderPaymentInput } from "../../../../../shared/schemas/admin-order.ts";
import { adminApi } from "../../../../lib/api.ts";
import { refreshQueries } from "../../../../lib/query-client.tsx";
import { traderKeys } from "./list-price-lists.ts";

/**
 * `POST /api/admin/orders/{id}/payments`: the payment a trader made against an order on
 * invoice, on the order's own payment record; paid in full, the order leaves the receivables.
 */
export const recordPayment = ({
  orderId,
  payment,
}: {
  orderId: number;
  payment: AdminOrderPaymentInput;
}) =>
  adminApi.post<unknown>(`/api/admin/orders/${orderId}/payments`, payment, {
    fallback: MESSAGES.UPDATE_FAILED,
  });

export function useRecordPayment() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: recordPayment,
    onSuccess: () => refreshQueries(client, traderKeys.all),
  });
}
