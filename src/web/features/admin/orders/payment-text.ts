import { useCallback } from "react";
import { ORDER_CHANGE_MESSAGES } from "../../../../shared/domain/order-changes.ts";
import { PAYMENT_MESSAGES } from "../../../../shared/domain/payments.ts";
import { useMessageText } from "../../../components/form/messages.ts";
import { useTranslation } from "../../../i18n/translator.tsx";
import { MARK_PAID_FAILED, REFUND_FAILED } from "./api/record-payment.ts";

/** The payment rules' English sentences (server and form) -> their keys in `admin-orders`. */
const KEYS = new Map<string, string>([
  ...Object.entries(PAYMENT_MESSAGES).map(([id, english]) => [english, id] as [string, string]),
  ...Object.entries(ORDER_CHANGE_MESSAGES).map(
    ([id, english]) => [english, id] as [string, string],
  ),
  [MARK_PAID_FAILED, "MARK_PAID_FAILED"],
  [REFUND_FAILED, "REFUND_FAILED"],
]);

/**
 * The payment dialogs' messages in the admin's language. Only these screens show
 * them, so they live in this screen's namespace; anything else goes through the one
 * translator (`useMessageText`).
 */
export function usePaymentText(): (message: string | null | undefined) => string {
  const { t } = useTranslation("admin-orders");
  const text = useMessageText();
  return useCallback(
    (message) => {
      if (!message) return "";
      const key = KEYS.get(message);
      return key ? t(`paymentErrors.${key}`, { defaultValue: message }) : text(message);
    },
    [t, text],
  );
}
