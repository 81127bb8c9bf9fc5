import type { OrderSource } from "../../../../shared/domain/order-sources.ts";
import type { OrderStatus } from "../../../../shared/domain/order-states.ts";
import type { PaymentStatus } from "../../../../shared/domain/payments.ts";
import { useTranslation } from "../../../i18n/translator.tsx";

/** SPEC's badge colours: Completed green, Canceled red, every other state yellow. */
export function statusTone(status: OrderStatus): string {
  if (status === "completed") return "bg-green-100 text-green-900";
  if (status === "canceled") return "bg-red-100 text-red-900";
  return "bg-yellow-100 text-yellow-900";
}

export function StatusBadge({ status }: { status: OrderStatus }) {
  const { t } = useTranslation("admin-orders");
  return (
    <span
      className={`inline-block rounded-full px-2 py-0.5 text-xs font-semibold ${statusTone(status)}`}
      data-testid="order-status"
      data-status={status}
    >
      {t(`status.${status}`)}
    </span>
  );
}

/** Issue 24: paid green, refunded grey, unpaid orange (beside the status badge, not like it). */
export function paymentTone(status: PaymentStatus): string {
  if (status === "paid") return "bg-green-100 text-green-900";
  if (status === "refunded") return "bg-gray-200 text-gray-900";
  return "bg-orange-100 text-orange-900";
}

export function PaymentBadge({ status }: { status: PaymentStatus }) {
  const { t } = useTranslation("admin-orders");
  return (
    <span
      className={`inline-block rounded-full px-2 py-0.5 text-xs font-semibold ${paymentTone(status)}`}
      data-testid="payment-status"
      data-status={status}
    >
      {t(`paymentStatus.${status}`)}
    </span>
  );
}

/** Issue 27: where the order came from; the team's own (phone, messaging, in person) stand out. */
export function SourceBadge({ source }: { source: OrderSource }) {
  const { t } = useTranslation("admin-orders");
  return (
    <span
      className={`inline-block rounded-full px-2 py-0.5 text-xs font-semibold ${
        source === "web" ? "bg-gray-100 text-gray-800" : "bg-blue-100 text-blue-900"
      }`}
      data-testid="order-source"
      data-source={source}
    >
      {t(`source.${source}`)}
    </span>
  );
}
