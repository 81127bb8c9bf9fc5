import { zodResolver } from "@hookform/resolvers/zod";
import { useMemo, useRef, useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { Link, useNavigate } from "react-router";
import type { z } from "zod";
import { countriesByName } from "../../../../shared/domain/countries.ts";
import { formatDeliveryDay } from "../../../../shared/domain/delivery-day.ts";
import {
  STAFF_ORDER_MESSAGES,
  STAFF_ORDER_SOURCES,
} from "../../../../shared/domain/order-sources.ts";
import { DOMESTIC_COUNTRY } from "../../../../shared/domain/shipping.ts";
import { adminPlaceOrderSchema } from "../../../../shared/schemas/admin-order.ts";
import { EMPTY_ORDER_FORM, ORDER_FORM_FIELDS } from "../../../../shared/schemas/order.ts";
import { ErrorList } from "../../../components/form/error-list.tsx";
import { Field } from "../../../components/form/field.tsx";
import { registerMessages } from "../../../components/form/messages.ts";
import { setServerErrors } from "../../../components/form/server-errors.ts";
import { SubmitButton } from "../../../components/form/submit-button.tsx";
import { Price } from "../../../components/ui/price.tsx";
import { useDebouncedValue } from "../../../components/ui/search-input.tsx";
import { useTranslation } from "../../../i18n/translator.tsx";
import { ApiError } from "../../../lib/api.ts";
import { pickText, useLang } from "../../../lib/bilingual.ts";
import { paths } from "../../../lib/paths.ts";
import type { CustomerMatch } from "./api/find-customers.ts";
import { usePaymentMethods } from "./api/payment-methods.ts";
import { useShippingQuote } from "./api/shipping-quote.ts";
import { TAKE_ORDER_FAILED, useTakeOrder } from "./api/take-order.ts";
import { CustomerSearch } from "./new-order-customer-search.tsx";
import { type DraftLine, NewOrderLines } from "./new-order-lines.tsx";

registerMessages(
  { ...STAFF_ORDER_MESSAGES, TAKE_ORDER_FAILED },
  (id) => `admin-orders:newOrder.errors.${id}`,
);

/** The form's own fields of the one staff-order schema; lines and shipping are kept beside it. */
const newOrderFormSchema = adminPlaceOrderSchema.pick({
  ...ORDER_FORM_FIELDS,
  coupon: true,
  source: true,
  lang: true,
});
type FormInput = z.input<typeof newOrderFormSchema>;
type FormOutput = z.output<typeof newOrderFormSchema>;
const FIELDS = Object.keys(newOrderFormSchema.shape) as Array<keyof FormInput>;

/** What the order page shows once after a staff order: the customer's private link. */
export type TakenOrderState = { privateLink?: string };

/**
 * An order taken by phone, on the messaging app or in person. The server prices it
 * with checkout's own rules; the desk then opens the saved order (its totals, the private link).
 */
/** `isOwner`: the owner may book a full or closed day on purpose (the API refuses it to others). */
export function NewOrderScreen({ isOwner = false }: { isOwner?: boolean }) {
  const { t } = useTranslation(["admin-orders", "messages"]);
  const lang = useLang();
  const navigate = useNavigate();
  const take = useTakeOrder();
  const methods = usePaymentMethods();
  const [lines, setLines] = useState<DraftLine[]>([]);
  const [linesError, setLinesError] = useState<string | null>(null);
  const [chosenMethod, setChosenMethod] = useState<string | null>(null);
  const [chosenDay, setChosenDay] = useState("");
  const [chosenSlot, setChosenSlot] = useState("");
  // The owner's override: any day typed in, full or closed, recorded on the order's timeline.
  const [override, setOverride] = useState(false);
  const [overrideDay, setOverrideDay] = useState("");
  const [banner, setBanner] = useState<string | null>(null);
  const [account, setAccount] = useState<CustomerMatch | null>(null);
  // One key per attempt: a double click or a retry after a lost answer is the same order.
  const idempotencyKey = useRef<string | null>(null);

  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(newOrderFormSchema),
    defaultValues: {
      ...EMPTY_ORDER_FORM,
      coupon: "",
      source: "phone",
      lang,
    },
  });
  const {
    register,
    formState: { errors },
  } = form;
  const country = useWatch({ control: form.control, name: "country" }) ?? "";

  const countryOptions = useMemo(() => {
    const all = countriesByName(lang).map((c) => ({ value: c.code, label: c[lang] }));
    return [
      ...all.filter((c) => c.value === DOMESTIC_COUNTRY),
      ...all.filter((c) => c.value !== DOMESTIC_COUNTRY),
    ];
  }, [lang]);

  const orderLines = useMemo(
    () => lines.map((line) => ({ productId: line.productId, grams: line.grams, qty: line.qty })),
    [lines],
  );
  const question = useDebouncedValue(
    useMemo(
      () => (country && orderLines.length > 0 ? { country, lines: orderLines } : null),
      [country, orderLines],
    ),
    250,
  );
  const quote = useShippingQuote(question);
  const offered = quote.data?.ok && question ? quote.data.methods : [];
  const method =
    offered.find((m) => m.id === chosenMethod) ??
    offered.find((m) => m.kind === "delivery") ??
    offered[0] ??
    null;
  // Domestic delivery may be booked for one of the quote's days (optional, as at checkout).
  const days = (method?.days ?? []).map((d) => d.date);
  const day = override ? overrideDay : days.includes(chosenDay) ? chosenDay : "";
  // The day's time slots, when the method has them (none chosen: the first with room).
  const slots = method?.days?.find((d) => d.date === day)?.slots ?? [];
  const slot = slots.some((s) => s.id === chosenSlot) ? chosenSlot : "";
  const refusal =
    quote.data && !quote.data.ok && question
      ? lang === "ar"
        ? quote.data.message_ar
        : quote.data.message
      : null;

  const onSubmit = form.handleSubmit(async (values) => {
    setBanner(null);
    if (lines.length === 0) {
      setLinesError(t("newOrder.linesRequired"));
      return;
    }
    setLinesError(null);
    idempotencyKey.current ??= crypto.randomUUID();
    try {
      const order = await take.mutateAsync({
        key: idempotencyKey.current,
        body: {
          ...values,
          lines: orderLines,
          shipping_method: method?.id ?? null,
          ready_date: day || null,
          slot: slot || null,
          customer_id: account?.user_id ?? null,
          ...(override ? { override_capacity: true } : {}),
        },
      });
      const state: TakenOrderState = {
        privateLink: order.access_key
          ? // The very link the confirmation e-mail carries.
            `${window.location.origin}${paths.order(order.number, order.access_key)}`
          : undefined,
      };
      navigate(paths.admin.order(order.id), { state });
    } catch (error) {
      // A definite refusal: the next attempt is a new order (a lost answer keeps the key).
      if (error instanceof ApiError && error.status >= 400 && error.status < 500)
        idempotencyKey.current = null;
      const rest = setServerErrors(error, form.setError, FIELDS, TAKE_ORDER_FAILED);
      // Stock, coupon and shipping refusals come worded in Arabic too.
      const arabic = error instanceof ApiError ? error.body?.message_ar : undefined;
      setBanner(lang === "ar" && typeof arabic === "string" && rest ? arabic : rest);
    }
  });

  return (
    <section className="flex max-w-3xl flex-col gap-6">
      <Link to={paths.admin.orders()} className="text-sm text-brown underline">
        {t("back")}
      </Link>
      <h1 className="text-2xl font-bold text-brown">{t("newOrder.title")}</h1>
      <form
        noValidate
        onSubmit={(event) => {
          // Said together with the fields' own problems, not only once they are fixed.
          if (lines.length === 0) setLinesError(t("newOrder.linesRequired"));
          void onSubmit(event);
        }}
        className="flex flex-col gap-8"
        data-testid="new-order-form"
      >
        <fieldset className="grid gap-4 sm:grid-cols-2">
          <legend className="mb-2 text-xl font-bold text-brown">{t("newOrder.customer")}</legend>
          <CustomerSearch
            attached={account}
            onDetach={() => setAccount(null)}
            onPick={(customer) => {
              const fill = (name: "name" | "phone" | "email" | "country", value: string | null) => {
                if (value) form.setValue(name, value, { shouldValidate: false, shouldDirty: true });
              };
              fill("name", customer.name);
              fill("phone", customer.phone);
              fill("email", customer.email);
              fill("country", customer.country);
              setChosenMethod(null);
              setAccount(customer.user_id === null ? null : customer);
            }}
          />
          <Field
            label={t("newOrder.source")}
            as="select"
            required
            options={STAFF_ORDER_SOURCES.map((source) => ({
              value: source,
              label: t(`source.${source}`),
            }))}
            error={errors.source}
            {...register("source")}
          />
          <Field
            label={t("newOrder.customerLang")}
            hint={t("newOrder.customerLangHint")}
            as="select"
            options={[
              { value: "en", label: t("newOrder.langEn") },
              { value: "ar", label: t("newOrder.langAr") },
            ]}
            error={errors.lang}
            {...register("lang")}
          />
          <Field
            label={t("newOrder.name")}
            required
            autoComplete="off"
            dir="auto"
            error={errors.name}
            {...register("name")}
          />
          <Field
            label={t("newOrder.phone")}
            required
            type="tel"
            dir="ltr"
            autoComplete="off"
            error={errors.phone}
            {...register("phone")}
          />
          <Field
            label={t("newOrder.email")}
            hint={t("newOrder.emailHint")}
            type="email"
            dir="ltr"
            autoComplete="off"
            error={errors.email}
            {...register("email")}
          />
          <Field
            label={t("newOrder.country")}
            as="select"
            required
            options={countryOptions}
            error={errors.country}
            {...register("country", { onChange: () => setChosenMethod(null) })}
          />
          <Field
            label={t("newOrder.city")}
            required
            autoComplete="off"
            dir="auto"
            error={errors.city}
            {...register("city")}
          />
          <Field
            label={t("newOrder.address")}
            as="textarea"
            rows={2}
            required
            dir="auto"
            error={errors.address}
            {...register("address")}
          />
        </fieldset>

        <NewOrderLines lines={lines} onChange={setLines} error={linesError} />

        <fieldset className="space-y-2" data-testid="new-order-shipping">
          <legend className="mb-2 text-xl font-bold text-brown">{t("shipping.title")}</legend>
          {!question ? (
            <p className="text-sm text-muted">{t("newOrder.shippingNeedsLines")}</p>
          ) : refusal ? (
            <p className="font-semibold text-red-700" role="status">
              {refusal}
            </p>
          ) : quote.isError ? (
            <p className="text-sm text-red-700" role="status">
              {t("newOrder.shippingFailed")}
            </p>
          ) : offered.length === 0 ? (
            <p className="text-sm text-muted" role="status">
              {t("loading")}
            </p>
          ) : (
            offered.map((m) => (
              <label
                key={m.id}
                className="flex cursor-pointer items-center gap-3 rounded-lg border border-line bg-white p-3"
              >
                <input
                  type="radio"
                  name="shipping_method"
                  value={m.id}
                  checked={method?.id === m.id}
                  onChange={() => setChosenMethod(m.id)}
                />
                <span className="flex-1">{pickText(lang, m.name, m.name_ar)}</span>
                <Price amount={m.fee} lang={lang} />
              </label>
            ))
          )}
          {isOwner && method ? (
            <Field
              as="checkbox"
              label={t("newOrder.overrideCapacity")}
              hint={t("newOrder.overrideCapacityHint")}
              checked={override}
              onChange={(event) => setOverride(event.target.checked)}
            />
          ) : null}
          {override ? (
            <Field
              label={t("shipping.day")}
              type="date"
              dir="ltr"
              value={overrideDay}
              onChange={(event) => setOverrideDay(event.target.value)}
            />
          ) : days.length > 0 ? (
            <Field
              label={t("shipping.day")}
              as="select"
              placeholder={t("newOrder.anyDay")}
              options={days.map((d) => ({ value: d, label: formatDeliveryDay(d, lang) }))}
              value={day}
              onChange={(event) => setChosenDay(event.target.value)}
            />
          ) : null}
          {slots.length > 0 ? (
            <Field
              label={t("shipping.slot")}
              as="select"
              placeholder={t("newOrder.anySlot")}
              options={slots.map((s) => ({
                value: s.id,
                label: pickText(lang, s.label, s.label_ar),
              }))}
              value={slot}
              onChange={(event) => setChosenSlot(event.target.value)}
            />
          ) : null}
        </fieldset>

        <fieldset className="grid gap-4 sm:grid-cols-2">
          <legend className="mb-2 text-xl font-bold text-brown">{t("newOrder.payment")}</legend>
          <Field
            label={t("payment")}
            as="select"
            required
            options={(methods.data ?? ["cod"]).map((m) => ({
              value: m,
              label: t(`payment_method.${m}`),
            }))}
            error={errors.payment_method}
            {...register("payment_method")}
          />
          <Field
            label={t("coupon")}
            dir="ltr"
            autoComplete="off"
            spellCheck={false}
            error={errors.coupon}
            {...register("coupon")}
          />
          <Field
            label={t("newOrder.notes")}
            as="textarea"
            rows={2}
            className="sm:col-span-2"
            dir="auto"
            error={errors.notes}
            {...register("notes")}
          />
        </fieldset>

        <ErrorList messages={[banner]} title={t("newOrder.refused")} />
        <SubmitButton
          pending={take.isPending}
          disabled={Boolean(refusal)}
          className="btn btn-primary self-start"
        >
          {t("newOrder.submit")}
        </SubmitButton>
      </form>
    </section>
  );
}
