import { useEffect, useRef, useState } from "react";
import { Link, useLocation } from "react-router";
import { addressParts } from "../../../shared/domain/bidi.ts";
import { dtoContentsText } from "../../../shared/domain/boxes.ts";
import { formatDateTime } from "../../../shared/domain/date-format.ts";
import { formatDeliveryDay } from "../../../shared/domain/delivery-day.ts";
import { formatMoney, type Lang, toCents } from "../../../shared/domain/money.ts";
import { systemCancelReason } from "../../../shared/domain/reservations.ts";
import { DOMESTIC_COUNTRY } from "../../../shared/domain/shipping.ts";
import { optionLabel } from "../../../shared/domain/weight-options.ts";
import type { OrderDto, OrderShipping } from "../../../shared/schemas/order.ts";
import { IsolatedList } from "../../components/ui/bidi.tsx";
import { useTranslation } from "../../i18n/translator.tsx";
import { pickText, useLang } from "../../lib/bilingual.ts";
import { usePaths } from "../../lib/paths.ts";
import { OrderDocuments } from "../invoices/order-documents.tsx";
import { CardPayment, paymentState } from "./card-payment.tsx";
import type { OrderPlacedState } from "./checkout-form.tsx";
import { readCustomerToken } from "./customer-session.ts";
import { loadOrder, type OrderLoad } from "./load-order.ts";
import { headlineKey, OrderProgress } from "./order-progress.tsx";
import { OrderReviews } from "./order-reviews.tsx";
import { ReceiptUpload } from "./receipt-upload.tsx";

const money = (dollars: number, lang: Lang) => (
  <span dir="ltr" className="tabular-nums">
    {formatMoney(toCents(dollars), lang)}
  </span>
);

/** Only a web link may become a button: the server builds it, but a page never trusts blindly. */
const isWebLink = (link: string | null): link is string =>
  link !== null && /^https:\/\//i.test(link);

/** How to reach the shop (public settings): a cancelled order's page offers them. */
export type ShopContact = { phones: readonly string[]; emails: readonly string[] };

/** The confirmation page: reachable by the guest's private link or the signed-in owner. */
/** How often, and how many times, the page asks again while a returned payment is confirmed. */
export const PAYMENT_POLL_MS = 2_000;
const PAYMENT_POLLS = 30;

export function OrderView({
  number,
  accessKey,
  contact,
  paymentReturn = false,
}: {
  number: string;
  accessKey: string | null;
  contact?: ShopContact;
  /** The card gateway just sent the shopper back (`?payment=done`): wait for its event. */
  paymentReturn?: boolean;
}) {
  const paths = usePaths();
  const { t } = useTranslation("checkout");
  const [load, setLoad] = useState<OrderLoad>({ state: "loading" });

  useEffect(() => {
    const controller = new AbortController();
    setLoad({ state: "loading" });
    loadOrder(number, accessKey, readCustomerToken(), controller.signal).then(setLoad, () => {});
    return () => controller.abort();
  }, [number, accessKey]);

  // Back from the card payment page before the gateway's event arrived: ask again for a
  // minute, so "waiting for the payment" turns into "paid" without a reload.
  const waiting =
    paymentReturn && load.state === "loaded" && paymentState(load.order) === "waiting";
  useEffect(() => {
    if (!waiting) return;
    const controller = new AbortController();
    let polls = 0;
    const timer = setInterval(() => {
      polls += 1;
      if (polls > PAYMENT_POLLS) return clearInterval(timer);
      loadOrder(number, accessKey, readCustomerToken(), controller.signal).then(
        (next) => {
          if (next.state === "loaded") setLoad(next);
        },
        () => {},
      );
    }, PAYMENT_POLL_MS);
    return () => {
      clearInterval(timer);
      controller.abort();
    };
  }, [waiting, number, accessKey]);

  return (
    <section className="container-page py-8">
      {load.state === "loading" ? (
        <p role="status" className="text-muted">
          {t("order.loading")}
        </p>
      ) : load.state === "not_found" ? (
        <div>
          <h1 className="text-3xl font-bold text-brown">{t("order.notFound")}</h1>
          <Link to={paths.shop()} className="btn btn-primary mt-6">
            {t("order.continueShopping")}
          </Link>
        </div>
      ) : load.state === "failed" ? (
        <p role="alert">{t("order.failed")}</p>
      ) : (
        <OrderDetails
          order={load.order}
          contact={contact}
          accessKey={accessKey}
          paymentReturn={paymentReturn}
          onOrder={(order) => setLoad({ state: "loaded", order })}
        />
      )}
    </section>
  );
}

/** Why the order was cancelled: the note given with its (latest) move to `canceled`. */
export function cancelReason(order: Pick<OrderDto, "status" | "events">): string | null {
  if (order.status !== "canceled") return null;
  const event = order.events.findLast((e) => e.status === "canceled");
  return event?.note?.trim() || null;
}

/** The gift cards an order bought: to whom, when, and whether they went out (never a code). */
function GiftCardsBought({ cards }: { cards: NonNullable<OrderDto["gift_cards"]> }) {
  const { t } = useTranslation("checkout");
  const lang = useLang();
  return (
    <section
      className="mt-6 rounded-xl border border-line bg-white p-4"
      data-testid="order-gift-cards"
    >
      <h2 className="text-lg font-bold text-brown">{t("order.giftCardsTitle")}</h2>
      <ul className="mt-2 space-y-3">
        {cards.map((card, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: an order's gift cards are a fixed list that is never reordered
          <li key={`${card.recipient_email}-${index}`} data-testid="order-gift-card">
            <p className="font-bold">
              {money(card.amount, lang)}{" "}
              <bdi>
                {t("order.giftCardTo", { name: card.recipient_name, email: card.recipient_email })}
              </bdi>{" "}
              <span className="text-sm">{t(`order.giftCardLang.${card.lang}`)}</span>
            </p>
            {card.message ? (
              <p dir="auto" className="whitespace-pre-line text-sm">
                {card.message}
              </p>
            ) : null}
            <p className="text-sm" data-testid="order-gift-card-state">
              {card.issued_at && card.last_four
                ? t("order.giftCardIssued", { last: card.last_four })
                : `${t("order.giftCardSendOn", { day: card.send_on })} · ${t("order.giftCardWaiting")}`}
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** A gift's recipient and card message: the message in its own direction. */
function GiftDetails({ gift }: { gift: NonNullable<OrderDto["gift"]> }) {
  const { t } = useTranslation("checkout");
  return (
    <section className="mt-6 rounded-xl border border-line bg-white p-4" data-testid="order-gift">
      <h2 className="text-lg font-bold text-brown">{t("gift.title")}</h2>
      <dl className="mt-2 grid gap-x-6 gap-y-1 sm:grid-cols-[max-content_1fr]">
        <dt className="font-bold">{t("gift.recipientName")}</dt>
        <dd>
          <bdi>{gift.recipient_name}</bdi>
        </dd>
        <dt className="font-bold">{t("gift.recipientPhone")}</dt>
        <dd className="flex flex-wrap gap-x-3">
          {/* Shown as dialled in the order's country, linked with the full number. */}
          <a className="underline" href={`tel:${gift.recipient_phone}`} dir="ltr">
            {gift.recipient_phone_display ?? gift.recipient_phone}
          </a>
          {gift.recipient_phone_messaging ? (
            <a
              className="underline"
              href={`https://wa.me/${gift.recipient_phone_messaging}`}
              target="_blank"
              rel="noopener noreferrer"
            >
              {t("gift.recipientMessaging")}
            </a>
          ) : null}
        </dd>
        {gift.message ? (
          <>
            <dt className="font-bold">{t("gift.card")}</dt>
            <dd dir="auto" className="whitespace-pre-line" data-testid="order-gift-message">
              {gift.message}
            </dd>
          </>
        ) : null}
        {gift.wrap ? (
          <>
            <dt className="font-bold">{t("gift.wrapped")}</dt>
            <dd>{t("gift.yes")}</dd>
          </>
        ) : null}
      </dl>
    </section>
  );
}

/** The reason in the page's language when the system wrote it (a reservation that ended). */
function shownCancelReason(
  order: Pick<OrderDto, "status" | "events">,
  t: (key: string) => string,
): string | null {
  const reason = cancelReason(order);
  const known = systemCancelReason(reason);
  return known ? t(`order.systemCancel.${known}`) : reason;
}

function OrderDetails({
  order,
  contact,
  accessKey = null,
  paymentReturn = false,
  onOrder = () => {},
}: {
  order: OrderDto;
  contact?: ShopContact;
  accessKey?: string | null;
  paymentReturn?: boolean;
  onOrder?: (order: OrderDto) => void;
}) {
  const paths = usePaths();
  const { t } = useTranslation("checkout");
  const lang = useLang();
  const location = useLocation();
  const opened = useRef(false);
  const link = isWebLink(order.messaging_link) ? order.messaging_link : null;
  const openMessaging = (location.state as OrderPlacedState | null)?.openMessaging === true;

  // Right after ordering via the messaging app, try to open it; browsers may block a window
  // that no click opened, so the button below stays the sure way.
  useEffect(() => {
    if (!openMessaging || !link || opened.current) return;
    opened.current = true;
    window.open(link, "_blank", "noopener");
  }, [openMessaging, link]);

  const canceled = order.status === "canceled";
  const payment = paymentState(order);
  const giftCardsTotal = (order.gift_cards ?? []).reduce((sum, card) => sum + card.amount, 0);
  // A cancelled order is not to be paid: no bank details, no messaging-app button.
  const instructions =
    !canceled && order.payment_instructions
      ? pickText(lang, order.payment_instructions.en, order.payment_instructions.ar)
      : "";

  return (
    <article>
      <h1 className="text-3xl font-bold text-brown" dir="auto">
        {t("order.title", { number: order.number })}
      </h1>
      {canceled ? (
        <Canceled reason={shownCancelReason(order, t)} contact={contact} />
      ) : (
        <p className="mt-2 text-lg" role="status" data-testid="order-headline">
          {t(headlineKey(order))}
        </p>
      )}
      <OrderProgress order={order} />
      {order.kitchen ? <KitchenSteps kitchen={order.kitchen} slot={order.slot} /> : null}
      <p className="mt-1 text-sm text-muted">{t("order.privateLink")}</p>

      <dl className="mt-6 grid gap-x-6 gap-y-2 sm:grid-cols-[max-content_1fr]">
        <dt className="font-bold">{t("order.status")}</dt>
        <dd data-testid="order-status">{t(`order.statuses.${order.status}`)}</dd>
        <dt className="font-bold">{t("order.placedAt")}</dt>
        <dd data-testid="order-placed-at">{formatDateTime(order.created_at, lang)}</dd>
        <dt className="font-bold">{t("order.paymentMethod")}</dt>
        <dd>{t(`payment.${order.payment_method}`)}</dd>
        <dt className="font-bold">{t("order.paymentState")}</dt>
        <dd data-testid="payment-status" data-state={payment}>
          {t(`order.paymentStates.${payment}`)}
        </dd>
        {order.shipping?.kind === "pickup" && order.shipping.pickup ? (
          <>
            <dt className="font-bold">{t("order.collectFrom")}</dt>
            <dd data-testid="pickup-address">
              <bdi>
                {pickText(lang, order.shipping.pickup.address, order.shipping.pickup.address_ar)}
              </bdi>
            </dd>
            <dt className="font-bold">{t("order.openingHours")}</dt>
            <dd data-testid="pickup-hours">
              <bdi>
                {pickText(lang, order.shipping.pickup.hours, order.shipping.pickup.hours_ar)}
              </bdi>
            </dd>
          </>
        ) : (
          <>
            <dt className="font-bold">{t("order.deliverTo")}</dt>
            <dd data-testid="deliver-to">
              {/* A gift goes to its recipient, not to the buyer who placed it. */}
              <IsolatedList
                parts={[order.gift?.recipient_name ?? order.name, ...addressParts(order, lang)]}
                lang={lang}
              />
            </dd>
          </>
        )}
      </dl>

      {order.shipping ? (
        <ShippingDetails
          shipping={order.shipping}
          readyDate={order.ready_date}
          slot={order.slot}
          abroad={order.country !== DOMESTIC_COUNTRY}
        />
      ) : null}

      {order.gift ? <GiftDetails gift={order.gift} /> : null}
      {order.gift_cards?.length ? <GiftCardsBought cards={order.gift_cards} /> : null}

      {link && !canceled ? (
        <div className="mt-6 rounded-xl border border-pistachio bg-white p-4">
          <a
            href={link}
            target="_blank"
            rel="noopener noreferrer"
            className="btn btn-primary"
            data-testid="messaging-link"
          >
            {t("order.messaging")}
          </a>
          <p className="mt-2 text-sm text-muted">{t("order.messagingHint")}</p>
        </div>
      ) : null}

      {payment === "waiting" ? (
        <CardPayment
          order={order}
          accessKey={accessKey}
          returned={paymentReturn}
          onOrder={onOrder}
        />
      ) : null}

      {instructions ? (
        <section className="mt-6 rounded-xl border border-line bg-white p-4">
          <h2 className="font-bold text-brown">{t("order.paymentInstructions")}</h2>
          <p className="mt-2" data-testid="payment-instructions">
            {instructions}
          </p>
        </section>
      ) : null}

      {order.payment_method === "bank_transfer" &&
      order.status !== "canceled" &&
      order.payment_status === "unpaid" ? (
        <ReceiptUpload number={order.number} accessKey={accessKey} />
      ) : null}

      <OrderDocuments order={order} auth="customer" accessKey={accessKey} />

      <h2 className="mt-8 text-xl font-bold text-brown">{t("order.lines")}</h2>
      <div className="mt-3 overflow-x-auto">
        <table className="w-full border-collapse bg-white text-start" data-testid="order-lines">
          <thead>
            <tr className="border-b border-line text-start">
              <th scope="col" className="p-2 text-start">
                {t("order.product")}
              </th>
              <th scope="col" className="p-2 text-start">
                {t("order.weight")}
              </th>
              <th scope="col" className="p-2 text-start">
                {t("order.qty")}
              </th>
              <th scope="col" className="p-2 text-end">
                {t("order.unitPrice")}
              </th>
              <th scope="col" className="p-2 text-end">
                {t("order.lineTotal")}
              </th>
            </tr>
          </thead>
          <tbody>
            {order.dishes.map((line) => (
              <tr key={`dish-${line.dish_id ?? line.name}`} className="border-b border-line">
                <td className="p-2">{pickText(lang, line.name, line.name_ar)}</td>
                <td className="p-2">{t("order.dish")}</td>
                <td className="p-2">{line.portions}</td>
                <td className="p-2 text-end">{money(line.unit_price, lang)}</td>
                <td className="p-2 text-end">{money(line.line_total, lang)}</td>
              </tr>
            ))}
            {order.lines.map((line) => (
              <tr key={line.line_id} className="border-b border-line">
                <td className="p-2">
                  {pickText(lang, line.name, line.name_ar)}
                  {line.contents?.length ? (
                    <p className="text-sm text-muted" data-testid="box-contents">
                      {dtoContentsText(line.contents, lang)}
                    </p>
                  ) : null}
                </td>
                <td className="p-2">
                  <bdi dir="ltr">{optionLabel(line.grams, lang)}</bdi>
                  {/* Sweets are cut by hand: what was weighed for the line, beside the order. */}
                  {line.weighed_grams === null ? null : (
                    <span className="block text-sm text-muted" data-testid="line-weighed">
                      {t("order.weighed")}{" "}
                      <bdi dir="ltr">{`${line.weighed_grams.toLocaleString(lang)} g`}</bdi>
                    </span>
                  )}
                </td>
                <td className="p-2">{line.qty}</td>
                <td className="p-2 text-end">{money(line.unit_price, lang)}</td>
                <td className="p-2 text-end">{money(line.line_total, lang)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <dl className="ms-auto mt-4 max-w-sm space-y-1" data-testid="order-totals">
        <div className="flex justify-between gap-4">
          <dt>{t("order.subtotal")}</dt>
          <dd>{money(order.subtotal, lang)}</dd>
        </div>
        <div className="flex justify-between gap-4">
          <dt>{t("order.discount", { percent: order.discount_percent })}</dt>
          <dd>{money(-order.discount, lang)}</dd>
        </div>
        {(order.promotions ?? []).map((promotion) => (
          <div
            key={promotion.id}
            className="flex justify-between gap-4 text-sm"
            data-testid="order-promotion"
          >
            <dt>
              {t("order.promotion", {
                name: lang === "ar" && promotion.name_ar ? promotion.name_ar : promotion.name,
              })}
            </dt>
            <dd>{money(-promotion.amount, lang)}</dd>
          </div>
        ))}
        <div className="flex justify-between gap-4">
          <dt>{t("order.deliveryFee")}</dt>
          <dd>{money(order.delivery_fee, lang)}</dd>
        </div>
        {giftCardsTotal > 0 ? (
          <div className="flex justify-between gap-4">
            <dt>{t("order.giftCardsBought")}</dt>
            <dd data-testid="order-gift-cards-bought">{money(giftCardsTotal, lang)}</dd>
          </div>
        ) : null}
        {order.gift_wrap_fee > 0 ? (
          <div className="flex justify-between gap-4">
            <dt>{t("order.giftWrap")}</dt>
            <dd data-testid="order-gift-wrap">{money(order.gift_wrap_fee, lang)}</dd>
          </div>
        ) : null}
        <div className="flex justify-between gap-4 border-t border-line pt-1 text-lg font-bold">
          <dt>{t("order.total")}</dt>
          <dd data-testid="order-total">{money(order.total, lang)}</dd>
        </div>
        {(order.gift_card_paid ?? 0) > 0 ? (
          <div className="flex justify-between gap-4">
            <dt>{t("order.giftCardPaid")}</dt>
            <dd data-testid="order-gift-card-paid">{money(-(order.gift_card_paid ?? 0), lang)}</dd>
          </div>
        ) : null}
        {order.refunded_amount > 0 ? (
          <div className="flex justify-between gap-4">
            <dt>{t("order.refunded")}</dt>
            <dd data-testid="order-refunded">{money(order.refunded_amount, lang)}</dd>
          </div>
        ) : null}
        {order.balance_due > 0 &&
        order.status !== "canceled" &&
        order.payment_status !== "unpaid" ? (
          <div className="flex justify-between gap-4 font-bold">
            <dt>{t("order.balanceDue")}</dt>
            <dd data-testid="order-balance-due">{money(order.balance_due, lang)}</dd>
          </div>
        ) : null}
      </dl>

      <OrderReviews order={order} accessKey={accessKey} />

      <Link to={paths.shop()} className="btn btn-outline mt-8">
        {t("order.continueShopping")}
      </Link>
    </article>
  );
}

/** A cancelled order says so, why when the shop gave a reason, and how to ask. */
function Canceled({ reason, contact }: { reason: string | null; contact?: ShopContact }) {
  const { t } = useTranslation("checkout");
  const phones = contact?.phones ?? [];
  const emails = contact?.emails ?? [];
  return (
    <section
      className="mt-4 rounded-xl border border-red-200 bg-red-50 p-4"
      data-testid="order-canceled"
    >
      <p className="text-lg font-semibold text-red-800" role="status">
        {t("order.canceled")}
      </p>
      {reason ? (
        <p className="mt-2" data-testid="cancel-reason">
          <span className="font-semibold">{t("order.cancelReason")}</span>{" "}
          <bdi dir="auto" className="whitespace-pre-line">
            {reason}
          </bdi>
        </p>
      ) : null}
      {phones.length + emails.length > 0 ? (
        <div className="mt-2" data-testid="cancel-contact">
          <p>{t("order.canceledContact")}</p>
          <ul className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
            {phones.map((phone) => (
              <li key={phone}>
                <a className="underline" href={`tel:${phone.replace(/[^\d+]/g, "")}`} dir="ltr">
                  {phone}
                </a>
              </li>
            ))}
            {emails.map((email) => (
              <li key={email}>
                <a className="underline" href={`mailto:${email}`} dir="ltr">
                  {email}
                </a>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}

/** Which day the ready day is to the shopper: the delivery day, the pickup day, or the dispatch day. */
function readyDayLabel(shipping: OrderShipping, abroad: boolean) {
  if (shipping.kind === "pickup") return "order.pickupDay";
  return abroad ? "order.shipsOn" : "order.deliveryDay";
}

/** How the order travels: method, zone, fee, day, and once shipped the tracking link. */
function ShippingDetails({
  shipping,
  readyDate,
  slot = null,
  abroad,
}: {
  shipping: OrderShipping;
  readyDate: string | null;
  slot?: { label: string; label_ar: string } | null;
  abroad: boolean;
}) {
  const day = shipping.delivery_date ?? readyDate;
  const { t } = useTranslation("checkout");
  const lang = useLang();
  const zone = shipping.zone ? pickText(lang, shipping.zone, shipping.zone_ar) : "";
  const carrier = shipping.carrier ? pickText(lang, shipping.carrier, shipping.carrier_ar) : "";
  const tracking = isWebLink(shipping.tracking_url) ? shipping.tracking_url : null;
  return (
    <section
      aria-labelledby="order-shipping-title"
      className="mt-6 rounded-xl border border-line bg-white p-4"
      data-testid="order-shipping"
    >
      <h2 id="order-shipping-title" className="font-bold text-brown">
        {t("order.shipping")}
      </h2>
      <dl className="mt-2 grid gap-x-6 gap-y-1 sm:grid-cols-[max-content_1fr]">
        <dt className="font-bold">{t("order.shippingMethod")}</dt>
        <dd data-testid="shipping-name">{pickText(lang, shipping.name, shipping.name_ar)}</dd>
        {zone && shipping.kind === "delivery" ? (
          <>
            <dt className="font-bold">{t("order.zone")}</dt>
            <dd data-testid="shipping-zone">{zone}</dd>
          </>
        ) : null}
        <dt className="font-bold">{t("order.shippingFee")}</dt>
        <dd data-testid="shipping-fee">{money(shipping.fee, lang)}</dd>
        {day ? (
          <>
            <dt className="font-bold">{t(readyDayLabel(shipping, abroad))}</dt>
            <dd data-testid="delivery-day">
              <time dateTime={day}>{formatDeliveryDay(day, lang)}</time>
            </dd>
          </>
        ) : null}
        {slot ? (
          <>
            <dt className="font-bold">
              {t(shipping.kind === "pickup" ? "order.pickupSlot" : "order.slot")}
            </dt>
            <dd data-testid="order-slot">{pickText(lang, slot.label, slot.label_ar)}</dd>
          </>
        ) : null}
        {carrier ? (
          <>
            <dt className="font-bold">{t("order.carrier")}</dt>
            <dd data-testid="shipping-carrier">{carrier}</dd>
          </>
        ) : null}
        {shipping.tracking_number ? (
          <>
            <dt className="font-bold">{t("order.trackingNumber")}</dt>
            <dd dir="ltr" className="text-start" data-testid="tracking-number">
              {shipping.tracking_number}
            </dd>
          </>
        ) : null}
      </dl>
      {tracking ? (
        <a
          href={tracking}
          target="_blank"
          rel="noopener noreferrer"
          className="btn btn-primary mt-3"
          data-testid="tracking-link"
        >
          {t("order.track")}
        </a>
      ) : null}
    </section>
  );
}

/**
 * The kitchen's steps for an order holding a dish, beside the order's own progress: the one
 * the cook reached is marked, the slot is named.
 */
function KitchenSteps({
  kitchen,
  slot,
}: {
  kitchen: NonNullable<OrderDto["kitchen"]>;
  slot: OrderDto["slot"];
}) {
  const { t } = useTranslation("checkout");
  const lang = useLang();
  const reached = kitchen.step ? kitchen.steps.indexOf(kitchen.step) : -1;
  return (
    <section className="mt-4" data-testid="kitchen-steps">
      <h2 className="font-bold">
        {t("kitchen.title")}
        {slot ? (
          <>
            {" · "}
            <bdi>{pickText(lang, slot.label, slot.label_ar)}</bdi>
          </>
        ) : null}
      </h2>
      <ol className="mt-2 flex flex-wrap gap-2">
        {kitchen.steps.map((step, i) => (
          <li
            key={step}
            className={`rounded-full px-3 py-1 text-sm ${i <= reached ? "bg-green-700 text-white" : "bg-cream text-ink"}`}
            aria-current={i === reached ? "step" : undefined}
            data-state={i < reached ? "done" : i === reached ? "current" : "todo"}
          >
            {t(`kitchen.steps.${step}`)}
          </li>
        ))}
      </ol>
    </section>
  );
}
