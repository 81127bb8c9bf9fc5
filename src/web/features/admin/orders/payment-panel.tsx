import { useState } from "react";
import { formatDateTime } from "../../../../shared/domain/date-format.ts";
import { markPaidRefusal, refundRefusal } from "../../../../shared/domain/payments.ts";
import type { AdminOrderDetail } from "../../../../shared/schemas/admin-order.ts";
import { Price } from "../../../components/ui/price.tsx";
import { useTranslation } from "../../../i18n/translator.tsx";
import { useLang } from "../../../lib/bilingual.ts";
import { useReceiptUrl } from "./api/get-receipt.ts";
import { usePaymentMethods } from "./api/payment-methods.ts";
import { MarkPaidDialog } from "./mark-paid-dialog.tsx";
import { PaymentLinkBox, RefundDialog } from "./order-changes.tsx";
import { PaymentBadge } from "./status-badge.tsx";

type Receipt = AdminOrderDetail["receipts"][number];

/**
 * How the order is paid and whether the money came: the owner marks it paid (cash
 * collected, transfer received) or refunds a paid one; a bank transfer's receipts are here.
 */
export function PaymentPanel({ order }: { order: AdminOrderDetail }) {
  const { t } = useTranslation(["admin-orders", "messages"]);
  const lang = useLang();
  const methods = usePaymentMethods();
  const [paying, setPaying] = useState(false);
  const [refunding, setRefunding] = useState(false);
  const canPay = markPaidRefusal(order.status, order.payment_status) === null;
  const canRefund = refundRefusal(order.payment_status) === null;

  return (
    <section className="rounded-lg border border-line bg-white p-4" data-testid="order-payment">
      <h2 className="mb-2 font-bold">{t("paymentTitle")}</h2>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
        <dt>{t("payment")}</dt>
        <dd>{t(`payment_method.${order.payment_method}`)}</dd>
        <dt>{t("paymentStatus.label")}</dt>
        <dd>
          <PaymentBadge status={order.payment_status} />
        </dd>
        {order.paid_amount !== null ? (
          <>
            <dt>{t("paidAmount")}</dt>
            <dd data-testid="paid-amount">
              <Price amount={order.paid_amount} lang={lang} />
            </dd>
          </>
        ) : null}
        {order.paid_at ? (
          <>
            <dt>{t("paidAt")}</dt>
            <dd>
              <bdi dir="ltr">{formatDateTime(order.paid_at, lang)}</bdi>
            </dd>
          </>
        ) : null}
      </dl>
      {order.refunded_amount > 0 ? (
        <p className="mt-1">
          {t("refundedAmount")}:{" "}
          <span data-testid="refunded-amount">
            <Price amount={order.refunded_amount} lang={lang} />
          </span>
        </p>
      ) : null}
      <PaymentLinkBox order={order} cardOffered={methods.data?.includes("card") ?? false} />
      {canPay || canRefund ? (
        <div className="mt-3 flex flex-wrap gap-2">
          {canPay ? (
            <button
              type="button"
              className="btn btn-primary"
              onClick={() => setPaying(true)}
              data-testid="mark-paid"
            >
              {t("markPaid.open")}
            </button>
          ) : null}
          {canRefund ? (
            <button
              type="button"
              className="btn px-3 text-red-700 hover:bg-red-50"
              onClick={() => setRefunding(true)}
              data-testid="refund"
            >
              {t("refund.open")}
            </button>
          ) : null}
        </div>
      ) : null}
      {/* Receipts prove a bank transfer; a card or cash order has none to wait for. */}
      {order.payment_method === "bank_transfer" || order.receipts.length > 0 ? (
        <Receipts receipts={order.receipts} />
      ) : null}
      <MarkPaidDialog
        orderId={order.id}
        orderNumber={order.number}
        total={order.total}
        open={paying}
        onOpenChange={setPaying}
      />
      <RefundDialog order={order} open={refunding} onOpenChange={setRefunding} />
    </section>
  );
}

/** The customer's transfer receipts (oldest first): a photo's thumbnail or a PDF's link. */
function Receipts({ receipts }: { receipts: readonly Receipt[] }) {
  const { t } = useTranslation("admin-orders");
  return (
    <div className="mt-4" data-testid="order-receipts">
      <h3 className="mb-2 font-semibold">{t("receipts.title")}</h3>
      {receipts.length === 0 ? (
        <p className="text-sm text-muted">{t("receipts.none")}</p>
      ) : (
        <ul className="flex flex-wrap gap-3">
          {receipts.map((receipt, i) => (
            <ReceiptItem key={receipt.id} receipt={receipt} index={i + 1} />
          ))}
        </ul>
      )}
    </div>
  );
}

function ReceiptItem({ receipt, index }: { receipt: Receipt; index: number }) {
  const { t } = useTranslation("admin-orders");
  const lang = useLang();
  const { src, failed } = useReceiptUrl(receipt.url);
  const isPdf = receipt.content_type === "application/pdf";
  const label = t("receipts.item", { index });
  return (
    <li className="flex w-32 flex-col gap-1 text-sm" data-testid="receipt">
      {failed ? (
        <span className="text-red-700">{t("receipts.failed")}</span>
      ) : !src ? (
        <span className="text-muted">{t("loading")}</span>
      ) : isPdf ? (
        <a
          href={src}
          target="_blank"
          rel="noreferrer"
          className="flex h-24 items-center justify-center rounded border border-line font-bold text-brown underline"
          data-testid="receipt-pdf"
        >
          {t("receipts.pdf")}
          <span className="sr-only"> — {label}</span>
        </a>
      ) : (
        <a href={src} target="_blank" rel="noreferrer" data-testid="receipt-image">
          <img
            src={src}
            alt={label}
            className="h-24 w-32 rounded border border-line object-cover"
          />
        </a>
      )}
      <bdi dir="ltr" className="text-xs text-muted">
        {formatDateTime(receipt.created_at, lang)}
      </bdi>
    </li>
  );
}
