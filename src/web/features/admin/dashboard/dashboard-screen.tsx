import { lazy, Suspense } from "react";
import { formatMoney, toCents } from "../../../../shared/domain/money.ts";
import { useTranslation } from "../../../i18n/translator.tsx";
import { useLang } from "../../../lib/bilingual.ts";
import { useDashboard } from "./api/get-dashboard.ts";

// The charts load only here: a chunk of its own, never part of a shopper's JavaScript.
const Charts = lazy(() => import("./charts.tsx"));

/** SPEC's five totals, then orders and revenue per day, by status, top products, recent orders. */
export function DashboardScreen() {
  const { t } = useTranslation(["admin-dashboard", "messages"]);
  const lang = useLang();
  const dashboard = useDashboard();
  const d = dashboard.data;

  const totals = d
    ? [
        { key: "total_users", value: String(d.total_users) },
        { key: "total_orders", value: String(d.total_orders) },
        { key: "total_products", value: String(d.total_products) },
        { key: "total_payments", value: formatMoney(toCents(d.total_payments), lang) },
        { key: "total_trader_applications", value: String(d.total_trader_applications) },
      ]
    : [];

  return (
    <section className="flex flex-col gap-6">
      <h1 className="text-2xl font-bold text-brown">{t("title")}</h1>
      {dashboard.isPending ? (
        <p role="status">{t("loading")}</p>
      ) : dashboard.isError && !d ? (
        <div role="alert" className="flex flex-col items-start gap-3">
          <p className="font-semibold text-red-700">{t("failed")}</p>
          <button
            type="button"
            className="btn btn-outline"
            onClick={() => void dashboard.refetch()}
          >
            {t("messages:ui.retry")}
          </button>
        </div>
      ) : null}
      {d ? (
        <>
          <dl className="grid grid-cols-2 gap-4 md:grid-cols-5" data-testid="dashboard-totals">
            {totals.map((item) => (
              <div key={item.key} className="rounded-lg border border-line bg-white p-4">
                <dt className="text-sm text-muted">{t(`totals.${item.key}`)}</dt>
                <dd className="text-2xl font-bold text-brown" dir="ltr" data-testid={item.key}>
                  {item.value}
                </dd>
              </div>
            ))}
          </dl>
          <Suspense fallback={<p role="status">{t("loading")}</p>}>
            <Charts dashboard={d} />
          </Suspense>
        </>
      ) : null}
    </section>
  );
}
