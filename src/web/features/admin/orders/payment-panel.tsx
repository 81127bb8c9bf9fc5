import { useState } from "react";
import { formatDateTime } from "../../../../shared/domain/date-format.ts";
import { markPaidRefusal } from "../../../../shared/domain/payments.ts";
import type { AdminOrderDetail } from "../../../../shared/schemas/admin-order.ts";
import { ConfirmDialog } from "../../../components/ui/dialog.tsx";
import { Price } from "../../../components/ui/price.tsx";
import { useToasts } from "../../../components/ui/toast.tsx";
import { useTranslation } from "../../../i18n/translator.tsx";
import { useLang } from "../../../lib/bilingual.ts";
import { useReceiptUrl } from "./api/get-receipt.ts";
import { useRefundOrder } from "./api/record-payment.ts";
import { MarkPaidDialog } from "./mark-paid-dialog.tsx";
import { usePaymentText } from "./payment-text.ts";
import { PaymentBadge } from "./status-badge.tsx";

type Receipt = AdminOrderDetail["receipts"][number];

/**
 * How the order is paid and whether the money came: the owner marks it paid (cash
 * collected, transfer received) or refunds a paid one; a bank transfer's receipts are here.
 */
export function PaymentPanel({ order }: { order: AdminOrderDetail }) {
  const { t } = useTranslation(["admin-orders", "messages"]);
  const lang = useLang();
  const text = usePaymentText();
  const toast = useToasts();
  const refund = useRefundOrder(order.id);
  const [paying, setPaying] = useState(false);
  const [refunding, setRefunding] = useState(false);
  const [note, setNote] = useState("");
  const canPay = markPaidRefusal(order.status, order.payment_status) === null;

  const confirmRefund = () =>
    refund.mutateAsync({ note: note.trim() || null }).then(
      () => {
        toast.success(t("refund.done"));
        setRefunding(false);
      },
      // The refusal stays in the dialog (role="alert").
      () => {},
    );

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
      {canPay || order.payment_status === "paid" ? (
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
          {order.payment_status === "paid" ? (
            <button
              type="button"
              className="btn px-3 text-red-700 hover:bg-red-50"
              onClick={() => {
                refund.reset();
                setNote("");
                setRefunding(true);
              }}
              data-testid="refund"
            >
              {t("refund.open")}
            </button>
          ) : null}
        </div>
      ) : null}
      <Receipts receipts={order.receipts} />
      <MarkPaidDialog
        orderId={order.id}
        orderNumber={order.number}
        total={order.total}
        open={paying}
        onOpenChange={setPaying}
      />
      <ConfirmDialog
        open={refunding}
        onOpenChange={setRefunding}
        title={t("refund.title")}
        description={t("refund.question", { number: order.number })}
        confirmLabel={t("refund.confirm")}
        cancelLabel={t("refund.keep")}
        pending={refund.isPending}
        error={refund.isError ? text(refund.error.message) : null}
        onConfirm={() => void confirmRefund()}
      >
        <label htmlFor="refund-note" className="block text-sm font-semibold">
          {t("refund.note")}
        </label>
        <textarea
          id="refund-note"
          className="input mt-1 min-h-16 w-full"
          dir="auto"
          value={note}
          maxLength={2000}
          onChange={(e) => setNote(e.target.value)}
        />
      </ConfirmDialog>
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
