import { useState } from "react";
import { RECEIVED_PAYMENT_METHODS } from "../../../../shared/domain/payments.ts";
import { MESSAGES } from "../../../../shared/domain/validation-messages.ts";
import type { ReceivableTrader } from "../../../../shared/schemas/traders.ts";
import { ListScreen } from "../../../components/admin/list-screen.tsx";
import { useMessageText } from "../../../components/form/messages.ts";
import type { Column } from "../../../components/ui/data-table.tsx";
import { Dialog } from "../../../components/ui/dialog.tsx";
import { Price } from "../../../components/ui/price.tsx";
import { useToasts } from "../../../components/ui/toast.tsx";
import { useTranslation } from "../../../i18n/translator.tsx";
import { ApiError } from "../../../lib/api.ts";
import { useLang } from "../../../lib/bilingual.ts";
import { useReceivables } from "./api/list-receivables.ts";
import { useRecordPayment } from "./api/record-payment.ts";
import { useSendReminder } from "./api/send-reminder.ts";

const BUCKETS = ["current", "days_1_30", "days_31_60", "over_60"] as const;

/**
 * What each trader owes on invoice: the total, the ageing buckets (days past the due date on
 * the business clock) and its unpaid orders on invoice with their due dates.
 */
export function ReceivablesScreen() {
  const { t } = useTranslation(["admin-traders", "admin", "messages"]);
  const lang = useLang();
  const list = useReceivables();
  const remind = useSendReminder();
  const toast = useToasts();
  const text = useMessageText();
  const [paying, setPaying] = useState<Paying | null>(null);

  const columns: Column<ReceivableTrader>[] = [
    {
      key: "company",
      header: t("company"),
      cell: (row) => (
        <div>
          <p className="font-semibold" dir="auto">
            {row.company_name}
          </p>
          <p className="text-xs text-muted" dir="ltr">
            {row.email}
          </p>
        </div>
      ),
    },
    {
      key: "total",
      header: t("receivables.total"),
      numeric: true,
      cell: (row) => <Price amount={row.total} lang={lang} />,
    },
    ...BUCKETS.map(
      (bucket): Column<ReceivableTrader> => ({
        key: bucket,
        header: t(`receivables.${bucket}`),
        numeric: true,
        cell: (row) => <Price amount={row[bucket]} lang={lang} />,
      }),
    ),
    {
      key: "invoices",
      header: t("receivables.invoices"),
      cell: (row) => (
        <ul className="text-sm" data-testid="receivable-invoices">
          {row.invoices.map((invoice) => (
            <li key={invoice.order_number}>
              <span dir="ltr">{invoice.invoice_number ?? invoice.order_number}</span>{" "}
              <Price amount={invoice.total} lang={lang} />{" "}
              <span className="text-muted">{t("receivables.due", { date: invoice.due_date })}</span>{" "}
              <button
                type="button"
                className="underline"
                data-testid="record-payment"
                onClick={() => setPaying({ ...invoice, asOf: list.data?.as_of ?? "" })}
              >
                {t("receivables.recordPayment")}
              </button>
            </li>
          ))}
        </ul>
      ),
    },
    {
      key: "remind",
      header: t("receivables.reminder"),
      cell: (row) => (
        <button
          type="button"
          className="btn btn-outline"
          disabled={remind.isPending}
          data-testid="send-reminder"
          onClick={() =>
            remind.mutate(row.id, {
              onSuccess: () => toast.success(t("receivables.reminderSent")),
              onError: () => toast.error(text(MESSAGES.UPDATE_FAILED)),
            })
          }
        >
          {t("receivables.sendReminder")}
        </button>
      ),
    },
  ];

  return (
    <>
      <ListScreen
        title={t("receivables.title")}
        intro={
          <>
            {t("receivables.intro")}{" "}
            {list.data ? (
              <span dir="ltr">{t("receivables.asOf", { date: list.data.as_of })}</span>
            ) : null}
          </>
        }
        list={list}
        fetchFallback={MESSAGES.ITEMS_FETCH_FAILED}
        columns={columns}
        emptyText={t("receivables.empty")}
        filtered={false}
        testId="receivables-table"
      />
      {paying ? <RecordPaymentDialog invoice={paying} onClose={() => setPaying(null)} /> : null}
    </>
  );
}

type Paying = ReceivableTrader["invoices"][number] & { asOf: string };
const METHODS = RECEIVED_PAYMENT_METHODS;

/**
 * A payment against one order on invoice: amount (the whole invoice unless changed), the day
 * it arrived (today on the business clock unless changed), how it came (the payment's own
 * column) and any reference the owner adds (its note).
 */
function RecordPaymentDialog({ invoice, onClose }: { invoice: Paying; onClose: () => void }) {
  const { t } = useTranslation(["admin-traders", "admin", "messages"]);
  const text = useMessageText();
  const toast = useToasts();
  const record = useRecordPayment();
  const [amount, setAmount] = useState(String(invoice.total));
  const [paidAt, setPaidAt] = useState(invoice.asOf);
  const [method, setMethod] = useState<(typeof METHODS)[number]>("bank_transfer");
  const [reference, setReference] = useState("");
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [message, setMessage] = useState<string | null>(null);
  const fieldError = (field: string) =>
    errors[field]?.[0] ? (
      <span role="alert" className="text-xs text-red-700">
        {text(errors[field][0])}
      </span>
    ) : null;
  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? null : onClose())}
      title={t("receivables.paymentTitle", {
        number: invoice.invoice_number ?? invoice.order_number,
      })}
      testId="payment-dialog"
    >
      <form
        className="grid gap-3"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          setErrors({});
          setMessage(null);
          record.mutate(
            {
              orderId: invoice.order_id,
              payment: { amount, paid_at: paidAt, method, note: reference.trim() },
            },
            {
              onSuccess: () => {
                toast.success(t("receivables.paymentRecorded"));
                onClose();
              },
              onError: (failure) => {
                if (failure instanceof ApiError) setErrors(failure.errors ?? {});
                setMessage(failure.message);
              },
            },
          );
        }}
      >
        <label className="grid gap-1 text-sm font-semibold">
          {t("receivables.amount")}
          <input
            className="input"
            name="amount"
            inputMode="decimal"
            dir="ltr"
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
          />
          {fieldError("amount")}
        </label>
        <label className="grid gap-1 text-sm font-semibold">
          {t("receivables.paidAt")}
          <input
            className="input"
            name="paid_at"
            type="date"
            max={invoice.asOf || undefined}
            value={paidAt}
            onChange={(e) => setPaidAt(e.target.value)}
          />
          {fieldError("paid_at")}
        </label>
        <label className="grid gap-1 text-sm font-semibold">
          {t("receivables.method")}
          <select
            className="input"
            name="method"
            value={method}
            onChange={(e) => setMethod(e.target.value as (typeof METHODS)[number])}
          >
            {METHODS.map((m) => (
              <option key={m} value={m}>
                {t(`receivables.methods.${m}`)}
              </option>
            ))}
          </select>
          {fieldError("method")}
        </label>
        <label className="grid gap-1 text-sm font-semibold">
          {t("receivables.reference")}
          <input
            className="input"
            name="reference"
            value={reference}
            onChange={(e) => setReference(e.target.value)}
          />
          {fieldError("note")}
        </label>
        {message ? (
          <p role="alert" className="text-sm font-semibold text-red-700">
            {text(message)}
          </p>
        ) : null}
        <div className="flex gap-2">
          <button
            type="submit"
            className="btn btn-primary"
            disabled={record.isPending}
            data-testid="payment-save"
          >
            {t("receivables.savePayment")}
          </button>
          <button type="button" className="btn btn-outline" onClick={onClose}>
            {t("lists.cancel")}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
