import { useState } from "react";
import { addDays, businessDate } from "../../../../shared/domain/business-time.ts";
import { formatMoney, toCents } from "../../../../shared/domain/money.ts";
import {
  changePercent,
  REPORT_GROUPS,
  type ReportGroup,
} from "../../../../shared/domain/reports.ts";
import { optionLabel } from "../../../../shared/domain/weight-options.ts";
import type { SalesReportTotals } from "../../../../shared/schemas/reports.ts";
import { Bars, DayColumns } from "../../../components/admin/charts.tsx";
import { useTranslation } from "../../../i18n/translator.tsx";
import { pickText, useLang } from "../../../lib/bilingual.ts";
import { downloadSalesCsv, useSalesReport } from "./api/get-sales-report.ts";

const TIME_GROUPS: ReadonlyArray<ReportGroup> = ["day", "week", "month"];

/** A figure of the period with its change from the period before. */
function Figure({
  label,
  now,
  before,
  text,
  testId,
}: {
  label: string;
  now: number;
  before: number;
  text: (value: number) => string;
  testId: string;
}) {
  const { t } = useTranslation("admin-reports");
  const change = changePercent(now, before);
  return (
    <div className="rounded-lg border border-line bg-white p-3" data-testid={testId}>
      <p className="text-sm text-muted">{label}</p>
      <p className="text-xl font-bold">
        <bdi dir="ltr">{text(now)}</bdi>
      </p>
      <p className="text-xs text-muted">
        {t("before", { value: text(before) })}
        {change === null ? null : (
          <>
            {" · "}
            <bdi dir="ltr">{`${change > 0 ? "+" : ""}${change}%`}</bdi>
          </>
        )}
      </p>
    </div>
  );
}

type ReportFigures = Pick<SalesReportTotals, "orders" | "grams" | "revenue">;

/** A figure column of the report's table: which figure, its heading and how it reads. */
type ReportColumn = {
  key: keyof ReportFigures;
  label: string;
  text: (value: number) => string;
  /** Numbers with units or currency: kept left to right inside an Arabic row. */
  ltr?: boolean;
  /** The test id of the column's total cell. */
  testId?: string;
};

/**
 * The report's table: one row per group, then the totals, every row drawn from the same
 * column definitions so a figure reads alike in the body and the footer.
 */
function ReportTable({
  heading,
  rows,
  totals,
  columns,
}: {
  heading: string;
  rows: ReadonlyArray<{ key: string; label: string; figures: ReportFigures }>;
  totals: ReportFigures;
  columns: ReadonlyArray<ReportColumn>;
}) {
  const { t } = useTranslation(["admin-reports", "admin-dashboard"]);
  const cells = (figures: ReportFigures, total: boolean) =>
    columns.map((column) => (
      <td key={column.key} className="p-2 text-end" data-testid={total ? column.testId : undefined}>
        {column.ltr ? (
          <bdi dir="ltr">{column.text(figures[column.key])}</bdi>
        ) : (
          column.text(figures[column.key])
        )}
      </td>
    ));
  return (
    <div className="overflow-x-auto rounded-lg border border-line bg-white">
      <table className="w-full text-sm" data-testid="report-table">
        <thead>
          <tr className="border-b border-line text-start">
            <th className="p-2 text-start">{heading}</th>
            {columns.map((column) => (
              <th key={column.key} className="p-2 text-end">
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={columns.length + 1} className="p-2 text-muted">
                {t("admin-dashboard:nothingYet")}
              </td>
            </tr>
          ) : null}
          {rows.map((row) => (
            <tr key={row.key} className="border-b border-line">
              <td className="p-2">
                <bdi>{row.label}</bdi>
              </td>
              {cells(row.figures, false)}
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr className="font-bold">
            <td className="p-2">{t("total")}</td>
            {cells(totals, true)}
          </tr>
        </tfoot>
      </table>
    </div>
  );
}

/**
 * Sales of any period (business days of the shop's time zone) grouped one way: the figures
 * against the period before, a chart, the table and its CSV. Money is what was received less
 * refunds, and the screen says so.
 */
export function ReportsScreen({ today = businessDate(new Date()) }: { today?: string }) {
  const { t } = useTranslation(["admin-reports", "admin-dashboard"]);
  const lang = useLang();
  const [from, setFrom] = useState(addDays(today, -29));
  const [to, setTo] = useState(today);
  const [group, setGroup] = useState<ReportGroup>("day");
  const params = { from, to, group };
  const report = useSalesReport(params);
  const money = (value: number) => formatMoney(toCents(value), lang);
  const kg = (grams: number) => optionLabel(grams, lang);
  const data = report.data;
  const totals: SalesReportTotals | undefined = data?.totals;
  const before = data?.previous.totals;
  const rowLabel = (row: { label: string; label_ar: string }) =>
    pickText(lang, row.label, row.label_ar);
  // The period's figures against the period before, in the order the owner reads them.
  const figures: ReadonlyArray<
    [keyof SalesReportTotals, string, (value: number) => string, string]
  > = [
    ["revenue", t("revenue"), money, "total-revenue"],
    ["orders", t("orders"), String, "total-orders"],
    ["average_order", t("averageOrder"), money, "total-average"],
    ["refunds", t("refunds"), money, "total-refunds"],
    ["grams", t("kg"), kg, "total-grams"],
    ["customers", t("customers"), String, "total-customers"],
    ["repeat_customers", t("repeatCustomers"), String, "total-repeat"],
  ];
  // The table's figures, one definition for every row and for the totals row.
  const columns: ReadonlyArray<ReportColumn> = [
    { key: "orders", label: t("orders"), text: String },
    { key: "grams", label: t("kg"), text: kg, ltr: true },
    { key: "revenue", label: t("revenue"), text: money, ltr: true, testId: "report-total-revenue" },
  ];

  return (
    <section className="flex flex-col gap-4">
      <h1 className="text-2xl font-bold">{t("title")}</h1>
      <p className="text-sm text-muted" data-testid="money-rule">
        {t("moneyRule")}
      </p>
      <div className="flex flex-wrap items-end gap-3">
        <label className="flex flex-col text-sm">
          {t("from")}
          <input
            type="date"
            className="input"
            value={from}
            max={to}
            onChange={(e) => e.target.value && setFrom(e.target.value)}
            data-testid="report-from"
          />
        </label>
        <label className="flex flex-col text-sm">
          {t("to")}
          <input
            type="date"
            className="input"
            value={to}
            min={from}
            onChange={(e) => e.target.value && setTo(e.target.value)}
            data-testid="report-to"
          />
        </label>
        <label className="flex flex-col text-sm">
          {t("groupBy")}
          <select
            className="input"
            value={group}
            onChange={(e) => setGroup(e.target.value as ReportGroup)}
            data-testid="report-group"
          >
            {REPORT_GROUPS.map((g) => (
              <option key={g} value={g}>
                {t(`groups.${g}`)}
              </option>
            ))}
          </select>
        </label>
        <button
          type="button"
          className="btn btn-outline ms-auto"
          onClick={() => void downloadSalesCsv(params)}
          disabled={!data}
          data-testid="report-csv"
        >
          {t("csv")}
        </button>
      </div>

      {report.isError ? (
        <p role="alert" className="text-red-700">
          {t("failed")}
        </p>
      ) : null}

      {totals && before && data ? (
        <>
          <p className="text-sm text-muted" data-testid="report-compared">
            {t("compared", { from: data.previous.from, to: data.previous.to })}
          </p>
          <div className="grid grid-cols-2 gap-3 md:grid-cols-4" data-testid="report-totals">
            {figures.map(([key, label, text, testId]) => (
              <Figure
                key={key}
                label={label}
                now={totals[key]}
                before={before[key]}
                text={text}
                testId={testId}
              />
            ))}
          </div>

          {TIME_GROUPS.includes(group) ? (
            <DayColumns
              title={t("revenue")}
              values={data.rows.map((r) => r.revenue)}
              labels={data.rows.map((r) => r.key)}
              format={money}
              testId="report-chart"
            />
          ) : (
            <Bars
              title={t("revenue")}
              testId="report-chart"
              rows={data.rows.slice(0, 12).map((r) => ({
                key: r.key,
                label: <bdi>{rowLabel(r)}</bdi>,
                value: r.revenue,
                text: money(r.revenue),
              }))}
            />
          )}

          <ReportTable
            heading={t(`groups.${group}`)}
            rows={data.rows.map((row) => ({
              key: row.key,
              label: TIME_GROUPS.includes(group) ? row.key : rowLabel(row),
              figures: row,
            }))}
            totals={totals}
            columns={columns}
          />
        </>
      ) : report.isPending ? (
        <p className="text-muted">{t("loading")}</p>
      ) : null}
    </section>
  );
}
