import type { OrderSource } from "../../../../shared/domain/order-sources.ts";
import type { OrderStatus } from "../../../../shared/domain/order-states.ts";
import type { PaymentStatus } from "../../../../shared/domain/payments.ts";
import { useTranslation } from "../../../i18n/translator.tsx";

/** Badge colours: Completed green, Canceled red, every other state yellow. */
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

/** Paid green, refunded grey, unpaid orange (beside the status badge, not like it). */
export function paymentTone(status: PaymentStatus): string {
  if (status === "paid" || status === "partially_refunded") return "bg-green-100 text-green-900";
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

/** Where the order came from; the team's own (phone, messaging, in person) stand out. */
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

/**
 * A gift order on the desk, a wrapped box and the word "Gift" (never colour alone),
 * so a screen reader and a glance both tell it apart.
 */
export function GiftMark() {
  const { t } = useTranslation("admin-orders");
  return (
    <span
      className="inline-flex items-center gap-1 rounded-full border border-gold bg-cream px-2 py-0.5 text-xs font-semibold text-brown"
      data-testid="order-gift"
    >
      <svg
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth={1.8}
        strokeLinecap="round"
        strokeLinejoin="round"
        className="size-4"
        aria-hidden="true"
      >
        <rect x="3" y="8" width="18" height="4" rx="1" />
        <path d="M5 12v8h14v-8M12 8v12M12 8c-1.5-3-5-4-5-1.5S10 8 12 8Zm0 0c1.5-3 5-4 5-1.5S14 8 12 8Z" />
      </svg>
      {t("gift.mark")}
    </span>
  );
}
