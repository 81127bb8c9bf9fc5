import { useState } from "react";
import { type Resolver, useForm } from "react-hook-form";
import { Link } from "react-router";
import { addDays } from "../../../shared/domain/business-time.ts";
import {
  GIFT_CARD_PURCHASE_MESSAGES,
  giftCardAmountProblem,
  sendDayProblem,
} from "../../../shared/domain/gift-cards.ts";
import { formatMoney, type Lang, toCents } from "../../../shared/domain/money.ts";
import type { GiftCardOfferDto, GiftCardPurchase } from "../../../shared/schemas/gift-cards.ts";
import { Field } from "../../components/form/field.tsx";
import { registerMessages, useMessageText } from "../../components/form/messages.ts";
import { schemaResolver } from "../../components/form/schema-resolver.ts";
import { useTranslation } from "../../i18n/translator.tsx";
import { usePaths } from "../../lib/paths.ts";

// The purchase refusals (the form's and the server's) in both languages.
registerMessages(GIFT_CARD_PURCHASE_MESSAGES, (id) => `gift-cards:errors.${id}`);

/** The amount radio's value for "another amount". */
const CUSTOM = "custom";

type Values = {
  /** One of the offer's amounts in dollars ("25"), or `custom`. */
  amount: string;
  custom: string;
  recipient_name: string;
  recipient_email: string;
  message: string;
  send_on: string;
  lang: Lang;
};

/** What the form knows beyond its values: the owner's offer and the shop's today. */
type Context = { offer: GiftCardOfferDto; today: string };

// The one schema the server checks `gift_cards[]` with (shared/schemas), fetched after the page.
const schemaCheck = schemaResolver(
  () => import("../../../shared/schemas/gift-cards.ts"),
  "giftCardPurchaseInputSchema",
);

/**
 * The server's schema on the chosen amount, then the server's two rules that need the offer and
 * the day (`giftCardAmountProblem`, `sendDayProblem`): a card the form accepts is one checkout
 * accepts. An amount error belongs to the box the shopper typed in, when it was "another amount".
 */
const resolver: Resolver<Values, Context, GiftCardPurchase> = async (values, context, options) => {
  const custom = values.amount === CUSTOM;
  const input = { ...values, amount: custom ? values.custom : values.amount };
  const result = await schemaCheck(input as never, undefined, options as never);
  const errors: Record<string, { type: string; message: string }> = {
    ...(result.errors as Record<string, { type: string; message: string }>),
  };
  const amountField = custom ? "custom" : "amount";
  if (errors.amount && custom) {
    errors.custom = errors.amount;
    delete errors.amount;
  }
  if (context && Object.keys(errors).length === 0) {
    const card = result.values as GiftCardPurchase;
    const amount = giftCardAmountProblem(card.amount, {
      enabled: context.offer.enabled,
      amountsCents: context.offer.amounts.map(toCents),
      customMinCents: context.offer.custom_min === null ? null : toCents(context.offer.custom_min),
      customMaxCents: context.offer.custom_max === null ? null : toCents(context.offer.custom_max),
    });
    if (amount) errors[amountField] = { type: "offer", message: amount };
    const day = sendDayProblem(card.send_on, context.today, addDays(context.today, 365));
    if (day) errors.send_on = { type: "day", message: day };
  }
  if (Object.keys(errors).length > 0) return { values: {}, errors: errors as never };
  return result as never;
};

type Props = {
  offer: GiftCardOfferDto;
  /** The shop's business date (YYYY-MM-DD): the earliest send day. */
  today: string;
  lang: Lang;
  /** Puts the card in the cart; false when the cart already holds the most an order may buy. */
  onAdd: (card: {
    amount: number;
    recipient_name: string;
    recipient_email: string;
    message: string | null;
    send_on: string;
    lang: Lang;
  }) => boolean;
};

/**
 * The gift card product: one of the owner's amounts (or another within the limits), who it is
 * for, a message, the day it is e-mailed and that e-mail's language; "Add to cart".
 */
export function GiftCardForm({ offer, today, lang, onAdd }: Props) {
  const { t } = useTranslation("gift-cards");
  const errorText = useMessageText();
  const paths = usePaths();
  const [added, setAdded] = useState<"added" | "full" | null>(null);
  const hasCustom = offer.custom_min !== null && offer.custom_max !== null;
  const [context] = useState<Context>(() => ({ offer, today }));
  const {
    register,
    handleSubmit,
    watch,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<Values, Context, GiftCardPurchase>({
    resolver,
    context,
    defaultValues: {
      amount: offer.amounts[0] !== undefined ? String(offer.amounts[0]) : CUSTOM,
      custom: "",
      recipient_name: "",
      recipient_email: "",
      message: "",
      send_on: today,
      lang,
    },
  });
  const choice = watch("amount");
  const money = (dollars: number) => formatMoney(toCents(dollars), lang);

  function submit(card: GiftCardPurchase) {
    const ok = onAdd({
      amount: card.amount / 100,
      recipient_name: card.recipient_name,
      recipient_email: card.recipient_email,
      message: card.message ?? null,
      send_on: card.send_on,
      lang: card.lang,
    });
    setAdded(ok ? "added" : "full");
    // The next card starts blank but for the amount and the day.
    if (ok)
      reset({
        amount: choice,
        custom: choice === CUSTOM ? String(card.amount / 100) : "",
        recipient_name: "",
        recipient_email: "",
        message: "",
        send_on: today,
        lang,
      });
  }

  if (!offer.enabled)
    return (
      <p className="rounded-xl border border-line bg-white p-6 text-center" data-testid="gift-off">
        {t("off")}
      </p>
    );

  return (
    <form
      onSubmit={handleSubmit(submit)}
      noValidate
      className="space-y-5 rounded-xl border border-line bg-white p-5"
      data-testid="gift-card-form"
      onChange={() => setAdded(null)}
    >
      <fieldset>
        <legend className="mb-2 font-bold">{t("amount")}</legend>
        <div className="flex flex-wrap gap-2">
          {offer.amounts.map((amount) => (
            <label
              key={amount}
              className="flex cursor-pointer items-center gap-2 rounded-lg border border-line px-3 py-2 has-[:checked]:border-gold-dark has-[:checked]:bg-cream"
            >
              <input type="radio" value={String(amount)} {...register("amount")} />
              <span dir="ltr" className="font-bold tabular-nums">
                {money(amount)}
              </span>
            </label>
          ))}
          {hasCustom ? (
            <label className="flex cursor-pointer items-center gap-2 rounded-lg border border-line px-3 py-2 has-[:checked]:border-gold-dark has-[:checked]:bg-cream">
              <input type="radio" value={CUSTOM} {...register("amount")} />
              <span className="font-bold">{t("custom")}</span>
            </label>
          ) : null}
        </div>
        {errors.amount?.message ? (
          <p className="mt-1 text-sm text-red-700" role="alert">
            {errorText(errors.amount.message)}
          </p>
        ) : null}
      </fieldset>
      {hasCustom && choice === CUSTOM ? (
        <Field
          label={t("customAmount", {
            min: money(offer.custom_min ?? 0),
            max: money(offer.custom_max ?? 0),
          })}
          error={errors.custom}
          required
          inputMode="decimal"
          dir="ltr"
          autoComplete="off"
          {...register("custom")}
        />
      ) : null}
      <Field
        label={t("recipientName")}
        error={errors.recipient_name}
        required
        autoComplete="off"
        maxLength={120}
        {...register("recipient_name")}
      />
      <Field
        label={t("recipientEmail")}
        error={errors.recipient_email}
        required
        type="email"
        dir="ltr"
        autoComplete="off"
        {...register("recipient_email")}
      />
      <Field
        as="textarea"
        label={t("message")}
        hint={t("messageHint")}
        error={errors.message}
        rows={3}
        dir="auto"
        maxLength={500}
        {...register("message")}
      />
      <Field
        label={t("sendOn")}
        hint={t("sendOnHint")}
        error={errors.send_on}
        required
        type="date"
        min={today}
        max={addDays(today, 365)}
        {...register("send_on")}
      />
      <fieldset>
        <legend className="mb-2 font-bold">{t("lang")}</legend>
        <div className="flex flex-wrap gap-4">
          {(["en", "ar"] as const).map((code) => (
            <label key={code} className="flex cursor-pointer items-center gap-2">
              <input type="radio" value={code} {...register("lang")} />
              {t(`langs.${code}`)}
            </label>
          ))}
        </div>
      </fieldset>
      <button type="submit" className="btn btn-primary w-full" disabled={isSubmitting}>
        {t("add")}
      </button>
      <div role="status" aria-live="polite" className="min-h-6 text-center">
        {added === "added" ? (
          <p className="font-bold text-brown" data-testid="gift-card-added">
            {t("added")}{" "}
            <Link to={paths.cart()} className="text-gold-dark underline">
              {t("viewCart")}
            </Link>
          </p>
        ) : added === "full" ? (
          <p className="font-bold text-red-700">{t("full")}</p>
        ) : null}
      </div>
    </form>
  );
}
