import { useMutation } from "@tanstack/react-query";
import { adminApi } from "../../../../lib/api.ts";

export const MESSAGE_FAILED = "The message could not be prepared.";

export type CustomerMessage = {
  text: string;
  /** The customer's number in international digits; null when it cannot be made one. */
  phone: string | null;
  link: string;
  lang: "en" | "ar";
};

/**
 * `POST /api/admin/orders/:id/message`: the messaging-app text for the customer
 * in the order's language, with a newly issued private link (hence a POST, asked on demand).
 */
export function useCustomerMessage(id: number) {
  return useMutation({
    mutationFn: () =>
      adminApi
        .post<{ data: CustomerMessage }>(`/api/admin/orders/${id}/message`, undefined, {
          fallback: MESSAGE_FAILED,
        })
        .then((res) => res.data),
  });
}
