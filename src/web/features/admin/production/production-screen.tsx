import { useState } from "react";
import { addDays, businessDate } from "../../../../shared/domain/business-time.ts";
import { formatDeliveryDay } from "../../../../shared/domain/delivery-day.ts";
import { optionLabel } from "../../../../shared/domain/weight-options.ts";
import { useToasts } from "../../../components/ui/toast.tsx";
import { useTranslation } from "../../../i18n/translator.tsx";
import { pickText, useLang } from "../../../lib/bilingual.ts";
import { useExportProduction } from "./api/export-production.ts";
import { usePackList } from "./api/get-pack-list.ts";
import { useProduction } from "./api/get-production.ts";

const kg = (grams: number) => String(Math.round(grams / 10) / 100);

/**
 * The production sheet (owner, orders and kitchen): for one ready day (tomorrow by default) or
 * a range, the kilos of each product to make, the packs of each weight to fill, the gift wraps
 * and the orders behind each figure. Prints on A4: the menu, header and controls are left out.
 */
export function ProductionScreen({ today = businessDate(new Date()) }: { today?: string }) {
  const { t } = useTranslation("admin-production");
  const lang = useLang();
  const [from, setFrom] = useState(addDays(today, 1));
  const [to, setTo] = useState(addDays(today, 1));
  const sheet = useProduction(from, to);
  const data = sheet.data;
  const exporter = useExportProduction();
  const toast = useToasts();
  return (
    <section className="flex flex-col gap-4 print:text-[11pt]">
      <div className="flex flex-wrap items-end gap-3 print:hidden">
        <h1 className="me-auto text-2xl font-bold text-brown">{t("title")}</h1>
        <label className="flex flex-col text-sm">
          {t("from")}
          <input
            type="date"
            className="input"
            dir="ltr"
            value={from}
            onChange={(e) => {
              setFrom(e.target.value);
              if (e.target.value > to) setTo(e.target.value);
            }}
            data-testid="production-from"
          />
        </label>
        <label className="flex flex-col text-sm">
          {t("to")}
          <input
            type="date"
            className="input"
            dir="ltr"
            value={to}
            min={from}
            onChange={(e) => setTo(e.target.value)}
            data-testid="production-to"
          />
        </label>
        <button
          type="button"
          className="btn btn-outline"
          disabled={exporter.isPending || !from || !to || from > to}
          onClick={() =>
            exporter.mutate({ from, to }, { onError: () => toast.error(t("exportFailed")) })
          }
          data-testid="production-csv"
        >
          {exporter.isPending ? t("exporting") : t("export")}
        </button>
        <button type="button" className="btn btn-primary" onClick={() => window.print()}>
          {t("print")}
        </button>
      </div>
      <h2 className="text-xl font-bold" data-testid="production-days">
        {from === to
          ? t("forDay", { day: formatDeliveryDay(from, lang) })
          : t("forRange", { from: formatDeliveryDay(from, lang), to: formatDeliveryDay(to, lang) })}
      </h2>
      {sheet.isError ? (
        <div role="alert" className="flex items-center gap-3 print:hidden">
          <p className="text-red-700">{t("failed")}</p>
          <button type="button" className="btn btn-outline" onClick={() => sheet.refetch()}>
            {t("retry")}
          </button>
        </div>
      ) : null}
      {data && data.products.length === 0 ? <p>{t("empty")}</p> : null}
      {data && data.products.length > 0 ? (
        <table className="w-full border-collapse text-start" data-testid="production-table">
          <thead>
            <tr className="border-b border-line">
              <th scope="col" className="p-2 text-start">
                {t("product")}
              </th>
              <th scope="col" className="p-2 text-end">
                {t("kg")}
              </th>
              <th scope="col" className="p-2 text-start">
                {t("packs")}
              </th>
              <th scope="col" className="p-2 text-start">
                {t("orders")}
              </th>
            </tr>
          </thead>
          <tbody>
            {data.products.map((p) => (
              <tr
                key={p.product_id ?? p.name}
                className="border-b border-line break-inside-avoid"
                data-testid="production-row"
              >
                <td className="p-2 font-bold">{pickText(lang, p.name, p.name_ar)}</td>
                <td className="p-2 text-end tabular-nums" dir="ltr" data-testid="production-kg">
                  {kg(p.grams)}
                </td>
                <td className="p-2">
                  <ul>
                    {p.options.map((o) => (
                      <li key={o.grams}>
                        <bdi dir="ltr">{o.count}</bdi> × {optionLabel(o.grams, lang)}
                      </li>
                    ))}
                  </ul>
                </td>
                <td className="p-2 text-xs" dir="ltr">
                  {p.orders.join(" ")}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {data ? (
        <p data-testid="production-summary">
          {t("summary", { orders: data.orders, wraps: data.gift_wraps })}
        </p>
      ) : null}
      {from === to ? <PackList date={from} /> : null}
    </section>
  );
}

/** One day's orders for the drivers and the counter, on a page of its own when printed. */
function PackList({ date }: { date: string }) {
  const { t } = useTranslation("admin-production");
  const lang = useLang();
  const list = usePackList(date, Boolean(date));
  if (!list.data || list.data.length === 0) return null;
  return (
    <section className="flex flex-col gap-2 print:break-before-page" data-testid="pack-list">
      <h2 className="text-xl font-bold">{t("packList")}</h2>
      <ol className="flex flex-col gap-2">
        {list.data.map((entry) => (
          <li
            key={entry.number}
            className="rounded-lg border border-line p-2 break-inside-avoid"
            data-testid="pack-entry"
          >
            <p className="font-bold">
              {entry.slot ? (
                <>
                  <bdi data-testid="pack-slot">
                    {pickText(lang, entry.slot.label, entry.slot.label_ar)}
                  </bdi>
                  {" · "}
                </>
              ) : null}
              <bdi dir="ltr">{entry.number}</bdi> · <bdi>{entry.name}</bdi> ·{" "}
              <bdi dir="ltr">{entry.phone}</bdi>
            </p>
            <p className="text-sm">
              {pickText(lang, entry.method, entry.method_ar)}
              {entry.kind === "delivery" ? (
                <>
                  {" · "}
                  <bdi>{[entry.address, entry.city].filter(Boolean).join(", ")}</bdi>
                </>
              ) : null}
            </p>
            <p className="text-sm">
              {entry.lines
                .map(
                  (l) =>
                    `${l.qty} × ${optionLabel(l.grams, lang)} ${pickText(lang, l.name, l.name_ar)}`,
                )
                .join(" · ")}
              {entry.gift_wrap ? ` · ${t("giftWrap")}` : ""}
            </p>
            <p className="text-sm font-bold">
              {entry.to_collect > 0 ? (
                <>
                  {t("toCollect")}: <bdi dir="ltr">{entry.to_collect.toFixed(2)} USD</bdi>
                </>
              ) : (
                t("paid")
              )}
            </p>
          </li>
        ))}
      </ol>
    </section>
  );
}
