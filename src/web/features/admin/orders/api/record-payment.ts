import { useMutation, useQueryClient } from "@tanstack/react-query";
import type {
  AdminOrderDetail,
  AdminOrderRefundInput,
} from "../../../../../shared/schemas/admin-order.ts";
import { adminApi } from "../../../../lib/api.ts";
import { refreshQueries } from "../../../../lib/query-client.tsx";
import { orderKeys } from "./list-orders.ts";

export const MARK_PAID_FAILED = "The payment could not be recorded.";
export const REFUND_FAILED = "The refund could not be recorded.";

/** What the mark-paid form sends: dollars, the day the money came (YYYY-MM-DD), a note. */
export type PaymentRecord = { amount: number; paid_at?: string; note?: string | null };

/** The answer is the whole order: the detail, the list (badge, filter) and the dashboard move. */
function useOrderWrite<T>(id: number, write: (input: T) => Promise<{ data: AdminOrderDetail }>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: (body) => {
      client.setQueryData(orderKeys.detail(id), body.data);
      void refreshQueries(client, orderKeys.lists, ["admin", "dashboard"]);
    },
  });
}

/** `POST /api/admin/orders/:id/payments`: cash collected or a transfer received. */
export function useMarkPaid(id: number) {
  return useOrderWrite(id, (payment: PaymentRecord) =>
    adminApi.post<{ data: AdminOrderDetail }>(`/api/admin/orders/${id}/payments`, payment, {
      fallback: MARK_PAID_FAILED,
    }),
  );
}

/**
 * `POST /api/admin/orders/:id/refund`: everything received, an amount or chosen lines; `key`
 * is the request's Idempotency-Key, so a retry refunds once.
 */
export function useRefundOrder(id: number) {
  return useOrderWrite(id, ({ body, key }: { body: AdminOrderRefundInput; key: string }) =>
    adminApi.post<{ data: AdminOrderDetail }>(`/api/admin/orders/${id}/refund`, body ?? {}, {
      fallback: REFUND_FAILED,
      headers: { "idempotency-key": key },
    }),
  );
}
