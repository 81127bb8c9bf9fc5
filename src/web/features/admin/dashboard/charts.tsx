import { Link } from "react-router";
import { DELETED_CUSTOMER } from "../../../../shared/domain/account-privacy.ts";
import { formatDateTime, formatShortDay } from "../../../../shared/domain/date-format.ts";
import { formatMoney, toCents } from "../../../../shared/domain/money.ts";
import { optionLabel } from "../../../../shared/domain/weight-options.ts";
import type { Dashboard } from "../../../../shared/schemas/admin-dashboard.ts";
import { Bars, DayColumns } from "../../../components/admin/charts.tsx";
import { useTranslation } from "../../../i18n/translator.tsx";
import { useLang } from "../../../lib/bilingual.ts";
import { paths } from "../../../lib/paths.ts";
import { StatusBadge, statusTone } from "../orders/status-badge.tsx";

export default function Charts({ dashboard }: { dashboard: Dashboard }) {
  const { t } = useTranslation(["admin-dashboard", "admin-orders"]);
  const lang = useLang();
  const money = (value: number) => formatMoney(toCents(value), lang);
  const days = dashboard.per_day.map((d) => formatShortDay(d.date, lang));
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <DayColumns
        title={t("ordersPerDay")}
        values={dashboard.per_day.map((d) => d.orders)}
        labels={days}
        format={String}
        testId="chart-orders"
      />
      <DayColumns
        title={t("paidPerDay")}
        values={dashboard.per_day.map((d) => d.paid_revenue)}
        labels={days}
        format={money}
        testId="chart-paid"
      />
      <DayColumns
        title={t("revenuePerDay")}
        values={dashboard.per_day.map((d) => d.revenue)}
        labels={days}
        format={money}
        testId="chart-revenue"
      />
      <Bars
        title={t("byStatus")}
        testId="chart-status"
        rows={dashboard.by_status.map((s) => ({
          key: s.status,
          label: t(`admin-orders:status.${s.status}`),
          value: s.count,
          text: String(s.count),
          tone: statusTone(s.status).split(" ")[0],
        }))}
      />
      <Bars
        title={t("topProducts")}
        testId="chart-products"
        rows={dashboard.top_products.map((p) => ({
          key: String(p.product_id ?? p.name),
          label: lang === "ar" && p.name_ar ? p.name_ar : p.name,
          value: p.grams,
          text: optionLabel(p.grams, lang),
        }))}
      />
      <section className="rounded-lg border border-line bg-white p-4 lg:col-span-2">
        <h2 className="mb-2 font-bold">{t("recentOrders")}</h2>
        {dashboard.recent_orders.length === 0 ? (
          <p className="text-muted">{t("nothingYet")}</p>
        ) : (
          <ul className="flex flex-col divide-y divide-line" data-testid="recent-orders">
            {dashboard.recent_orders.map((o) => (
              <li key={o.id} className="flex flex-wrap items-center gap-3 py-2">
                <Link
                  to={paths.admin.order(o.id)}
                  className="font-semibold text-brown underline"
                  dir="ltr"
                >
                  {o.number}
                </Link>
                {/* An erased account's orders keep a fixed English mark; said in the admin's words. */}
                <bdi data-testid="recent-customer">
                  {o.customer === DELETED_CUSTOMER ? t("deletedCustomer") : o.customer}
                </bdi>
                <bdi dir="ltr" className="text-sm text-muted">
                  {formatDateTime(o.created_at, lang)}
                </bdi>
                <bdi dir="ltr" className="ms-auto">
                  {money(o.total)}
                </bdi>
                <StatusBadge status={o.status} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
