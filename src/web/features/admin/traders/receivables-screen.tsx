import { MESSAGES } from "../../../../shared/domain/validation-messages.ts";
import type { ReceivableTrader } from "../../../../shared/schemas/traders.ts";
import { ListScreen } from "../../../components/admin/list-screen.tsx";
import { useMessageText } from "../../../components/form/messages.ts";
import type { Column } from "../../../components/ui/data-table.tsx";
import { Price } from "../../../components/ui/price.tsx";
import { useToasts } from "../../../components/ui/toast.tsx";
import { useTranslation } from "../../../i18n/translator.tsx";
import { useLang } from "../../../lib/bilingual.ts";
import { useReceivables } from "./api/list-receivables.ts";
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
              <span className="text-muted">{t("receivables.due", { date: invoice.due_date })}</span>
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
  );
}
