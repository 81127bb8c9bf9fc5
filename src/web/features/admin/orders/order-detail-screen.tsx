import { Fragment, useState } from "react";
import { Link, useLocation } from "react-router";
import { addressParts } from "../../../../shared/domain/bidi.ts";
import { dtoContentsText } from "../../../../shared/domain/boxes.ts";
import { formatDateTime } from "../../../../shared/domain/date-format.ts";
import { formatDeliveryDay } from "../../../../shared/domain/delivery-day.ts";
import { formatDiscount, toCents } from "../../../../shared/domain/money.ts";
import type { OrderStatus } from "../../../../shared/domain/order-states.ts";
import { displayPhone, messagingDigits, telHref } from "../../../../shared/domain/phone.ts";
import { DOMESTIC_COUNTRY } from "../../../../shared/domain/shipping.ts";
import { optionLabel } from "../../../../shared/domain/weight-options.ts";
import type { AdminOrderDetail, TimelineEntry } from "../../../../shared/schemas/admin-order.ts";
import type { OrderShipping } from "../../../../shared/schemas/order.ts";
import { useMessageText } from "../../../components/form/messages.ts";
import { IsolatedList } from "../../../components/ui/bidi.tsx";
import { ConfirmDialog } from "../../../components/ui/dialog.tsx";
import { Price } from "../../../components/ui/price.tsx";
import { useToasts } from "../../../components/ui/toast.tsx";
import { useTranslation } from "../../../i18n/translator.tsx";
import { pickText, useLang } from "../../../lib/bilingual.ts";
import { messagingLink } from "../../../lib/messaging.ts";
import { paths } from "../../../lib/paths.ts";
import { OrderDocuments } from "../../invoices/order-documents.tsx";
import { useAddOrderNote } from "./api/add-order-note.ts";
import { useChangeOrderStatus } from "./api/change-order-status.ts";
import { useOrder } from "./api/get-order.ts";
import type { TakenOrderState } from "./new-order-screen.tsx";
import { LineActions } from "./order-changes.tsx";
import { PaymentPanel } from "./payment-panel.tsx";
import { SendMessageButton } from "./send-message-dialog.tsx";
import { ShipOrderDialog } from "./ship-order-dialog.tsx";
import { GiftMark, PaymentBadge, SourceBadge, StatusBadge } from "./status-badge.tsx";

/** One order on the desk: contact links, lines, totals, timeline, notes, next states. */
export function OrderDetailScreen({ id }: { id: number }) {
  const { t } = useTranslation(["admin-orders", "messages"]);
  const text = useMessageText();
  const order = useOrder(id);

  return (
    <section className="flex flex-col gap-6">
      <Link to={paths.admin.orders()} className="text-sm text-brown underline">
        {t("back")}
      </Link>
      {order.isPending ? (
        <p role="status">{t("loading")}</p>
      ) : order.isError ? (
        <div role="alert" className="flex flex-col items-start gap-3" data-testid="order-error">
          <p className="font-semibold text-red-700">{text(order.error.message)}</p>
          <button type="button" className="btn btn-outline" onClick={() => void order.refetch()}>
            {t("messages:ui.retry")}
          </button>
        </div>
      ) : (
        <OrderBody order={order.data} />
      )}
    </section>
  );
}

function OrderBody({ order }: { order: AdminOrderDetail }) {
  const { t } = useTranslation(["admin-orders", "messages"]);
  const lang = useLang();
  const text = useMessageText();
  const toast = useToasts();
  const change = useChangeOrderStatus(order.id);
  const [canceling, setCanceling] = useState(false);
  const [reason, setReason] = useState("");
  const [completing, setCompleting] = useState(false);
  const [shipping, setShipping] = useState(false);

  // Cancel and complete are asked first: neither can be taken back, and their
  // refusals stay in their dialog instead of a toast.
  const move = (status: OrderStatus, note?: string) =>
    change.mutateAsync(note?.trim() ? { status, note: note.trim() } : status).then(
      () => {
        toast.success(t("statusChanged", { status: t(`status.${status}`) }));
        setCanceling(false);
        setCompleting(false);
      },
      (error: Error) => {
        if (status !== "canceled" && status !== "completed") toast.error(text(error.message));
      },
    );
  const ask = (status: OrderStatus) => {
    if (status === "shipped") return setShipping(true);
    if (status === "completed") {
      change.reset();
      return setCompleting(true);
    }
    void move(status);
  };

  return (
    <>
      <header className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-bold text-brown">
          {t("orderTitle")} <bdi dir="ltr">{order.number}</bdi>
        </h1>
        <StatusBadge status={order.status} />
        <PaymentBadge status={order.payment_status} />
        <SourceBadge source={order.source} />
        {order.gift ? <GiftMark /> : null}
        {order.created_by ? (
          <span className="text-sm text-muted" data-testid="order-taken-by">
            {t("takenBy", { name: order.created_by.name })}
          </span>
        ) : null}
        <span className="ms-auto" />
        <SendMessageButton orderId={order.id} />
        <Link className="btn btn-outline" to={paths.admin.printOrders([order.id])} target="_blank">
          {t("print")}
        </Link>
      </header>
      <PrivateLinkNotice />
      <div className="flex flex-wrap gap-2" data-testid="next-states">
        {order.next_statuses.map((status) =>
          status === "canceled" ? (
            <button
              key={status}
              type="button"
              className="btn px-3 text-red-700 hover:bg-red-50"
              onClick={() => {
                change.reset();
                setReason("");
                setCanceling(true);
              }}
            >
              {t("cancelOrder")}
            </button>
          ) : (
            <button
              key={status}
              type="button"
              className="btn btn-primary"
              disabled={change.isPending}
              onClick={() => ask(status)}
              data-testid={`to-${status}`}
            >
              {t(`moveTo.${status}`)}
            </button>
          ),
        )}
      </div>
      <div className="grid gap-6 md:grid-cols-2">
        <Customer order={order} />
        {order.gift ? <Gift gift={order.gift} country={order.country} /> : null}
        <section className="rounded-lg border border-line bg-white p-4">
          <h2 className="mb-2 font-bold">{t("totals")}</h2>
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
            <dt>{t("subtotal")}</dt>
            <dd className="text-end">
              <Price amount={order.subtotal} lang={lang} />
            </dd>
            {order.discount > 0 ? (
              <>
                <dt>
                  {t("discount")} <bdi dir="ltr">({order.discount_percent}%)</bdi>
                  {order.coupon ? (
                    <>
                      {" · "}
                      {t("coupon")} <code dir="ltr">{order.coupon}</code>
                    </>
                  ) : null}
                </dt>
                {/* One left-to-right run, "−9.40 US$" in both languages: a separate minus
                    was drawn after the amount on an Arabic page. */}
                <dd className="text-end">
                  <span
                    dir="ltr"
                    className="font-bold text-gold-dark tabular-nums"
                    data-testid="order-discount"
                  >
                    {formatDiscount(toCents(order.discount), lang)}
                  </span>
                </dd>
              </>
            ) : null}
            {(order.promotions ?? []).map((promotion) => (
              <Fragment key={promotion.id}>
                <dt className="text-sm" data-testid="order-promotion">
                  {t("promotionsApplied")}:{" "}
                  <bdi>
                    {lang === "ar" && promotion.name_ar ? promotion.name_ar : promotion.name}
                  </bdi>
                </dt>
                <dd className="text-end text-sm">
                  <span dir="ltr" className="tabular-nums">
                    {formatDiscount(toCents(promotion.amount), lang)}
                  </span>
                </dd>
              </Fragment>
            ))}
            <dt>{t("delivery")}</dt>
            <dd className="text-end">
              <Price amount={order.delivery_fee} lang={lang} />
            </dd>
            {(order.gift_cards ?? []).map((card, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: an order's gift cards are a fixed list that is never reordered
              <Fragment key={`${card.recipient_email}-${index}`}>
                <dt data-testid="order-gift-card-bought">
                  {t("giftCardsBought")}{" "}
                  <bdi>
                    {t("giftCardFor", { name: card.recipient_name, email: card.recipient_email })}
                  </bdi>
                  {" · "}
                  {card.gift_card_id !== null && card.last_four ? (
                    <Link to="/admin-gift-cards">
                      {t("giftCardIssued", { last: card.last_four })}
                    </Link>
                  ) : (
                    t("giftCardWaiting", { day: card.send_on })
                  )}
                </dt>
                <dd className="text-end">
                  <Price amount={card.amount} lang={lang} />
                </dd>
              </Fragment>
            ))}
            {order.gift_wrap_fee > 0 || order.gift?.wrap ? (
              <>
                <dt>{t("gift.wrap")}</dt>
                <dd className="text-end" data-testid="gift-wrap-fee">
                  {order.gift_wrap_fee > 0 ? (
                    <Price amount={order.gift_wrap_fee} lang={lang} />
                  ) : (
                    t("gift.free")
                  )}
                </dd>
              </>
            ) : null}
            <dt className="font-bold">{t("total")}</dt>
            <dd className="text-end">
              <Price amount={order.total} lang={lang} />
            </dd>
            {(order.gift_card_paid ?? 0) > 0 ? (
              <>
                <dt>{t("giftCardPaid")}</dt>
                <dd className="text-end" data-testid="order-gift-card-paid">
                  <span dir="ltr" className="tabular-nums">
                    {formatDiscount(toCents(order.gift_card_paid ?? 0), lang)}
                  </span>
                </dd>
              </>
            ) : null}
          </dl>
        </section>
        <PaymentPanel order={order} />
      </div>
      <OrderDocuments
        order={order}
        auth="admin"
        commercialInvoice={
          order.country.toUpperCase() === DOMESTIC_COUNTRY
            ? null
            : {
                url: `/api/admin/orders/${order.id}/commercial-invoice.pdf`,
                fileName: `commercial-invoice-${order.number}`,
              }
        }
      />
      {order.shipping ? (
        <Shipping shipping={order.shipping} readyDate={order.ready_date} slot={order.slot} />
      ) : null}
      <Lines order={order} />
      <Timeline entries={order.timeline} />
      <NoteForm id={order.id} />
      <ShipOrderDialog
        orderId={order.id}
        orderNumber={order.number}
        open={shipping}
        onOpenChange={setShipping}
      />
      <ConfirmDialog
        open={canceling}
        onOpenChange={setCanceling}
        title={t("cancelTitle")}
        description={t("cancelQuestion", { number: order.number })}
        confirmLabel={t("cancelOrder")}
        cancelLabel={t("keepOrder")}
        pending={change.isPending}
        error={change.isError ? text(change.error.message) : null}
        onConfirm={() => void move("canceled", reason)}
      >
        <label htmlFor="cancel-reason" className="block text-sm font-semibold">
          {t("cancelReason")}
        </label>
        <textarea
          id="cancel-reason"
          className="input mt-1 min-h-16 w-full"
          dir="auto"
          value={reason}
          maxLength={2000}
          onChange={(e) => setReason(e.target.value)}
          aria-describedby="cancel-reason-hint"
        />
        <p id="cancel-reason-hint" className="mt-1 text-xs text-muted">
          {t("cancelReasonHint")}
        </p>
      </ConfirmDialog>
      <ConfirmDialog
        open={completing}
        onOpenChange={setCompleting}
        title={t("completeTitle")}
        description={t("completeQuestion", { number: order.number })}
        confirmLabel={t("moveTo.completed")}
        cancelLabel={t("notYet")}
        tone="default"
        pending={change.isPending}
        error={change.isError ? text(change.error.message) : null}
        onConfirm={() => void move("completed")}
      />
    </>
  );
}

function Customer({ order }: { order: AdminOrderDetail }) {
  const { t } = useTranslation("admin-orders");
  const lang = useLang();
  // Read with the order's country: numbers stored before they were kept in E.164 link in full too.
  const chat = messagingDigits(order.phone, order.country);
  return (
    <section className="rounded-lg border border-line bg-white p-4" data-testid="order-customer">
      <h2 className="mb-2 font-bold">{t("customer")}</h2>
      {/* The customer's own texts in their own direction ("بناء 12" on an English screen). */}
      <p className="font-semibold" dir="auto" data-testid="order-name">
        {order.name}
      </p>
      <ul className="mt-2 flex flex-wrap gap-3">
        <li>
          <a
            className="underline"
            href={telHref(order.phone, order.country)}
            dir="ltr"
            data-testid="order-phone"
          >
            {displayPhone(order.phone, order.country)}
          </a>
        </li>
        {chat ? (
          <li>
            <a className="underline" href={messagingLink(chat)} target="_blank" rel="noreferrer">
              {t("message")}
            </a>
          </li>
        ) : null}
        {order.email ? (
          <li>
            <a className="underline" href={`mailto:${order.email}`} dir="ltr">
              {order.email}
            </a>
          </li>
        ) : null}
      </ul>
      <h3 className="mt-4 font-semibold">{t("address")}</h3>
      <p data-testid="order-address">
        <IsolatedList parts={addressParts(order, lang)} lang={lang} />
      </p>
      {order.notes ? (
        <>
          <h3 className="mt-4 font-semibold">{t("customerNotes")}</h3>
          <p className="whitespace-pre-line" dir="auto" data-testid="order-notes">
            {order.notes}
          </p>
        </>
      ) : null}
    </section>
  );
}

/**
 * Who receives the gift (at the order's address) and the card as the buyer wrote it,
 * in its own direction and with its line breaks.
 */
function Gift({
  gift,
  country,
}: {
  gift: NonNullable<AdminOrderDetail["gift"]>;
  /** The order's country: the recipient lives at the order's address. */
  country: string;
}) {
  const { t } = useTranslation("admin-orders");
  return (
    <section
      className="rounded-lg border border-line bg-white p-4"
      data-testid="order-gift-details"
    >
      <h2 className="mb-2 font-bold">{t("gift.title")}</h2>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
        <dt>{t("gift.recipient")}</dt>
        <dd className="font-semibold">
          <bdi>{gift.recipient_name}</bdi>
        </dd>
        <dt>{t("gift.recipientPhone")}</dt>
        <dd>
          <a
            className="underline"
            href={telHref(gift.recipient_phone, country)}
            dir="ltr"
            data-testid="gift-phone"
          >
            {displayPhone(gift.recipient_phone, country)}
          </a>
        </dd>
        <dt>{t("gift.wrap")}</dt>
        <dd data-testid="gift-wrap">{gift.wrap ? t("gift.yes") : t("gift.no")}</dd>
      </dl>
      <h3 className="mt-4 font-semibold">{t("gift.message")}</h3>
      {gift.message ? (
        <p
          className="mt-1 whitespace-pre-wrap break-words rounded border border-line bg-cream p-2"
          dir="auto"
          data-testid="gift-message"
        >
          {gift.message}
        </p>
      ) : (
        <p className="mt-1 text-muted">{t("gift.noMessage")}</p>
      )}
    </section>
  );
}

/** How the order travels: method, zone, fee, day, and once shipped its carrier and tracking. */
function Shipping({
  shipping,
  readyDate,
  slot,
}: {
  shipping: OrderShipping;
  readyDate: string | null;
  slot: { label: string; label_ar: string } | null;
}) {
  const { t } = useTranslation("admin-orders");
  const lang = useLang();
  const tracking =
    shipping.tracking_url && /^https:\/\//i.test(shipping.tracking_url)
      ? shipping.tracking_url
      : null;
  return (
    <section className="rounded-lg border border-line bg-white p-4" data-testid="order-shipping">
      <h2 className="mb-2 font-bold">{t("shipping.title")}</h2>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
        <dt>{t("shipping.method")}</dt>
        <dd>
          {pickText(lang, shipping.name, shipping.name_ar)}{" "}
          <span className="text-sm text-muted">({t(`shipping.kind.${shipping.kind}`)})</span>
        </dd>
        {shipping.zone ? (
          <>
            <dt>{t("shipping.zone")}</dt>
            <dd>{pickText(lang, shipping.zone, shipping.zone_ar)}</dd>
          </>
        ) : null}
        <dt>{t("shipping.fee")}</dt>
        <dd>
          <Price amount={shipping.fee} lang={lang} />
        </dd>
        {shipping.delivery_date ? (
          <>
            <dt>{t("shipping.day")}</dt>
            <dd data-testid="delivery-day">
              <time dateTime={shipping.delivery_date}>
                {formatDeliveryDay(shipping.delivery_date, lang)}
              </time>
            </dd>
          </>
        ) : null}
        {readyDate ? (
          <>
            <dt>{t("readyDay")}</dt>
            <dd data-testid="ready-day">
              <time dateTime={readyDate}>{formatDeliveryDay(readyDate, lang)}</time>
            </dd>
          </>
        ) : null}
        {slot ? (
          <>
            <dt>{t("shipping.slot")}</dt>
            <dd data-testid="order-slot">{pickText(lang, slot.label, slot.label_ar)}</dd>
          </>
        ) : null}
        {shipping.pickup ? (
          <>
            <dt>{t("shipping.collectFrom")}</dt>
            <dd data-testid="pickup-address">
              <bdi>{pickText(lang, shipping.pickup.address, shipping.pickup.address_ar)}</bdi>
              {" · "}
              <bdi>{pickText(lang, shipping.pickup.hours, shipping.pickup.hours_ar)}</bdi>
            </dd>
          </>
        ) : null}
        {shipping.carrier ? (
          <>
            <dt>{t("shipping.carrier")}</dt>
            <dd>{pickText(lang, shipping.carrier, shipping.carrier_ar)}</dd>
          </>
        ) : null}
        {shipping.tracking_number ? (
          <>
            <dt>{t("shipping.trackingNumber")}</dt>
            <dd>
              {tracking ? (
                <a
                  className="underline"
                  href={tracking}
                  target="_blank"
                  rel="noopener noreferrer"
                  dir="ltr"
                  data-testid="tracking-link"
                >
                  {shipping.tracking_number}
                </a>
              ) : (
                <bdi dir="ltr">{shipping.tracking_number}</bdi>
              )}
            </dd>
          </>
        ) : null}
      </dl>
    </section>
  );
}

function Lines({ order }: { order: AdminOrderDetail }) {
  const { t } = useTranslation("admin-orders");
  const lang = useLang();
  return (
    <section className="overflow-x-auto rounded-lg border border-line bg-white p-4">
      <table className="w-full text-start">
        <caption className="mb-2 text-start font-bold">{t("lines")}</caption>
        <thead>
          <tr className="border-b border-line text-start">
            <th className="p-2 text-start">{t("product")}</th>
            <th className="p-2 text-end">{t("weight")}</th>
            <th className="p-2 text-end">{t("qty")}</th>
            <th className="p-2 text-end">{t("changes.weighedColumn")}</th>
            <th className="p-2 text-end">{t("unitPrice")}</th>
            <th className="p-2 text-end">{t("lineTotal")}</th>
          </tr>
        </thead>
        <tbody>
          {order.lines.map((line) => (
            <tr key={line.line_id} className="border-b border-line last:border-0">
              <td className="p-2">
                {lang === "ar" && line.name_ar ? line.name_ar : line.name}
                {line.contents?.length ? (
                  <p className="text-sm text-muted">{dtoContentsText(line.contents, lang)}</p>
                ) : null}
              </td>
              <td className="p-2 text-end">
                <bdi dir="ltr">{optionLabel(line.grams, lang)}</bdi>
              </td>
              <td className="p-2 text-end" dir="ltr">
                {line.qty}
              </td>
              <td className="p-2 text-end" data-testid="line-weighed">
                {line.weighed_grams === null ? (
                  "—"
                ) : (
                  <bdi dir="ltr">{`${line.weighed_grams.toLocaleString(lang)} g`}</bdi>
                )}
              </td>
              <td className="p-2 text-end">
                <Price amount={line.unit_price} lang={lang} />
              </td>
              <td className="p-2 text-end">
                <Price amount={line.line_total} lang={lang} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <LineActions order={order} />
    </section>
  );
}

function actorName(entry: TimelineEntry, t: (key: string) => string): string {
  if (entry.actor.kind === "admin") return entry.actor.name ?? t("actor.admin");
  return t(`actor.${entry.actor.kind}`);
}

function Timeline({ entries }: { entries: readonly TimelineEntry[] }) {
  const { t } = useTranslation("admin-orders");
  const lang = useLang();
  return (
    <section className="rounded-lg border border-line bg-white p-4">
      <h2 className="mb-2 font-bold">{t("timeline")}</h2>
      <ol className="flex flex-col gap-2" data-testid="timeline">
        {entries.map((entry) => (
          <li
            key={`${entry.kind}-${entry.at}-${entry.kind === "status" ? entry.status : entry.id}`}
            className="border-s-2 border-gold ps-3"
            data-kind={entry.kind}
          >
            <p className="text-sm text-muted">
              <bdi dir="ltr">{formatDateTime(entry.at, lang)}</bdi> · {actorName(entry, t)}
            </p>
            {entry.kind === "status" ? (
              <p>
                {t("becameStatus", { status: t(`status.${entry.status}`) })}
                {entry.note ? ` — ${entry.note}` : ""}
              </p>
            ) : entry.kind === "note" ? (
              <p className="whitespace-pre-line">
                <span className="font-semibold">{t("note")}: </span>
                {entry.note}
              </p>
            ) : entry.kind === "receipt" ? (
              <p>{t("timelineReceipt")}</p>
            ) : entry.kind === "change" ? (
              <ChangeEntry entry={entry} />
            ) : (
              <MoneyEntry entry={entry} />
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}

/** Money received (with the day it came) or given back. */
/** An edit or a weighing: each line before and after, and the total. */
function ChangeEntry({ entry }: { entry: Extract<TimelineEntry, { kind: "change" }> }) {
  const { t } = useTranslation("admin-orders");
  const lang = useLang();
  const line = (l: (typeof entry.after.lines)[number]) =>
    `${l.name} · ${l.grams.toLocaleString(lang)} g × ${l.qty}${
      l.weighed_grams === null
        ? ""
        : ` · ${t("changes.weighed")} ${l.weighed_grams.toLocaleString(lang)} g`
    }`;
  const before = new Map(entry.before.lines.map((l) => [l.line_id, l]));
  const after = new Set(entry.after.lines.map((l) => l.line_id));
  return (
    <div data-testid="timeline-change">
      <p className="font-semibold">
        {entry.change === "edit" ? t("changes.edited") : t("changes.weighedTitle")}
      </p>
      <ul className="ms-4 list-disc text-sm">
        {entry.after.lines.map((l) => {
          const was = l.line_id === null ? undefined : before.get(l.line_id);
          return (
            <li key={`a${l.line_id}`}>
              <bdi>{was ? `${line(was)} → ${line(l)}` : `${t("changes.added")}: ${line(l)}`}</bdi>
            </li>
          );
        })}
        {entry.before.lines
          .filter((l) => !after.has(l.line_id))
          .map((l) => (
            <li key={`r${l.line_id}`}>
              <bdi>{`${t("changes.removed")}: ${line(l)}`}</bdi>
            </li>
          ))}
      </ul>
      <p className="text-sm">
        {t("changes.total")}: <Price amount={entry.before.total} lang={lang} /> →{" "}
        <Price amount={entry.after.total} lang={lang} />
      </p>
    </div>
  );
}

function MoneyEntry({ entry }: { entry: Extract<TimelineEntry, { kind: "payment" | "refund" }> }) {
  const { t } = useTranslation("admin-orders");
  const lang = useLang();
  return (
    <p className="whitespace-pre-line">
      <span className="font-semibold">
        {entry.kind === "payment" ? t("timelinePayment") : t("timelineRefund")}:{" "}
      </span>
      <Price amount={entry.amount} lang={lang} />
      {entry.kind === "payment" ? (
        <>
          {" · "}
          {t("timelinePaidOn")} <bdi dir="ltr">{formatDateTime(entry.paid_at, lang)}</bdi>
          {entry.method ? ` · ${t(`timelineMethods.${entry.method}`)}` : null}
        </>
      ) : null}
      {entry.note ? ` — ${entry.note}` : ""}
    </p>
  );
}

function NoteForm({ id }: { id: number }) {
  const { t } = useTranslation("admin-orders");
  const text = useMessageText();
  const add = useAddOrderNote(id);
  const [body, setBody] = useState("");
  return (
    <form
      className="flex flex-col gap-2 rounded-lg border border-line bg-white p-4"
      onSubmit={(event) => {
        event.preventDefault();
        add.mutate(body, { onSuccess: () => setBody("") });
      }}
    >
      <label htmlFor="order-note" className="font-bold">
        {t("addNote")}
      </label>
      <textarea
        id="order-note"
        className="input min-h-20"
        value={body}
        maxLength={2000}
        onChange={(e) => setBody(e.target.value)}
        aria-describedby={add.isError ? "order-note-error" : undefined}
      />
      {add.isError ? (
        <p id="order-note-error" role="alert" className="text-red-700">
          {text(add.error.message)}
        </p>
      ) : null}
      <button
        type="submit"
        className="btn btn-primary self-start"
        disabled={add.isPending || body.trim() === ""}
      >
        {add.isPending ? t("saving") : t("saveNote")}
      </button>
    </form>
  );
}

/**
 * Right after a staff order, its private link (the key is only ever in the placing
 * answer), to copy into a message to the customer. Gone on the next visit, as on checkout.
 */
function PrivateLinkNotice() {
  const { t } = useTranslation("admin-orders");
  const toast = useToasts();
  const link = (useLocation().state as TakenOrderState | null)?.privateLink;
  if (!link) return null;
  return (
    <section
      className="flex flex-wrap items-center gap-3 rounded-lg border border-gold bg-cream p-3"
      data-testid="private-link"
    >
      <p className="font-semibold">{t("newOrder.saved")}</p>
      <code className="min-w-0 flex-1 break-all text-sm" dir="ltr">
        {link}
      </code>
      <button
        type="button"
        className="btn btn-outline"
        onClick={() =>
          void navigator.clipboard.writeText(link).then(
            () => toast.success(t("newOrder.linkCopied")),
            () => toast.error(t("newOrder.copyFailed")),
          )
        }
      >
        {t("newOrder.copyLink")}
      </button>
    </section>
  );
}
