import { lazy, Suspense, useEffect, useId, useMemo, useRef, useState } from "react";
import { type FieldError, type FieldPath, get, type Resolver, useForm } from "react-hook-form";
import { Link, useNavigate } from "react-router";
import type { z } from "zod";
import { dishIdOf } from "../../../shared/domain/cart.ts";
import { countriesByName } from "../../../shared/domain/countries.ts";
import { GIFT_MESSAGE_MAX } from "../../../shared/domain/gift.ts";
import {
  GIFT_CARD_MESSAGES,
  GIFT_CARD_PURCHASE_MESSAGES,
} from "../../../shared/domain/gift-cards.ts";
import type { Cents, Lang } from "../../../shared/domain/money.ts";
import {
  addressProblems,
  EMPTY_ORDER_FORM,
  isPickupMethod,
} from "../../../shared/domain/order-form.ts";
import { OFFLINE_PAYMENT_METHODS, type PaymentMethod } from "../../../shared/domain/payments.ts";
import { DOMESTIC_COUNTRY } from "../../../shared/domain/shipping.ts";
import { optionLabel } from "../../../shared/domain/weight-options.ts";
import type { UserDto } from "../../../shared/schemas/auth.ts";
import type { checkoutFormSchema, PlaceOrderInput } from "../../../shared/schemas/order.ts";
import { Field } from "../../components/form/field.tsx";
import { registerMessages, useMessageText } from "../../components/form/messages.ts";
import { schemaResolver } from "../../components/form/schema-resolver.ts";
import { useMoney } from "../../components/ui/display-currency.tsx";
import { useTranslation } from "../../i18n/translator.tsx";
import { useLang } from "../../lib/bilingual.ts";
import { usePaths } from "../../lib/paths.ts";
import { useAccountTrader } from "../trader/trader-prices.tsx";
import { setAppliedCoupon } from "./applied-coupon.ts";
import type { StoredCartLine } from "./cart-store.ts";
import { checkGiftCardBalance } from "./check-gift-card-balance.ts";
import { fetchAccount, readCustomerToken } from "./customer-session.ts";
import { type CartGiftCard, giftCardsForOrder } from "./gift-card-lines.ts";
import { apiLines, cartGrams, sweetsLines } from "./line-details.ts";
import { isPaymentLink } from "./payment-link.ts";
import { placeOrder } from "./place-order.ts";
import type { CheckoutContactBody } from "./record-checkout-contact.ts";
import { ReminderConsent } from "./reminder-consent.tsx";
import type { ShippingReport } from "./shipping-methods.tsx";

// Gift card refusals, in the messages namespace; registered here so only checkout carries them.
registerMessages(GIFT_CARD_MESSAGES, (id) => `giftCard.${id}`);
// The refusals of gift cards bought (a day gone by, cash on delivery), in the gift card texts.
registerMessages(GIFT_CARD_PURCHASE_MESSAGES, (id) => `gift-cards:errors.${id}`);

const ASKING: ShippingReport = {
  status: "asking",
  refusal: null,
  method: null,
  day: null,
  slot: null,
  feeCents: null,
};

// The quote and the method picker run only in the browser, after the cart is read:
// a chunk of their own keeps them out of the first visit's scripts.
const ShippingChoice = lazy(() =>
  import("./shipping-methods.tsx").then((module) => ({ default: module.ShippingChoice })),
);

// The checkout fields of the one order schema (shared/schemas/order.ts), checked in the browser
// once zod has come after the page.
const schemaCheck = schemaResolver(
  () => import("../../../shared/schemas/order.ts"),
  "checkoutFormSchema",
);
type FormInput = z.input<typeof checkoutFormSchema>;
type FormOutput = z.output<typeof checkoutFormSchema>;
/**
 * The chosen shipping method, read when the form is checked, and whether the cart holds gift
 * cards alone (nothing is delivered, so no address is asked for).
 */
type FormContext = { current: string | null; cardsOnly?: boolean };

/**
 * The schema's checks, and the address a delivery needs (a pickup asks for none), reported
 * together so one submit shows every missing field.
 */
const resolver: Resolver<FormInput, FormContext, FormOutput> = async (values, context, options) => {
  const result = await schemaCheck(values, context, options as never);
  const missing = context?.cardsOnly
    ? {}
    : addressProblems({ ...values, shipping_method: context?.current ?? null });
  if (Object.keys(missing).length === 0) return result;
  const errors: Record<string, { type: string; message: string }> = { ...result.errors } as never;
  for (const [field, messages] of Object.entries(missing))
    errors[field] ??= { type: "required", message: messages[0]! };
  return { values: {}, errors: errors as never };
};
type FieldName = FieldPath<FormInput>;
/** The fields a server error can name: the schema's, and the gift's under `gift.`. */
const FIELDS = new Set<string>([
  ...(Object.keys(EMPTY_ORDER_FORM) as (keyof typeof EMPTY_ORDER_FORM)[]),
  ...([
    "gift",
    "gift.recipient_name",
    "gift.recipient_phone",
    "gift.message",
    "gift.wrap",
  ] satisfies FieldName[]),
]);

/** State passed to the confirmation page: open the messaging app there once. */
export type OrderPlacedState = { openMessaging?: boolean };

type Props = {
  lines: readonly StoredCartLine[];
  /** The gift cards bought with the order (sent as `gift_cards`). */
  giftCards?: readonly CartGiftCard[];
  /** What the gift card code's balance pays, in cents, once checked (null: no code checked). */
  onGiftCardBalance?: (cents: Cents | null) => void;
  lang: Lang;
  /** The coupon to send, only when it beats the standing discount (it changes nothing otherwise). */
  coupon: string | null;
  /** The methods the shop offers (card only with a gateway); the offline ones by default. */
  paymentMethods?: readonly PaymentMethod[];
  /** `payment` when the browser is on its way to the hosted card payment page. */
  onPlaced: (next?: "payment") => void;
  /** The chosen shipping method's fee in cents (null until a quote offers one): the summary's. */
  onShippingFee?: (cents: number | null) => void;
  /** The country and the chosen method (null until a quote offers one): the summary prices them. */
  onShippingChoice?: (choice: { country: string; method: string | null }) => void;
  /** Gift wrapping's price in cents (0 = free); null or absent when the shop does not offer it. */
  giftWrapCents?: Cents | null;
  /** What wrapping adds to the order as the shopper ticks it (0 when not asked for). */
  onGiftWrap?: (cents: Cents) => void;
  /** The owner turned abandoned-checkout reminders on: the consent box is offered. */
  reminders?: boolean;
};

export function CheckoutForm({
  lines,
  giftCards = [],
  onGiftCardBalance,
  lang,
  coupon,
  paymentMethods = OFFLINE_PAYMENT_METHODS,
  onPlaced,
  onShippingFee,
  onShippingChoice,
  giftWrapCents = null,
  onGiftWrap,
  reminders = false,
}: Props) {
  const paths = usePaths();
  const { t } = useTranslation("checkout");
  const errorText = useMessageText();
  const navigate = useNavigate();
  const formId = useId();
  const [account, setAccount] = useState<UserDto | null>(null);
  // A trader on payment terms may also order on invoice, paying within its terms' days.
  const termsDays = useAccountTrader()?.trader.terms_days ?? 0;
  // Gift cards alone: nothing is delivered, so nothing to pay on delivery (the server refuses it).
  const cardsOnly = lines.length === 0 && giftCards.length > 0;
  const offered: readonly PaymentMethod[] =
    termsDays > 0 ? [...paymentMethods, "invoice"] : paymentMethods;
  const methods = cardsOnly ? offered.filter((m) => m !== "cod") : offered;
  const [submitting, setSubmitting] = useState(false);
  const [formErrors, setFormErrors] = useState<string[]>([]);
  const [isGift, setIsGift] = useState(false);
  const [remindMe, setRemindMe] = useState(false);
  // The e-mail as it stands when the shopper leaves a details field: the reminder's record
  // follows settled values, not every keystroke.
  const [settledEmail, setSettledEmail] = useState("");
  const inFlight = useRef(false);
  // One key per checkout attempt: a retry after a lost answer or a double click is the same
  // order. It is dropped only when the server has definitely refused the attempt.
  const idempotencyKey = useRef<string | null>(null);
  const token = useRef<string | null>(null);
  const chosenMethod = useRef<FormContext>({ current: null });
  chosenMethod.current.cardsOnly = cardsOnly;

  const {
    register,
    handleSubmit,
    getValues,
    watch,
    setValue,
    getFieldState,
    setError,
    formState: { errors },
  } = useForm<FormInput, FormContext, FormOutput>({
    resolver,
    context: chosenMethod.current,
    // The gift's fields leave the values when their section closes.
    shouldUnregister: true,
    defaultValues: {
      ...EMPTY_ORDER_FORM,
    },
  });

  // A signed-in customer's details fill the fields they have not typed into yet.
  useEffect(() => {
    token.current = readCustomerToken();
    if (!token.current) return;
    let live = true;
    void fetchAccount(token.current).then((user) => {
      if (!live) return;
      if (!user) {
        // An expired or revoked token: order as a guest rather than be refused.
        token.current = null;
        return;
      }
      setAccount(user);
      const fill = (field: FieldName, value: string | null) => {
        if (value && !getFieldState(field).isDirty) setValue(field, value);
      };
      fill("name", user.name);
      fill("email", user.email);
      fill("phone", user.phone);
      fill("country", user.country);
      setSettledEmail(getValues("email") ?? "");
    });
    return () => {
      live = false;
    };
  }, [getFieldState, getValues, setValue]);

  const countryOptions = useMemo(() => {
    const all = countriesByName(lang).map((c) => ({ value: c.code, label: c[lang] }));
    const syria = all.filter((c) => c.value === DOMESTIC_COUNTRY);
    return [...syria, ...all.filter((c) => c.value !== DOMESTIC_COUNTRY)];
  }, [lang]);

  const country = watch("country") ?? "";
  const grams = cartGrams(lines);
  // Dishes travel in `lines` beside the sweets; the server tells them apart.
  const orderLines = useMemo(() => apiLines(lines) as PlaceOrderInput["lines"], [lines]);
  const hasDish = lines.some((line) => dishIdOf(line.productId) !== null);
  // A reminder restores the sweets (a dish's day and slot are not kept for later).
  const reminderLines = useMemo(() => sweetsLines(lines) as CheckoutContactBody["lines"], [lines]);
  // The server prices shipping from the owner's zones; asked again (debounced, the
  // stale request cancelled) whenever the country or the cart changes.
  const quoteBody = useMemo(
    () => (country && orderLines.length > 0 ? { country, lines: orderLines } : null),
    [country, orderLines],
  );
  const [shipping, setShipping] = useState<ShippingReport>(ASKING);
  const [retryKey, setRetryKey] = useState(0);
  const { refusal, method, feeCents } = shipping;
  const canShip =
    cardsOnly ||
    (shipping.status === "ready" && method !== null && (!hasDish || shipping.slot !== null));
  const paymentMethod = watch("payment_method");
  useEffect(() => {
    if (cardsOnly && paymentMethod === "cod" && methods[0]) setValue("payment_method", methods[0]);
  }, [cardsOnly, paymentMethod, methods, setValue]);
  chosenMethod.current.current = method;
  useEffect(() => onShippingFee?.(feeCents), [feeCents, onShippingFee]);
  useEffect(() => onShippingChoice?.({ country, method }), [country, method, onShippingChoice]);
  const wrap = watch("gift.wrap") ?? false;
  const wrapCents = isGift && wrap && giftWrapCents !== null ? giftWrapCents : 0;
  useEffect(() => onGiftWrap?.(wrapCents), [wrapCents, onGiftWrap]);
  const shippingText =
    refusal ??
    (shipping.status === "ready"
      ? t(country === DOMESTIC_COUNTRY ? "shipping.domestic" : "shipping.international")
      : shipping.status === "failed"
        ? ""
        : t("shipping.loading"));

  async function submit(values: FormOutput) {
    if (inFlight.current || !canShip || (!cardsOnly && !method)) return;
    if (lines.length === 0 && giftCards.length === 0) return;

    inFlight.current = true;
    setSubmitting(true);
    setFormErrors([]);
    idempotencyKey.current ??= crypto.randomUUID();
    const result = await placeOrder(
      {
        ...values,
        lang,
        coupon,
        lines: orderLines,
        gift_cards: giftCardsForOrder(giftCards),
        // Gift cards alone: no address, method, day or slot (nothing is delivered).
        ...(cardsOnly
          ? { city: "", address: "", shipping_method: null, ready_date: null, slot: null }
          : { shipping_method: method, ready_date: shipping.day, slot: shipping.slot }),
      },
      idempotencyKey.current,
      token.current,
    );
    if (result.ok) {
      // A card order goes to the gateway's hosted page, which sends the shopper back to the
      // order page. Without a page (the gateway failed), the order page offers the retry.
      if (result.order.payment_method === "card" && isPaymentLink(result.order.payment_url)) {
        onPlaced("payment");
        setAppliedCoupon(null);
        window.location.assign(result.order.payment_url);
        return;
      }
      const state: OrderPlacedState = {
        openMessaging: result.order.payment_method === "messaging_app",
      };
      navigate(paths.order(result.order.number, result.order.access_key), { state });
      // Only a confirmed order empties the cart.
      onPlaced();
      setAppliedCoupon(null);
      return;
    }
    inFlight.current = false;
    setSubmitting(false);
    if (result.status === 0 || result.status >= 500) {
      setFormErrors([t("errors.failed")]);
      return;
    }
    idempotencyKey.current = null;
    // A code that expired or ran out since the cart: drop it so the summary shows the real
    // total and the next attempt goes without it.
    if (result.errors.coupon) setAppliedCoupon(null);
    // A method or day the server no longer offers (zones or the cut-off moved): ask again.
    if (
      result.errors.shipping_method ||
      result.errors.delivery_date ||
      result.errors.ready_date ||
      result.errors.slot
    )
      setRetryKey((n) => n + 1);
    const others: string[] = [];
    // The server's rule refusals come in both languages; other messages are translated by id.
    const inLanguage = (message: string) =>
      lang === "ar" && result.messageAr && message === result.message ? result.messageAr : message;
    for (const [field, messages] of Object.entries(result.errors)) {
      const message = messages[0] ? inLanguage(messages[0]) : undefined;
      if (!message) continue;
      if (FIELDS.has(field)) setError(field as FieldName, { type: "server", message });
      else others.push(errorText(message));
    }
    if (others.length === 0 && Object.keys(result.errors).length === 0) {
      others.push(result.message ? errorText(inLanguage(result.message)) : t("errors.failed"));
    }
    setFormErrors(others);
  }

  // THE form kit's field, fed by react-hook-form; required ones carry the kit's asterisk.
  // In the shopper's display currency, like every other price beside the form.
  const money = useMoney(lang);
  const fieldProps = (name: FieldName, label: string) => ({
    label,
    error: get(errors, name) as FieldError | undefined,
    ...register(name),
  });
  const shippingId = `${formId}-shipping`;

  return (
    <form onSubmit={handleSubmit(submit)} noValidate className="space-y-8">
      <p className="text-sm">
        {account ? (
          t("signedIn", { name: account.name })
        ) : (
          <>
            {t("guest")}{" "}
            <Link to={paths.login()} className="text-gold-dark underline">
              {t("login")}
            </Link>
          </>
        )}
      </p>

      <fieldset className="space-y-4" onBlur={() => setSettledEmail(getValues("email") ?? "")}>
        <legend className="mb-2 text-xl font-bold text-brown">{t("sections.details")}</legend>
        <Field {...fieldProps("name", t("fields.name"))} required autoComplete="name" />
        <Field {...fieldProps("phone", t("fields.phone"))} required type="tel" autoComplete="tel" />
        <Field
          {...fieldProps("email", t("fields.email"))}
          type="email"
          autoComplete="email"
          hint={t("fields.emailHint")}
        />
        {reminders ? (
          <ReminderConsent
            checked={remindMe}
            onChange={(checked) => {
              setRemindMe(checked);
              setSettledEmail(getValues("email") ?? "");
            }}
            email={settledEmail}
            lines={reminderLines}
            lang={lang}
          />
        ) : null}
      </fieldset>

      <fieldset className="space-y-4">
        <legend className="mb-2 text-xl font-bold text-brown">{t("sections.delivery")}</legend>
        <Field
          {...fieldProps("country", t("fields.country"))}
          as="select"
          required
          autoComplete="country"
          options={countryOptions}
          describedBy={shippingId}
          invalid={Boolean(refusal)}
        />
        {cardsOnly ? (
          <p className="-mt-3 text-sm text-muted" data-testid="cards-only">
            {t("giftCards.nothingToDeliver")}
          </p>
        ) : (
          <div id={shippingId} role="status" aria-live="polite" className="-mt-3 text-sm">
            <p
              data-testid="shipping-message"
              className={refusal ? "font-bold text-red-700" : "text-muted"}
            >
              {shippingText}
            </p>
            <p className="text-muted">
              {t("shipping.weight", { weight: optionLabel(grams, lang) })}
            </p>
          </div>
        )}
        {/* A pickup asks for no address: the shopper comes to the shop (name and phone suffice);
            gift cards alone are e-mailed, so neither. */}
        {isPickupMethod(method) || cardsOnly ? null : (
          <>
            <Field
              {...fieldProps("city", t("fields.city"))}
              required
              autoComplete="address-level2"
            />
            <Field
              {...fieldProps("address", t("fields.address"))}
              as="textarea"
              rows={2}
              required
              autoComplete="street-address"
            />
          </>
        )}
        <Field {...fieldProps("notes", t("fields.notes"))} as="textarea" rows={2} />
        {/* A gift card is never bought with a gift card (the server refuses it): no code box then. */}
        {giftCards.length === 0 ? (
          <GiftCardCodeBox
            field={fieldProps("gift_card", t("fields.giftCard"))}
            code={watch("gift_card") ?? ""}
            onBalance={onGiftCardBalance}
          />
        ) : null}
      </fieldset>

      {/* Gift orders: sent to someone else, with a card; the buyer stays the customer. */}
      {cardsOnly ? null : (
        <fieldset className="space-y-4" data-testid="gift-section">
          <legend className="mb-2 text-xl font-bold text-brown">{t("gift.title")}</legend>
          <label className="flex cursor-pointer items-center gap-3">
            <input
              type="checkbox"
              checked={isGift}
              onChange={(event) => setIsGift(event.target.checked)}
            />
            <span className="font-bold">{t("gift.isGift")}</span>
          </label>
          {isGift ? (
            <>
              <p className="text-sm text-muted">{t("gift.hint")}</p>
              <Field
                {...fieldProps("gift.recipient_name", t("gift.recipientName"))}
                required
                autoComplete="off"
              />
              <Field
                {...fieldProps("gift.recipient_phone", t("gift.recipientPhone"))}
                required
                type="tel"
                autoComplete="off"
              />
              <Field
                {...fieldProps("gift.message", t("gift.message"))}
                as="textarea"
                rows={3}
                dir="auto"
                maxLength={GIFT_MESSAGE_MAX}
                hint={t("gift.messageHint", { max: GIFT_MESSAGE_MAX })}
              />
              {giftWrapCents !== null ? (
                <Field
                  {...fieldProps(
                    "gift.wrap",
                    giftWrapCents === 0
                      ? t("gift.wrapFree")
                      : t("gift.wrap", { price: money(giftWrapCents) }),
                  )}
                  as="checkbox"
                />
              ) : null}
            </>
          ) : null}
        </fieldset>
      )}

      {cardsOnly ? null : (
        <section aria-labelledby={`${formId}-shipping-title`} className="space-y-2">
          <h2 id={`${formId}-shipping-title`} className="mb-2 text-xl font-bold text-brown">
            {t("sections.shipping")}
          </h2>
          <Suspense fallback={null}>
            <ShippingChoice
              question={quoteBody}
              lang={lang}
              retryKey={retryKey}
              onChange={setShipping}
            />
          </Suspense>
        </section>
      )}

      <fieldset className="space-y-2">
        <legend className="mb-2 text-xl font-bold text-brown">{t("sections.payment")}</legend>
        {methods.map((method) => (
          <label
            key={method}
            className="flex cursor-pointer items-start gap-3 rounded-lg border border-line bg-white p-3"
          >
            <input type="radio" value={method} className="mt-1.5" {...register("payment_method")} />
            <span>
              <span className="block font-bold">{t(`payment.${method}`, { days: termsDays })}</span>
              <span className="block text-sm text-muted">{t(`payment.${method}Hint`)}</span>
            </span>
          </label>
        ))}
        {errors.payment_method?.message ? (
          <p className="text-sm text-red-700">{errorText(errors.payment_method.message)}</p>
        ) : null}
      </fieldset>

      {formErrors.length > 0 ? (
        <div role="alert" className="rounded-lg border border-red-700 bg-red-50 p-3 text-red-800">
          <p className="font-bold">{t("errors.title")}</p>
          <ul className="mt-1 list-disc ps-5">
            {formErrors.map((message) => (
              <li key={message}>{message}</li>
            ))}
          </ul>
        </div>
      ) : null}

      <button
        type="submit"
        className="btn btn-primary w-full text-lg"
        disabled={submitting || !canShip || (lines.length === 0 && giftCards.length === 0)}
      >
        {submitting ? t("submitting") : t("submit")}
      </button>
    </form>
  );
}

/**
 * The gift card code box: the code pays as much of the order as its balance holds; "Check
 * balance" shows what it holds (`POST /api/gift-cards/balance`), and the summary what it pays.
 */
function GiftCardCodeBox({
  field,
  code,
  onBalance,
}: {
  field: React.ComponentProps<typeof Field>;
  code: string;
  onBalance?: (cents: Cents | null) => void;
}) {
  const { t } = useTranslation("checkout");
  const lang = useLang();
  const errorText = useMessageText();
  const money = useMoney(lang);
  const [state, setState] = useState<
    | { kind: "idle" | "checking" }
    | { kind: "balance"; code: string; cents: Cents }
    | { kind: "refused" | "failed"; message: string }
  >({ kind: "idle" });
  // A changed code is no longer the one checked: the summary stops counting it.
  const checked = state.kind === "balance" && state.code === code.trim();
  useEffect(() => onBalance?.(checked ? state.cents : null), [checked, state, onBalance]);

  async function check() {
    const typed = code.trim();
    if (!typed || state.kind === "checking") return;
    setState({ kind: "checking" });
    const answer = await checkGiftCardBalance(typed);
    if (answer.ok) setState({ kind: "balance", code: typed, cents: answer.cents });
    else setState({ kind: answer.reason, message: answer.message });
  }

  return (
    <div>
      <div className="flex items-end gap-2">
        <Field
          {...field}
          className="flex-1"
          hint={t("fields.giftCardHint")}
          dir="ltr"
          autoComplete="off"
          spellCheck={false}
        />
        <button
          type="button"
          className="btn btn-outline mb-1 shrink-0"
          disabled={!code.trim() || state.kind === "checking"}
          onClick={() => void check()}
        >
          {t("giftCardBox.check")}
        </button>
      </div>
      <p role="status" aria-live="polite" className="mt-1 min-h-5 text-sm">
        {checked ? (
          <span className="font-bold text-brown" data-testid="gift-card-balance">
            {t("giftCardBox.balance")}{" "}
            <span dir="ltr" className="tabular-nums">
              {money(state.cents)}
            </span>
          </span>
        ) : state.kind === "refused" ? (
          <span className="font-bold text-red-700">
            {state.message ? errorText(state.message) : t("giftCardBox.failed")}
          </span>
        ) : state.kind === "failed" ? (
          <span className="text-red-700">{t("giftCardBox.failed")}</span>
        ) : null}
      </p>
    </div>
  );
}
