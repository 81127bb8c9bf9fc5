import { useMutation, useQueryClient } from "@tanstack/react-query";
import { adminApi } from "../../../../lib/api.ts";
import { orderKeys } from "./list-orders.ts";

export const LINK_FAILED = "The payment link could not be created.";

export type PaymentLink = { url: string; expires_at: string; amount: number; emailed: boolean };

/**
 * `POST /api/admin/orders/:id/payment-link`: a card page for what the order owes, e-mailed to
 * the customer when asked. The order is read again: it now shows the open page.
 */
export function useCreatePaymentLink(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { send_email: boolean }) =>
      adminApi
        .post<{ data: PaymentLink }>(`/api/admin/orders/${id}/payment-link`, input, {
          fallback: LINK_FAILED,
        })
        .then((body) => body.data),
    onSuccess: () => void client.invalidateQueries({ queryKey: orderKeys.detail(id) }),
  });
}
