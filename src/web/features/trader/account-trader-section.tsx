import { useEffect, useState } from "react";
import { Link } from "react-router";
import type { AccountLedger } from "../../../shared/schemas/traders.ts";
import { Price } from "../../components/ui/price.tsx";
import { useTranslation } from "../../i18n/translator.tsx";
import { apiDownload, apiGet } from "../../lib/api.ts";
import { usePaths } from "../../lib/paths.ts";

const STATE_TONE: Record<string, string> = {
  overdue: "bg-red-100 text-red-800",
  open: "bg-yellow-100 text-yellow-900",
  paid: "bg-green-100 text-green-800",
};

/** The first day of the month of a business date (YYYY-MM-DD). */
const monthStart = (day: string) => `${day.slice(0, 8)}01`;

/**
 * A trader's part of the account page: what it owes now (due and overdue), its recent orders
 * with their invoices to download, and a statement for a chosen period as CSV or PDF (the PDF
 * in the page's language). Nothing shows for a retail account.
 */
export function AccountTraderSection({ token }: { token: string }) {
  const { t, i18n } = useTranslation("account");
  const lang = i18n.language === "ar" ? "ar" : "en";
  const links = usePaths();
  const [ledger, setLedger] = useState<AccountLedger | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [period, setPeriod] = useState<{ from: string; to: string } | null>(null);
  useEffect(() => {
    let live = true;
    apiGet<{ data: AccountLedger | null }>("/api/account/trader/ledger", { token }).then(
      (body) => {
        if (!live || !body.data) return;
        setLedger(body.data);
        setPeriod({ from: monthStart(body.data.as_of), to: body.data.as_of });
      },
      () => {},
    );
    return () => {
      live = false;
    };
  }, [token]);
  if (!ledger || !period) return null;

  const download = (url: string, name: string) => {
    setFailed(null);
    apiDownload(url, name, { token, fallback: t("trader.downloadFailed") }).catch((error: Error) =>
      setFailed(error.message),
    );
  };
  const statement = (format: "csv" | "pdf") => {
    const query = new URLSearchParams({ ...period, format, lang });
    download(`/api/account/statement?${query}`, `statement-${period.from}-${period.to}.${format}`);
  };

  return (
    <section
      className="mt-8 max-w-3xl rounded-xl border border-line bg-white p-4"
      aria-labelledby="trader-heading"
      data-testid="account-trader"
    >
      <h2 id="trader-heading" className="text-xl font-bold text-brown">
        {t("trader.title")}
      </h2>
      <dl className="mt-3 grid grid-cols-2 gap-3">
        <div className="rounded-lg bg-cream p-3">
          <dt className="text-sm text-muted">{t("trader.due")}</dt>
          <dd className="text-lg font-bold" data-testid="trader-due">
            <Price amount={ledger.due} lang={lang} />
          </dd>
        </div>
        <div className={`rounded-lg p-3 ${ledger.overdue > 0 ? "bg-red-50" : "bg-cream"}`}>
          <dt className="text-sm text-muted">{t("trader.overdue")}</dt>
          <dd
            className={`text-lg font-bold ${ledger.overdue > 0 ? "text-red-700" : ""}`}
            data-testid="trader-overdue"
          >
            <Price amount={ledger.overdue} lang={lang} />
          </dd>
        </div>
      </dl>

      <h3 className="mt-6 font-bold">{t("trader.orders")}</h3>
      {ledger.orders.length === 0 ? (
        <p className="mt-2 text-muted">{t("trader.noOrders")}</p>
      ) : (
        <div className="mt-2 overflow-x-auto">
          <table className="w-full text-sm">
            <thead>
              <tr className="border-b border-line text-start text-muted">
                <th className="py-2 pe-3 text-start font-semibold">{t("trader.order")}</th>
                <th className="py-2 pe-3 text-start font-semibold">{t("trader.date")}</th>
                <th className="py-2 pe-3 text-end font-semibold">{t("trader.total")}</th>
                <th className="py-2 pe-3 text-start font-semibold">{t("trader.dueDate")}</th>
                <th className="py-2 pe-3 text-start font-semibold">{t("trader.state")}</th>
                <th className="py-2 text-start font-semibold">{t("trader.invoice")}</th>
              </tr>
            </thead>
            <tbody>
              {ledger.orders.map((order) => (
                <tr key={order.number} className="border-b border-line" data-testid="trader-order">
                  <td className="py-2 pe-3">
                    <Link to={links.order(order.number)} className="underline" dir="ltr">
                      {order.number}
                    </Link>
                  </td>
                  <td className="py-2 pe-3" dir="ltr">
                    {order.date}
                  </td>
                  <td className="py-2 pe-3 text-end">
                    <Price amount={order.total} lang={lang} />
                  </td>
                  <td className="py-2 pe-3">
                    <span dir="ltr">{order.due_date ?? "—"}</span>
                  </td>
                  <td className="py-2 pe-3">
                    <span
                      className={`rounded-full px-2 py-0.5 text-xs font-semibold ${STATE_TONE[order.state] ?? "bg-line"}`}
                    >
                      {t(`trader.states.${order.state}`)}
                    </span>
                  </td>
                  <td className="py-2">
                    {order.invoice ? (
                      <button
                        type="button"
                        className="underline"
                        data-testid="trader-invoice-download"
                        onClick={() => download(order.invoice!.url, `${order.invoice!.number}.pdf`)}
                      >
                        <span dir="ltr">{order.invoice.number}</span>
                      </button>
                    ) : (
                      <span className="text-muted">{t("trader.noInvoice")}</span>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      <h3 className="mt-6 font-bold">{t("trader.statement")}</h3>
      <form
        className="mt-2 flex flex-wrap items-end gap-3"
        onSubmit={(event) => {
          event.preventDefault();
          statement("pdf");
        }}
      >
        <label className="grid gap-1 text-sm">
          {t("trader.from")}
          <input
            type="date"
            className="input"
            required
            value={period.from}
            max={period.to}
            onChange={(event) => setPeriod({ ...period, from: event.target.value })}
          />
        </label>
        <label className="grid gap-1 text-sm">
          {t("trader.to")}
          <input
            type="date"
            className="input"
            required
            value={period.to}
            min={period.from}
            onChange={(event) => setPeriod({ ...period, to: event.target.value })}
          />
        </label>
        <button type="submit" className="btn btn-primary" data-testid="statement-pdf">
          {t("trader.statementPdf")}
        </button>
        <button
          type="button"
          className="btn btn-outline"
          data-testid="statement-csv"
          onClick={() => statement("csv")}
        >
          {t("trader.statementCsv")}
        </button>
      </form>
      {failed ? (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {failed}
        </p>
      ) : null}
    </section>
  );
}
