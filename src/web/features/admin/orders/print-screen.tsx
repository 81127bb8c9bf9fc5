import { useEffect, useState } from "react";
import { addressParts } from "../../../../shared/domain/bidi.ts";
import { formatDateTime } from "../../../../shared/domain/date-format.ts";
import { formatDeliveryDay } from "../../../../shared/domain/delivery-day.ts";
import { type Allergen, allergenLabel } from "../../../../shared/domain/food.ts";
import { formatMoney, toCents } from "../../../../shared/domain/money.ts";
import { displayPhone } from "../../../../shared/domain/phone.ts";
import { optionLabel } from "../../../../shared/domain/weight-options.ts";
import type { AdminOrderDetail } from "../../../../shared/schemas/admin-order.ts";
import { IsolatedList, Quantity } from "../../../components/ui/bidi.tsx";
import { useTranslation } from "../../../i18n/translator.tsx";
import { pickText } from "../../../lib/bilingual.ts";
import { useOrdersByIds } from "./api/get-order.ts";

/**
 * Packing slip / invoice for one order or a selection: one page per order, each in
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
      {done
        ? orders.map((order) =>
            order.gift ? (
              <GiftSlip key={order.id} order={order} gift={order.gift} />
            ) : (
              <Slip key={order.id} order={order} />
            ),
          )
        : null}
    </div>
  );
}

/** One slip's page: the order's language and direction, its title and number, and its date. */
function SlipFrame({
  order,
  title,
  gift = false,
  children,
}: {
  order: AdminOrderDetail;
  title: string;
  gift?: boolean;
  children: React.ReactNode;
}) {
  return (
    <article
      lang={order.lang}
      dir={order.lang === "ar" ? "rtl" : "ltr"}
      className="mb-8 break-after-page rounded-lg border border-line bg-white p-6 print:mb-0 print:border-0"
      data-testid="slip"
      {...(gift ? { "data-gift": "true" } : {})}
    >
      <header className="mb-4 flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="text-2xl font-bold">
          {title} <bdi dir="ltr">{order.number}</bdi>
        </h2>
        <p>
          <bdi dir="ltr">{formatDateTime(order.created_at, order.lang)}</bdi>
        </p>
      </header>
      {children}
    </article>
  );
}

function Slip({ order }: { order: AdminOrderDetail }) {
  const { i18n } = useTranslation();
  const t = i18n.getFixedT(order.lang, "admin-orders");
  const money = (amount: number) => <bdi dir="ltr">{formatMoney(toCents(amount), order.lang)}</bdi>;
  return (
    <SlipFrame order={order} title={t("slipTitle")}>
      <section className="mb-4">
        <p className="font-semibold">{order.name}</p>
        <p>
          <bdi dir="ltr">{displayPhone(order.phone, order.country)}</bdi>
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
        <SlipShipping order={order} />
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
            <tr key={line.line_id} className="border-b border-line">
              <td className="p-1">
                {order.lang === "ar" && line.name_ar ? line.name_ar : line.name}
                {line.contents?.length ? (
                  <ul
                    className="text-sm"
                    aria-label={t("slipContents")}
                    data-testid="slip-contents"
                  >
                    {line.contents.map((sweet) => (
                      <li key={`${sweet.product_id}-${sweet.name}`}>
                        {order.lang === "ar" && sweet.name_ar ? sweet.name_ar : sweet.name}{" "}
                        <bdi dir="ltr">{optionLabel(sweet.grams, order.lang)}</bdi>
                      </li>
                    ))}
                  </ul>
                ) : null}
                <LineAllergens allergens={order.line_allergens[index]} lang={order.lang} />
              </td>
              <td className="p-1 text-end">
                <bdi dir="ltr">{optionLabel(line.grams, order.lang)}</bdi>
                {/* What the packer weighed for the whole line, beside what was ordered. */}
                {line.weighed_grams === null ? null : (
                  <span className="block text-xs" data-testid="slip-weighed">
                    {t("changes.weighed")}{" "}
                    <bdi dir="ltr">{`${line.weighed_grams.toLocaleString(order.lang)} g`}</bdi>
                  </span>
                )}
              </td>
              <td className="p-1 text-end">
                <bdi dir="ltr">{line.qty}</bdi>
              </td>
              <td className="p-1 text-end">{money(line.line_total)}</td>
            </tr>
          ))}
          {/* The kitchen's dishes go in the same bag: by portions, no weight. */}
          {order.dishes.map((dish, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a removed dish has no id; the rows never move
            <tr key={`dish-${index}`} className="border-b border-line" data-testid="slip-dish">
              <td className="p-1">{pickText(order.lang, dish.name, dish.name_ar)}</td>
              <td className="p-1 text-end">–</td>
              <td className="p-1 text-end">
                <bdi dir="ltr">{dish.portions}</bdi>
              </td>
              <td className="p-1 text-end">{money(dish.line_total)}</td>
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
        {/* The courier sees whether there is money to collect. */}
        <dt>{t("paymentStatus.label")}</dt>
        <dd className="text-end" data-testid="slip-payment-status">
          {t(`paymentStatus.${order.payment_status}`)}
        </dd>
        {/* Cash on delivery: the (new) amount the courier collects; otherwise what is owed. */}
        {order.balance_due > 0 && order.status !== "canceled" ? (
          <>
            <dt className="font-bold">
              {order.payment_method === "cod" ? t("changes.toCollect") : t("changes.balanceDue")}
            </dt>
            <dd className="text-end font-bold" data-testid="slip-to-collect">
              {money(order.balance_due)}
            </dd>
          </>
        ) : null}
      </dl>
    </SlipFrame>
  );
}

/** A line's allergens as a label prints them: what it contains in bold, then the traces. */
function LineAllergens({
  allergens,
  lang,
}: {
  allergens: AdminOrderDetail["line_allergens"][number] | undefined;
  lang: AdminOrderDetail["lang"];
}) {
  const { i18n } = useTranslation();
  const t = i18n.getFixedT(lang, "admin-orders");
  if (!allergens) return null;
  const names = (codes: readonly Allergen[]) =>
    codes.map((code) => allergenLabel(code, lang)).join(lang === "ar" ? "، " : ", ");
  return (
    <div className="text-sm" data-testid="slip-allergens">
      {allergens.contains.length > 0 ? (
        <p className="font-bold">{t("slipContains", { list: names(allergens.contains) })}</p>
      ) : null}
      {allergens.traces.length > 0 ? (
        <p>{t("slipTraces", { list: names(allergens.traces) })}</p>
      ) : null}
      {allergens.unknown ? <p>{t("slipAllergensUnknown")}</p> : null}
    </div>
  );
}

/** How the order travels, as the courier reads it: method, zone, day, tracking number. */
function SlipShipping({ order }: { order: AdminOrderDetail }) {
  const { i18n } = useTranslation();
  const t = i18n.getFixedT(order.lang, "admin-orders");
  const { shipping } = order;
  if (!shipping) return null;
  return (
    <p className="mt-1" data-testid="slip-shipping">
      <span className="font-semibold">{t("shipping.title")}:</span>{" "}
      {pickText(order.lang, shipping.name, shipping.name_ar)}
      {shipping.zone ? ` (${pickText(order.lang, shipping.zone, shipping.zone_ar)})` : ""}
      {shipping.delivery_date ? (
        <>
          {" · "}
          {t("shipping.day")}:{" "}
          <time dateTime={shipping.delivery_date}>
            {formatDeliveryDay(shipping.delivery_date, order.lang)}
          </time>
        </>
      ) : null}
      {order.ready_date ? (
        <>
          {" · "}
          {t("readyDay")}:{" "}
          <time dateTime={order.ready_date} data-testid="slip-ready-day">
            {formatDeliveryDay(order.ready_date, order.lang)}
          </time>
        </>
      ) : null}
      {order.slot ? (
        <>
          {" · "}
          {t("shipping.slot")}:{" "}
          <bdi data-testid="slip-slot">
            {pickText(order.lang, order.slot.label, order.slot.label_ar)}
          </bdi>
        </>
      ) : null}
      {shipping.pickup ? (
        <>
          {" · "}
          {t("shipping.collectFrom")}:{" "}
          <bdi>{pickText(order.lang, shipping.pickup.address, shipping.pickup.address_ar)}</bdi> (
          <bdi>{pickText(order.lang, shipping.pickup.hours, shipping.pickup.hours_ar)}</bdi>)
        </>
      ) : null}
      {shipping.tracking_number ? (
        <>
          {" · "}
          {t("shipping.trackingNumber")}: <bdi dir="ltr">{shipping.tracking_number}</bdi>
        </>
      ) : null}
    </p>
  );
}

/**
 * A gift's slip travels in the box. It names who receives it (at the order's
 * address) and who sends it, carries the card message in its own direction, says when the
 * parcel is to be wrapped, and shows no price anywhere: no line amounts, no totals.
 */
function GiftSlip({
  order,
  gift,
}: {
  order: AdminOrderDetail;
  gift: NonNullable<AdminOrderDetail["gift"]>;
}) {
  const { i18n } = useTranslation();
  const t = i18n.getFixedT(order.lang, "admin-orders");
  return (
    <SlipFrame order={order} title={t("gift.slipTitle")} gift>
      <section className="mb-4" data-testid="slip-recipient">
        <p className="text-sm text-muted">{t("gift.deliverTo")}</p>
        <p className="font-semibold">
          <bdi>{gift.recipient_name}</bdi>
        </p>
        <p>
          <bdi dir="ltr">{displayPhone(gift.recipient_phone, order.country)}</bdi>
        </p>
        <p data-testid="slip-address">
          <IsolatedList parts={addressParts(order, order.lang)} lang={order.lang} />
        </p>
        <p className="mt-1" data-testid="slip-sender">
          {t("gift.from")}: <bdi>{order.name}</bdi>
        </p>
        {order.notes ? <p className="mt-1 whitespace-pre-line">{order.notes}</p> : null}
        <SlipShipping order={order} />
      </section>
      {gift.message ? (
        <section className="mb-4 rounded border border-gold p-4">
          <h3 className="mb-1 text-sm text-muted">{t("gift.message")}</h3>
          <p
            className="whitespace-pre-wrap break-words text-lg"
            dir="auto"
            data-testid="slip-gift-message"
          >
            {gift.message}
          </p>
        </section>
      ) : null}
      {gift.wrap ? (
        <p className="mb-4 font-bold" data-testid="slip-gift-wrap">
          {t("gift.wrapAsked")}
        </p>
      ) : null}
      <table className="mb-4 w-full border-collapse">
        <thead>
          <tr className="border-b border-ink">
            <th className="p-1 text-start">{t("product")}</th>
            <th className="p-1 text-end">{t("qty")}</th>
          </tr>
        </thead>
        <tbody>
          {order.lines.map((line, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: lines are fixed once ordered
            <tr key={index} className="border-b border-line">
              <td className="p-1">
                {order.lang === "ar" && line.name_ar ? line.name_ar : line.name}
                {line.contents?.length ? (
                  <ul
                    className="text-sm"
                    aria-label={t("slipContents")}
                    data-testid="slip-contents"
                  >
                    {line.contents.map((sweet) => (
                      <li key={`${sweet.product_id}-${sweet.name}`}>
                        {order.lang === "ar" && sweet.name_ar ? sweet.name_ar : sweet.name}{" "}
                        <bdi dir="ltr">{optionLabel(sweet.grams, order.lang)}</bdi>
                      </li>
                    ))}
                  </ul>
                ) : null}
                <LineAllergens allergens={order.line_allergens[index]} lang={order.lang} />
              </td>
              <td className="p-1 text-end">
                <Quantity grams={line.grams} qty={line.qty} lang={order.lang} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {/* The courier's payment facts stay (how it is paid, whether it is); never an amount. */}
      <dl className="ms-auto grid w-64 grid-cols-[1fr_auto] gap-x-4">
        <dt>{t("payment")}</dt>
        <dd className="text-end">{t(`payment_method.${order.payment_method}`)}</dd>
        <dt>{t("paymentStatus.label")}</dt>
        <dd className="text-end" data-testid="slip-payment-status">
          {t(`paymentStatus.${order.payment_status}`)}
        </dd>
      </dl>
    </SlipFrame>
  );
}
