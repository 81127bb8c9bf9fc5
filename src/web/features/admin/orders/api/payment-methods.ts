import { useQuery } from "@tanstack/react-query";
import type { PaymentMethod } from "../../../../../shared/domain/payments.ts";
import { apiGet } from "../../../../lib/api.ts";

/** The methods the shop offers now (`GET /api/settings`: card only with a gateway). */
export function usePaymentMethods() {
  return useQuery({
    queryKey: ["admin", "new-order", "payment-methods"] as const,
    queryFn: ({ signal }) =>
      apiGet<{ data: { payment_methods: PaymentMethod[] } }>("/api/settings", { signal }).then(
        (answer) => answer.data?.payment_methods ?? [],
      ),
    staleTime: 60_000,
  });
}
