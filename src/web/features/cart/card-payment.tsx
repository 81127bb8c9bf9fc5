import { useState } from "react";
import type { OrderDto } from "../../../shared/schemas/order.ts";
import { useTranslation } from "../../i18n/translator.tsx";
import { ApiError, apiPost } from "../../lib/api.ts";
import { withQuery } from "../../lib/paths.ts";
import { readCustomerToken } from "./customer-session.ts";
import { isPaymentLink } from "./payment-link.ts";

/** What the private order page says about the money, beside the order's status. */
export type PaymentState =
  | "paid"
  | "refunded"
  | "partially_refunded"
  | "balance_due"
  | "waiting"
  | "unpaid";

export function paymentState(
  order: Pick<OrderDto, "payment_status" | "payment_method" | "status">,
): PaymentState {
  if (order.payment_status !== "unpaid") return order.payment_status;
  return order.payment_method === "card" && order.status === "pending" ? "waiting" : "unpaid";
}

/** `POST /api/orders/:number/payment-session`: a card payment page for the order. */
export async function openPaymentPage(
  number: string,
  accessKey: string | null,
): Promise<{ ok: true; order: OrderDto } | { ok: false; status: number }> {
  try {
    const body = await apiPost<{ data?: OrderDto }>(
      withQuery(`/api/orders/${encodeURIComponent(number)}/payment-session`, { key: accessKey }),
      undefined,
      { token: readCustomerToken() },
    );
    return body?.data ? { ok: true, order: body.data } : { ok: false, status: 500 };
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return { ok: false, status: error.status };
  }
}

/**
 * A card order still waiting for its payment: the gateway's page while it is open ("Pay
 * now"), else a button that opens a new one. The order is marked paid only by the gateway's
 * verified event, never by coming back here; `returned` says the shopper just came back.
 */
export function CardPayment({
  order,
  accessKey,
  returned,
  onOrder,
}: {
  order: OrderDto;
  accessKey: string | null;
  returned: boolean;
  onOrder: (order: OrderDto) => void;
}) {
  const { t } = useTranslation("checkout");
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const link = isPaymentLink(order.payment_url) ? order.payment_url : null;

  async function retry() {
    setBusy(true);
    setProblem(null);
    const result = await openPaymentPage(order.number, accessKey);
    if (result.ok) {
      onOrder(result.order);
      if (isPaymentLink(result.order.payment_url)) {
        window.location.assign(result.order.payment_url);
        return;
      }
    }
    setBusy(false);
    setProblem(
      result.ok
        ? t("order.card.failed")
        : t(result.status === 503 ? "order.card.unavailable" : "order.card.failed"),
    );
  }

  return (
    <section
      aria-labelledby="card-payment-title"
      className="mt-6 rounded-xl border border-gold bg-white p-4"
      data-testid="card-payment"
    >
      <h2 id="card-payment-title" className="font-bold text-brown">
        {t("order.card.title")}
      </h2>
      {returned ? (
        <p className="mt-2" role="status" data-testid="card-returned">
          {t("order.card.returned")}
        </p>
      ) : null}
      <p className="mt-2 text-sm text-muted">{t("order.card.hint")}</p>
      {link ? (
        <a href={link} className="btn btn-primary mt-3" data-testid="pay-now">
          {t("order.card.payNow")}
        </a>
      ) : (
        <>
          <p className="mt-2">{t("order.card.closed")}</p>
          <button
            type="button"
            className="btn btn-primary mt-3"
            onClick={() => void retry()}
            disabled={busy}
            data-testid="pay-retry"
          >
            {busy ? t("order.card.retrying") : t("order.card.retry")}
          </button>
        </>
      )}
      {problem ? (
        <p className="mt-2 text-sm text-red-700" role="alert">
          {problem}
        </p>
      ) : null}
    </section>
  );
}
