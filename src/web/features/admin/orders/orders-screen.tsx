import { useState } from "react";
import { Link } from "react-router";
import { formatDateTime } from "../../../../shared/domain/date-format.ts";
import { formatDeliveryDay } from "../../../../shared/domain/delivery-day.ts";
import { ORDER_STATUSES } from "../../../../shared/domain/order-states.ts";
import { PAYMENT_STATUSES } from "../../../../shared/domain/payments.ts";
import { displayPhone } from "../../../../shared/domain/phone.ts";
import type { AdminOrderListItem } from "../../../../shared/schemas/admin-order.ts";
import { useMessageText } from "../../../components/form/messages.ts";
import { type Column, DataTable, pagingFrom } from "../../../components/ui/data-table.tsx";
import { Price } from "../../../components/ui/price.tsx";
import { SEARCH_PAUSE_MS, SearchInput } from "../../../components/ui/search-input.tsx";
import { useToasts } from "../../../components/ui/toast.tsx";
import { useTranslation } from "../../../i18n/translator.tsx";
import { pickText, useLang } from "../../../lib/bilingual.ts";
import { paths } from "../../../lib/paths.ts";
import { useExportOrders } from "./api/export-orders.ts";
import { type OrderListQuery, useOrders } from "./api/list-orders.ts";
import { GiftMark, PaymentBadge, SourceBadge, StatusBadge } from "./status-badge.tsx";

const FIRST: OrderListQuery = {
  status: "",
  payment_status: "",
  from: "",
  to: "",
  ready_date: "",
  season_id: "",
  q: "",
  page: 1,
  per_page: 10,
};

/** The orders desk's list: filters, search, paging, CSV, print. */
export function OrdersScreen() {
  const { t } = useTranslation(["admin-orders", "messages"]);
  const lang = useLang();
  const text = useMessageText();
  const toast = useToasts();
  const [query, setQuery] = useState<OrderListQuery>(FIRST);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const list = useOrders(query);
  const exporter = useExportOrders();
  // One row per order line (product, weight, quantity, price) for the accountant.
  const [withLines, setWithLines] = useState(false);
  const { page: _page, per_page: _perPage, ...filters } = query;
  const filtered = Boolean(
    query.status ||
      query.payment_status ||
      query.from ||
      query.to ||
      query.ready_date ||
      query.season_id ||
      query.q,
  );
  // The season filtered on, named from the rows that carry it.
  const [seasonName, setSeasonName] = useState("");
  const setFilter = (patch: Partial<OrderListQuery>) => setQuery({ ...query, ...patch, page: 1 });
  const toggle = (id: number) =>
    setSelected((old) => {
      const next = new Set(old);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const columns: Column<AdminOrderListItem>[] = [
    {
      key: "select",
      header: <span className="sr-only">{t("select")}</span>,
      card: "primary",
      className: "w-0",
      cell: (o) => (
        <input
          type="checkbox"
          className="size-4"
          checked={selected.has(o.id)}
          onChange={() => toggle(o.id)}
          aria-label={t("selectOrder", { number: o.number })}
        />
      ),
    },
    {
      key: "order",
      header: t("order"),
      card: "primary",
      cell: (o) => (
        <span className="flex items-center gap-2">
          <Link
            to={paths.admin.order(o.id)}
            // "SW-10003" never breaks at its hyphen.
            className="font-semibold whitespace-nowrap text-brown underline"
            dir="ltr"
            data-testid="order-link"
          >
            {o.number}
          </Link>
          {o.is_new ? (
            <span
              className="rounded-full bg-brown px-2 text-xs font-bold text-cream"
              data-testid="order-new"
            >
              {t("new")}
            </span>
          ) : null}
          {o.gift ? <GiftMark /> : null}
        </span>
      ),
    },
    {
      key: "date",
      header: t("date"),
      card: "hide",
      // One line, however many columns the desk has (a date and its time together).
      cell: (o) => (
        <time dateTime={o.created_at} className="whitespace-nowrap">
          {formatDateTime(o.created_at, lang)}
        </time>
      ),
    },
    {
      key: "customer",
      header: t("customer"),
      cell: (o) => (
        <div>
          <p className="font-semibold">{o.customer}</p>
          <p className="text-xs text-muted" dir="ltr">
            {displayPhone(o.phone, o.country)}
          </p>
        </div>
      ),
    },
    {
      key: "source",
      header: t("source.label"),
      card: "hide",
      cell: (o) => <SourceBadge source={o.source} />,
    },
    {
      key: "total",
      header: t("total"),
      numeric: true,
      cell: (o) => <Price amount={o.total} lang={lang} />,
    },
    {
      key: "payment",
      header: t("payment"),
      card: "hide",
      cell: (o) => t(`payment_method.${o.payment_method}`),
    },
    {
      key: "payment_status",
      header: t("paymentStatus.label"),
      card: "hide",
      cell: (o) => <PaymentBadge status={o.payment_status} />,
    },
    {
      key: "shipping",
      header: t("shipping.title"),
      card: "hide",
      cell: (o) => (
        <div data-testid="order-shipping-cell">
          <p>
            {o.shipping_kind === "pickup" || !o.shipping_zone
              ? pickText(lang, o.shipping_name, o.shipping_name_ar)
              : pickText(lang, o.shipping_zone, o.shipping_zone_ar)}
          </p>
          {o.delivery_date ? (
            <p className="text-xs text-muted">
              <time dateTime={o.delivery_date}>{formatDeliveryDay(o.delivery_date, lang)}</time>
            </p>
          ) : (
            <p className="text-xs text-muted">{t(`shipping.kind.${o.shipping_kind}`)}</p>
          )}
        </div>
      ),
    },
    {
      key: "ready_date",
      header: t("readyDay"),
      card: "hide",
      cell: (o) =>
        o.ready_date ? (
          <div>
            <time
              dateTime={o.ready_date}
              className="whitespace-nowrap"
              data-testid="order-ready-day"
            >
              {formatDeliveryDay(o.ready_date, lang)}
            </time>
            {o.slot ? (
              <p className="whitespace-nowrap text-xs text-muted" data-testid="order-slot">
                {pickText(lang, o.slot.label, o.slot.label_ar)}
              </p>
            ) : null}
            {o.season ? (
              <button
                type="button"
                className="rounded-full bg-gold/20 px-2 text-xs font-bold text-gold-dark"
                title={t("seasonFilter")}
                onClick={() => {
                  const name = pickText(lang, o.season!.name, o.season!.name_ar);
                  setSeasonName(name);
                  setFilter({ season_id: String(o.season!.id) });
                }}
                data-testid="order-season"
              >
                {pickText(lang, o.season.name, o.season.name_ar)}
              </button>
            ) : null}
          </div>
        ) : null,
    },
    { key: "status", header: t("status.label"), cell: (o) => <StatusBadge status={o.status} /> },
  ];

  const ids = [...selected];
  return (
    <section className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-bold text-brown">{t("title")}</h1>
        <Link
          className="btn btn-primary ms-auto"
          to={paths.admin.newOrder()}
          data-testid="new-order"
        >
          {t("newOrder.open")}
        </Link>
      </div>
      <DataTable
        caption={t("title")}
        columns={columns}
        rows={list.data?.data}
        rowKey={(o) => o.id}
        loading={list.isPending}
        error={list.isError ? text(list.error.message) : null}
        onRetry={() => void list.refetch()}
        emptyText={t("empty")}
        filtered={filtered}
        testId="orders-table"
        cards
        toolbar={
          <div className="flex w-full flex-wrap items-end gap-3">
            {query.season_id ? (
              <button
                type="button"
                className="btn btn-outline"
                onClick={() => setFilter({ season_id: "" })}
                data-testid="season-filter"
              >
                {t("seasonOnly", { season: seasonName })} ✕
              </button>
            ) : null}
            <SearchInput
              label={t("search")}
              delay={SEARCH_PAUSE_MS.products}
              onSearch={(q) => setFilter({ q })}
            />
            <label className="flex flex-col text-sm">
              {t("status.label")}
              <select
                className="input"
                value={query.status}
                onChange={(e) => setFilter({ status: e.target.value })}
                data-testid="status-filter"
              >
                <option value="">{t("status.all")}</option>
                {ORDER_STATUSES.map((s) => (
                  <option key={s} value={s}>
                    {t(`status.${s}`)}
                  </option>
                ))}
              </select>
            </label>
            <label className="flex flex-col text-sm">
              {t("paymentStatus.label")}
              <select
                className="input"
                value={query.payment_status}
                onChange={(e) => setFilter({ payment_status: e.target.value })}
                data-testid="payment-status-filter"
              >
                <option value="">{t("paymentStatus.all")}</option>
                {PAYMENT_STATUSES.map((s) => (
                  <option key={s} value={s}>
                    {t(`paymentStatus.${s}`)}
                  </option>
                ))}
              </select>
            </label>
            <label className="flex flex-col text-sm">
              {t("from")}
              <input
                type="date"
                className="input"
                dir="ltr"
                value={query.from}
                max={query.to || undefined}
                onChange={(e) => setFilter({ from: e.target.value })}
              />
            </label>
            <label className="flex flex-col text-sm">
              {t("to")}
              <input
                type="date"
                className="input"
                dir="ltr"
                value={query.to}
                min={query.from || undefined}
                onChange={(e) => setFilter({ to: e.target.value })}
              />
            </label>
            <label className="flex flex-col text-sm">
              {t("readyDay")}
              <input
                type="date"
                className="input"
                dir="ltr"
                value={query.ready_date}
                onChange={(e) => setFilter({ ready_date: e.target.value })}
                data-testid="filter-ready-day"
              />
            </label>
            <div className="ms-auto flex gap-2">
              {ids.length > 0 ? (
                <Link
                  className="btn btn-outline"
                  to={paths.admin.printOrders(ids)}
                  target="_blank"
                  data-testid="print-selected"
                >
                  {t("printSelected", { count: ids.length })}
                </Link>
              ) : null}
              <label className="flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  className="size-4 accent-gold-dark"
                  checked={withLines}
                  onChange={(e) => setWithLines(e.target.checked)}
                  data-testid="export-lines"
                />
                {t("exportLines")}
              </label>
              <button
                type="button"
                className="btn btn-primary"
                disabled={exporter.isPending}
                onClick={() =>
                  exporter.mutate(
                    { ...filters, lines: withLines ? "1" : undefined },
                    { onError: () => toast.error(t("exportFailed")) },
                  )
                }
                data-testid="export-csv"
              >
                {exporter.isPending ? t("exporting") : t("export")}
              </button>
            </div>
          </div>
        }
        paging={pagingFrom(list.data?.meta, query, setQuery)}
      />
    </section>
  );
}
