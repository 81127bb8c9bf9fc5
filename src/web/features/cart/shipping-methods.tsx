import { useEffect, useId, useState } from "react";
import { Link } from "react-router";
import { formatDeliveryDay } from "../../../shared/domain/delivery-day.ts";
import { type Lang, toCents } from "../../../shared/domain/money.ts";
import { DOMESTIC_COUNTRY } from "../../../shared/domain/shipping.ts";
import type { ShippingMethod, ShippingQuoteRequest } from "../../../shared/schemas/shipping.ts";
import { useMoney } from "../../components/ui/display-currency.tsx";
import { useTranslation } from "../../i18n/translator.tsx";
import { pickText } from "../../lib/bilingual.ts";
import { usePaths } from "../../lib/paths.ts";
import DeliveryDayPicker from "./delivery-day-picker.tsx";
import DeliverySlotPicker from "./delivery-slot-picker.tsx";
import { type QuoteState, useShippingQuote } from "./quote-shipping.ts";

type Props = {
  quote: QuoteState;
  onRetry: () => void;
  /** The chosen method's id (a quote's `methods[].id`). */
  method: string | null;
  onMethod: (id: string) => void;
  day: string | null;
  onDay: (day: string) => void;
  /** The chosen time slot of the day (a kitchen slot "k-19:00" for a cart with a dish). */
  slot?: string | null;
  onSlot?: (slot: string) => void;
  lang: Lang;
  /** Shipping abroad: the one dispatch day is stated, not chosen. */
  abroad?: boolean;
};

/**
 * The methods a quote offers (with the delivery or pickup days, or the dispatch day abroad), or why it offers
 * none, in the page's language. Checkout loads this module lazily: it only ever shows after
 * the browser has asked for a quote, so first visits do not download it.
 */
export function ShippingMethods({
  quote,
  onRetry,
  method,
  onMethod,
  day,
  onDay,
  slot = null,
  onSlot,
  lang,
  abroad = false,
}: Props) {
  const paths = usePaths();
  const { t } = useTranslation("checkout");
  const name = useId();
  const shown =
    quote.status === "ready" ? quote.quote : quote.status === "loading" ? quote.previous : null;

  if (quote.status === "failed")
    return (
      <div role="alert" className="flex flex-wrap items-center gap-3" data-testid="shipping-failed">
        <p className="text-red-700">{t("shipping.failed")}</p>
        <button type="button" className="btn btn-outline" onClick={onRetry}>
          {t("shipping.retry")}
        </button>
      </div>
    );
  // Until the first answer the status line under the country says it is being asked.
  if (!shown) return null;
  if (!shown.ok)
    return (
      <div data-testid="shipping-refused">
        {shown.reason === "weight_limit" ? (
          <Link to={paths.cart()} className="text-gold-dark underline">
            {t("shipping.changeCart")}
          </Link>
        ) : null}
      </div>
    );

  const chosen = shown.methods.find((m) => m.id === method);
  const daySlots = chosen?.days?.find((d) => d.date === day)?.slots;
  return (
    <div aria-busy={quote.status === "loading" || undefined}>
      <fieldset className="space-y-2" data-testid="shipping-methods">
        <legend className="mb-2 font-bold">{t("shipping.method")}</legend>
        {shown.methods.map((m) => (
          <MethodChoice
            key={m.id}
            method={m}
            name={name}
            checked={m.id === method}
            onChange={() => onMethod(m.id)}
            lang={lang}
          />
        ))}
      </fieldset>
      {chosen?.days && chosen.days.length > 0 ? (
        abroad ? (
          <p className="mt-3 font-bold" data-testid="dispatch-day">
            {t("shipping.shipsOn", { day: formatDeliveryDay(chosen.days[0]!.date, lang) })}
          </p>
        ) : (
          <DeliveryDayPicker
            days={chosen.days.map((d) => d.date)}
            value={day}
            onChange={onDay}
            lang={lang}
            name={`${name}-day`}
            pickup={chosen.kind === "pickup"}
          />
        )
      ) : null}
      {!abroad && daySlots && daySlots.length > 0 && onSlot ? (
        <DeliverySlotPicker
          slots={daySlots}
          value={slot}
          onChange={onSlot}
          lang={lang}
          name={`${name}-slot`}
          pickup={chosen?.kind === "pickup"}
          testId={daySlots.some((s) => s.id.startsWith("k-")) ? "kitchen-slots" : "delivery-slots"}
        />
      ) : null}
    </div>
  );
}

function MethodChoice({
  method,
  name,
  checked,
  onChange,
  lang,
}: {
  method: ShippingMethod;
  name: string;
  checked: boolean;
  onChange: () => void;
  lang: Lang;
}) {
  const { t } = useTranslation("checkout");
  const money = useMoney(lang);
  return (
    <label
      className="flex cursor-pointer items-center gap-3 rounded-lg border border-line bg-white p-3"
      data-testid="shipping-method"
      data-method={method.id}
    >
      <input type="radio" name={name} value={method.id} checked={checked} onChange={onChange} />
      <span className="flex-1">
        <span className="block font-bold">{pickText(lang, method.name, method.name_ar)}</span>
        <span className="block text-sm text-muted">
          {method.kind === "pickup" ? t("shipping.pickupHint") : t("shipping.deliveryHint")}
        </span>
      </span>
      <span className="font-bold" data-testid="shipping-method-fee">
        {method.kind === "pickup" && method.fee === 0 ? (
          t("shipping.free")
        ) : (
          <span dir="ltr" className="tabular-nums">
            {money(toCents(method.fee))}
          </span>
        )}
      </span>
    </label>
  );
}

/** What checkout needs to know of the shipping choice: the order button, the summary, the body. */
export type ShippingReport = {
  status: "asking" | "ready" | "failed";
  /** The quote's refusal in the page's language (no shipping, or over the weight cap). */
  refusal: string | null;
  method: string | null;
  /** The ready day: the delivery or pickup day chosen, or the dispatch day abroad. */
  day: string | null;
  /** The time slot chosen for that day (a kitchen slot for a cart with a dish); null when none. */
  slot: string | null;
  feeCents: number | null;
};

type ChoiceProps = {
  /** The question (country and lines); null while there is nothing to ask about. */
  question: ShippingQuoteRequest | null;
  lang: Lang;
  /** Changes when checkout wants the quote asked again (the server refused a stale method). */
  retryKey: number;
  onChange: (report: ShippingReport) => void;
};

/**
 * The quote for the current country and cart (asked again, debounced, as they change)
 * and the shopper's choice among its methods. Lazily loaded by checkout, with the picker.
 */
export function ShippingChoice({ question, lang, retryKey, onChange }: ChoiceProps) {
  const { state: quote, retry } = useShippingQuote(question);
  const [picked, setPicked] = useState<string | null>(null);
  const [pickedDay, setPickedDay] = useState<string | null>(null);
  const [pickedSlot, setPickedSlot] = useState<string | null>(null);
  const shown =
    quote.status === "ready" ? quote.quote : quote.status === "loading" ? quote.previous : null;
  const methods = shown?.ok ? shown.methods : [];
  // The shopper's choice while the quote still offers it, else the first delivery (the
  // cheapest); the day likewise, else the earliest one offered.
  const chosen =
    methods.find((m) => m.id === picked) ??
    methods.find((m) => m.kind === "delivery") ??
    methods[0] ??
    null;
  const days = (chosen?.days ?? []).map((d) => d.date);
  const day = pickedDay && days.includes(pickedDay) ? pickedDay : (days[0] ?? null);
  // The slot likewise: the shopper's while the day still offers it with room, else the day's
  // first with room; a dish's slot is never chosen for the shopper.
  const daySlots = chosen?.days?.find((d) => d.date === day)?.slots ?? [];
  const open = daySlots.filter((s) => s.available !== 0);
  const kitchenDay = daySlots.some((s) => s.id.startsWith("k-"));
  const slot = open.some((s) => s.id === pickedSlot)
    ? pickedSlot
    : kitchenDay
      ? null
      : (open[0]?.id ?? null);
  const refusal =
    shown && !shown.ok
      ? lang === "ar" && shown.message_ar
        ? shown.message_ar
        : shown.message
      : null;
  const status =
    quote.status === "failed" ? "failed" : quote.status === "ready" ? "ready" : "asking";
  const method = chosen?.id ?? null;
  const feeCents = chosen ? Math.round(chosen.fee * 100) : null;
  const dayToSend = days.length > 0 ? day : null;

  const slotToSend = dayToSend ? slot : null;

  useEffect(() => {
    onChange({ status, refusal, method, day: dayToSend, slot: slotToSend, feeCents });
  }, [status, refusal, method, dayToSend, slotToSend, feeCents, onChange]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new retryKey asks again
  useEffect(() => {
    if (retryKey > 0) retry();
  }, [retryKey]);

  if (!shown && quote.status !== "failed") return null;
  return (
    <ShippingMethods
      quote={quote}
      onRetry={retry}
      method={method}
      onMethod={setPicked}
      day={day}
      onDay={setPickedDay}
      slot={slot}
      onSlot={setPickedSlot}
      lang={lang}
      abroad={question !== null && question.country.toUpperCase() !== DOMESTIC_COUNTRY}
    />
  );
}
