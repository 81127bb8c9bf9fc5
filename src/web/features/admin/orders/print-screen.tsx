import { useEffect, useState } from "react";
import { addressParts } from "../../../../shared/domain/bidi.ts";
import { formatDateTime } from "../../../../shared/domain/date-format.ts";
import { formatMoney, toCents } from "../../../../shared/domain/money.ts";
import { optionLabel } from "../../../../shared/domain/weight-options.ts";
import type { AdminOrderDetail } from "../../../../shared/schemas/admin-order.ts";
import { IsolatedList } from "../../../components/ui/bidi.tsx";
import { useTranslation } from "../../../i18n/translator.tsx";
import { pickText } from "../../../lib/bilingual.ts";
import { formatDeliveryDay } from "../../../lib/delivery-day.ts";
import { useOrdersByIds } from "./api/get-order.ts";

/**
 * Packing slip / invoice for one order or a selection (issue 11): one page per order, each in
 * the order's own language and direction; numbers, codes and prices kept left-to-right.
 */
export function PrintScreen({ ids }: { ids: readonly number[] }) {
  const { t, i18n } = useTranslation("admin-orders");
  const results = useOrdersByIds(ids);
  // Each slip speaks its order's language: both languages' texts must be at hand.
  const [ready, setReady] = useState(false);
  useEffect(() => {
    void i18n.loadNamespaces("admin-orders", ["en", "ar"]).finally(() => setReady(true));
  }, [i18n]);
  const done = ready && results.every((r) => !r.isPending);
  const orders = results.flatMap((r) => (r.data ? [r.data] : []));
  const failed = results.some((r) => r.isError);

  return (
    <div className="mx-auto max-w-3xl p-4 print:max-w-none print:p-0">
      <div className="mb-4 flex items-center gap-3 print:hidden">
        <h1 className="text-xl font-bold">{t("printTitle", { count: ids.length })}</h1>
        <button
          type="button"
          className="btn btn-primary ms-auto"
          disabled={!done}
          onClick={() => window.print()}
        >
          {t("print")}
        </button>
      </div>
      {!done ? <p role="status">{t("loading")}</p> : null}
      {failed ? (
        <p role="alert" className="text-red-700">
          {t("messages:spec.ORDER_DETAILS_LOAD_FAILED")}
        </p>
      ) : null}
      {done ? orders.map((order) => <Slip key={order.id} order={order} />) : null}
    </div>
  );
}

function Slip({ order }: { order: AdminOrderDetail }) {
  const { i18n } = useTranslation();
  const t = i18n.getFixedT(order.lang, "admin-orders");
  const money = (amount: number) => <bdi dir="ltr">{formatMoney(toCents(amount), order.lang)}</bdi>;
  return (
    <article
      lang={order.lang}
      dir={order.lang === "ar" ? "rtl" : "ltr"}
      className="mb-8 break-after-page rounded-lg border border-line bg-white p-6 print:mb-0 print:border-0"
      data-testid="slip"
    >
      <header className="mb-4 flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="text-2xl font-bold">
          {t("slipTitle")} <bdi dir="ltr">{order.number}</bdi>
        </h2>
        <p>
          <bdi dir="ltr">{formatDateTime(order.created_at, order.lang)}</bdi>
        </p>
      </header>
      <section className="mb-4">
        <p className="font-semibold">{order.name}</p>
        <p>
          <bdi dir="ltr">{order.phone}</bdi>
          {order.email ? (
            <>
              {" · "}
              <bdi dir="ltr">{order.email}</bdi>
            </>
          ) : null}
        </p>
        <p data-testid="slip-address">
          <IsolatedList parts={addressParts(order, order.lang)} lang={order.lang} />
        </p>
        {order.notes ? <p className="mt-1 whitespace-pre-line">{order.notes}</p> : null}
        {order.shipping ? (
          <p className="mt-1" data-testid="slip-shipping">
            <span className="font-semibold">{t("shipping.title")}:</span>{" "}
            {pickText(order.lang, order.shipping.name, order.shipping.name_ar)}
            {order.shipping.zone
              ? ` (${pickText(order.lang, order.shipping.zone, order.shipping.zone_ar)})`
              : ""}
            {order.shipping.delivery_date ? (
              <>
                {" · "}
                {t("shipping.day")}:{" "}
                <time dateTime={order.shipping.delivery_date}>
                  {formatDeliveryDay(order.shipping.delivery_date, order.lang)}
                </time>
              </>
            ) : null}
            {order.shipping.tracking_number ? (
              <>
                {" · "}
                {t("shipping.trackingNumber")}:{" "}
                <bdi dir="ltr">{order.shipping.tracking_number}</bdi>
              </>
            ) : null}
          </p>
        ) : null}
      </section>
      <table className="mb-4 w-full border-collapse">
        <thead>
          <tr className="border-b border-ink">
            <th className="p-1 text-start">{t("product")}</th>
            <th className="p-1 text-end">{t("weight")}</th>
            <th className="p-1 text-end">{t("qty")}</th>
            <th className="p-1 text-end">{t("lineTotal")}</th>
          </tr>
        </thead>
        <tbody>
          {order.lines.map((line, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: lines are fixed once ordered
            <tr key={index} className="border-b border-line">
              <td className="p-1">
                {order.lang === "ar" && line.name_ar ? line.name_ar : line.name}
              </td>
              <td className="p-1 text-end">
                <bdi dir="ltr">{optionLabel(line.grams, order.lang)}</bdi>
              </td>
              <td className="p-1 text-end">
                <bdi dir="ltr">{line.qty}</bdi>
              </td>
              <td className="p-1 text-end">{money(line.line_total)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <dl className="ms-auto grid w-64 grid-cols-[1fr_auto] gap-x-4">
        <dt>{t("subtotal")}</dt>
        <dd className="text-end">{money(order.subtotal)}</dd>
        {order.discount > 0 ? (
          <>
            <dt>
              {t("discount")}
              {order.coupon ? (
                <>
                  {" "}
                  <bdi dir="ltr">{order.coupon}</bdi>
                </>
              ) : null}
            </dt>
            <dd className="text-end">
              <bdi dir="ltr">-{formatMoney(toCents(order.discount), order.lang)}</bdi>
            </dd>
          </>
        ) : null}
        <dt>{t("delivery")}</dt>
        <dd className="text-end">{money(order.delivery_fee)}</dd>
        <dt className="font-bold">{t("total")}</dt>
        <dd className="text-end font-bold">{money(order.total)}</dd>
        <dt>{t("payment")}</dt>
        <dd className="text-end">{t(`payment_method.${order.payment_method}`)}</dd>
        {/* Issue 24: the courier sees whether there is money to collect. */}
        <dt>{t("paymentStatus.label")}</dt>
        <dd className="text-end" data-testid="slip-payment-status">
          {t(`paymentStatus.${order.payment_status}`)}
        </dd>
      </dl>
    </article>
  );
}
