import { Link } from "react-router";
import { DELETED_CUSTOMER } from "../../../../shared/domain/account-privacy.ts";
import { formatDateTime, formatShortDay } from "../../../../shared/domain/date-format.ts";
import { formatMoney, toCents } from "../../../../shared/domain/money.ts";
import { optionLabel } from "../../../../shared/domain/weight-options.ts";
import type { Dashboard } from "../../../../shared/schemas/admin-dashboard.ts";
import { useTranslation } from "../../../i18n/translator.tsx";
import { useLang } from "../../../lib/bilingual.ts";
import { paths } from "../../../lib/paths.ts";
import { StatusBadge, statusTone } from "../orders/status-badge.tsx";

// Hand-written SVG (ADR 0012): four small charts do not justify a charting library's weight.

const W = 600;
const H = 160;

/** Columns per day, oldest on the left (time reads left to right in both languages). */
function DayColumns({
  title,
  values,
  labels,
  format,
  testId,
}: {
  title: string;
  values: readonly number[];
  labels: readonly string[];
  format: (value: number) => string;
  testId: string;
}) {
  const { t } = useTranslation("admin-dashboard");
  const top = Math.max(1, ...values);
  const step = W / values.length;
  // Nothing yet: no made-up scale ("1", "$1.00") over an empty chart, the words instead.
  const empty = values.every((value) => value === 0);
  return (
    <figure className="rounded-lg border border-line bg-white p-4" data-testid={testId}>
      <figcaption className="mb-2 font-bold">{title}</figcaption>
      <svg
        viewBox={`0 0 ${W} ${H + 20}`}
        className="h-auto w-full"
        role="img"
        aria-label={title}
        direction="ltr"
      >
        {values.map((value, i) => {
          const h = (value / top) * H;
          return (
            <rect
              key={labels[i]}
              x={i * step + 2}
              y={H - h}
              width={Math.max(1, step - 4)}
              height={h}
              className="fill-gold"
            >
              <title>{`${labels[i]}: ${format(value)}`}</title>
            </rect>
          );
        })}
        <line x1={0} y1={H} x2={W} y2={H} className="stroke-line" />
        <text x={0} y={H + 15} className="fill-muted text-[11px]">
          {labels[0]}
        </text>
        <text x={W} y={H + 15} textAnchor="end" className="fill-muted text-[11px]">
          {labels[labels.length - 1]}
        </text>
        {empty ? null : (
          <text x={0} y={12} className="fill-muted text-[11px]" data-testid="chart-top">
            {format(top)}
          </text>
        )}
      </svg>
      {empty ? <p className="text-sm text-muted">{t("nothingYet")}</p> : null}
    </figure>
  );
}

/** Horizontal bars with their figures written out (readable without the picture). */
function Bars({
  title,
  rows,
  testId,
}: {
  title: string;
  rows: ReadonlyArray<{
    key: string;
    label: React.ReactNode;
    value: number;
    text: string;
    tone?: string;
  }>;
  testId: string;
}) {
  const { t } = useTranslation("admin-dashboard");
  const top = Math.max(1, ...rows.map((r) => r.value));
  return (
    <figure className="rounded-lg border border-line bg-white p-4" data-testid={testId}>
      <figcaption className="mb-2 font-bold">{title}</figcaption>
      {rows.length === 0 ? <p className="text-muted">{t("nothingYet")}</p> : null}
      <ul className="flex flex-col gap-2">
        {rows.map((row) => (
          <li key={row.key} className="grid grid-cols-[8rem_1fr_auto] items-center gap-2">
            <span className="truncate">{row.label}</span>
            <span className="h-3 rounded bg-line" aria-hidden="true">
              <span
                className={`block h-3 rounded ${row.tone ?? "bg-gold"}`}
                style={{ width: `${(row.value / top) * 100}%` }}
              />
            </span>
            <bdi dir="ltr" className="text-sm">
              {row.text}
            </bdi>
          </li>
        ))}
      </ul>
    </figure>
  );
}

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
