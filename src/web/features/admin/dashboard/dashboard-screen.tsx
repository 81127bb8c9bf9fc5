import { lazy, Suspense } from "react";
import { Link } from "react-router";
import { kgToGrams } from "../../../../shared/domain/low-stock.ts";
import { formatMoney, toCents } from "../../../../shared/domain/money.ts";
import { optionLabel } from "../../../../shared/domain/weight-options.ts";
import type { Dashboard } from "../../../../shared/schemas/admin-dashboard.ts";
import { useTranslation } from "../../../i18n/translator.tsx";
import { useLang } from "../../../lib/bilingual.ts";
import { paths, withQuery } from "../../../lib/paths.ts";
import { useDashboard } from "./api/get-dashboard.ts";
import { CheckoutRemindersCard } from "./checkout-reminders-card.tsx";

// The charts load only here: a chunk of its own, never part of a shopper's JavaScript.
const Charts = lazy(() => import("./charts.tsx"));

/**
 * The products to restock (at or below their low-stock threshold), lowest first, each
 * with its stock and threshold, linking to the products screen filtered on low stock.
 */
function LowStock({ dashboard }: { dashboard: Dashboard }) {
  const { t } = useTranslation("admin-dashboard");
  const lang = useLang();
  const to = withQuery(paths.admin.products(), { stock: "low" });
  const kg = (value: number) => optionLabel(kgToGrams(value), lang);
  return (
    <section className="rounded-lg border border-line bg-white p-4" data-testid="low-stock">
      <div className="mb-2 flex flex-wrap items-baseline gap-3">
        <h2 className="font-bold">{t("lowStock")}</h2>
        {dashboard.low_stock_total > 0 ? (
          <Link to={to} className="ms-auto text-sm text-brown underline">
            {t("lowStockAll", { count: dashboard.low_stock_total })}
          </Link>
        ) : null}
      </div>
      {dashboard.low_stock.length === 0 ? (
        <p className="text-muted">{t("lowStockNone")}</p>
      ) : (
        <ul className="flex flex-col divide-y divide-line">
          {dashboard.low_stock.map((p) => (
            <li key={p.id} className="flex flex-wrap items-center gap-3 py-2">
              <Link to={to} className="font-semibold text-brown underline">
                {lang === "ar" && p.name_ar ? p.name_ar : p.name}
              </Link>
              <span className="text-xs text-muted" dir="ltr">
                {p.sku}
              </span>
              <span className="ms-auto font-bold text-red-700">
                {t("lowStockLeft", { left: kg(p.stock_kg) })}
              </span>
              <span className="text-sm text-muted">
                {t("lowStockThreshold", { threshold: kg(p.threshold_kg) })}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** The five totals, then orders and revenue per day, by status, top products, recent orders. */
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
          <LowStock dashboard={d} />
          <CheckoutRemindersCard />
          <Suspense fallback={<p role="status">{t("loading")}</p>}>
            <Charts dashboard={d} />
          </Suspense>
        </>
      ) : null}
    </section>
  );
}
