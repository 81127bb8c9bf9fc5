import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import {
  type FieldError,
  get,
  type UseFormReturn,
  useFieldArray,
  useForm,
  useWatch,
} from "react-hook-form";
import { KNOWN_CURRENCIES } from "../../../../shared/domain/currency-codes.ts";
import { formatDateTime } from "../../../../shared/domain/date-format.ts";
import { MAX_SLOTS } from "../../../../shared/domain/delivery-slots.ts";
import { LOW_STOCK_MESSAGES } from "../../../../shared/domain/low-stock.ts";
import { MAIL_OPENING_KINDS } from "../../../../shared/domain/mail-openings.ts";
import { ORDER_MESSAGE_KINDS } from "../../../../shared/domain/order-messages.ts";
import { SETTINGS_MESSAGES } from "../../../../shared/domain/settings.ts";
import {
  type AdminSettings,
  type SettingsInput,
  type SettingsSectionId,
  type SettingsValues,
  settingsInputSchema,
  settingsSectionSchema,
} from "../../../../shared/schemas/settings.ts";
import { RecordHistory } from "../../../components/admin/record-history.tsx";
import { ErrorList } from "../../../components/form/error-list.tsx";
import { BilingualField, Field } from "../../../components/form/field.tsx";
import { registerMessages, useMessageText } from "../../../components/form/messages.ts";
import { setServerErrors } from "../../../components/form/server-errors.ts";
import { SubmitButton } from "../../../components/form/submit-button.tsx";
import { useToasts } from "../../../components/ui/toast.tsx";
import { useTranslation } from "../../../i18n/translator.tsx";
import { useSettings } from "./api/get-settings.ts";
import { useSaveSettings } from "./api/save-settings.ts";
import { describeSettingsChange } from "./history-labels.ts";

// The settings rules' texts are translated in this screen's namespace (loaded by its route).
registerMessages(SETTINGS_MESSAGES, (id) => `admin-settings:errors.${id}`);
// The shop's low-stock threshold (the product form registers the product's own).
registerMessages(
  { DEFAULT_THRESHOLD: LOW_STOCK_MESSAGES.DEFAULT_THRESHOLD },
  (id) => `admin-settings:errors.${id}`,
);

type Form = UseFormReturn<SettingsInput, unknown, SettingsValues>;

const SAVE_FAILED = "Failed to save settings";
const LOCATION_KEYS = [
  "title",
  "title_ar",
  "address",
  "address_ar",
  "hours",
  "hours_ar",
  "email",
  "mobile",
  "landline",
  "lat",
  "lng",
  "pickup",
] as const;
const TOP_KEYS = Object.keys(settingsInputSchema.shape);
const CURRENCY_KEYS = ["code", "rate", "symbol"] as const;

/** Every field path the form shows, so each server error lands beside its own field. */
function fieldPaths(values: SettingsInput): string[] {
  const list = (name: string, items: unknown) =>
    Array.isArray(items) ? items.map((_, i) => `${name}.${i}`) : [];
  return [
    ...TOP_KEYS,
    ...list("phones", values.phones),
    ...list("emails", values.emails),
    ...(Array.isArray(values.locations) ? values.locations : []).flatMap((_, i) =>
      LOCATION_KEYS.map((key) => `locations.${i}.${key}`),
    ),
    ...(Array.isArray(values.currencies) ? values.currencies : []).flatMap((_, i) =>
      CURRENCY_KEYS.map((key) => `currencies.${i}.${key}`),
    ),
    ...ORDER_MESSAGE_KINDS.map((kind) => `order_messages.${kind}`),
    ...MAIL_OPENING_KINDS.flatMap((kind) => [
      `mail_openings.${kind}.en`,
      `mail_openings.${kind}.ar`,
    ]),
  ];
}

const formValues = ({ updated_at: _date, ...values }: AdminSettings): SettingsInput => values;

/** The shop's settings in sections that save on their own, their history below. */
export function SettingsScreen() {
  const { t, i18n } = useTranslation(["admin-settings", "messages"]);
  const text = useMessageText();
  const settings = useSettings();

  return (
    <div className="flex flex-col gap-6">
      <header>
        <h1 className="text-2xl font-bold">{t("title")}</h1>
        <p className="mt-1 max-w-prose text-muted">{t("intro")}</p>
      </header>
      {settings.isPending ? (
        <p role="status">{t("loading")}</p>
      ) : settings.error ? (
        <div role="alert" className="flex flex-col items-start gap-2">
          <p className="text-red-700">{text(settings.error.message)}</p>
          <button type="button" className="btn btn-outline" onClick={() => void settings.refetch()}>
            {t("retry")}
          </button>
        </div>
      ) : (
        <SettingsSections saved={settings.data.data} />
      )}
      <section className="rounded-lg border border-line bg-white p-4">
        <h2 className="sr-only">{t("history")}</h2>
        <RecordHistory
          entity="settings"
          entityId="shop"
          describeChange={(change) =>
            describeSettingsChange(
              change,
              t,
              settings.data?.data.locations ?? [],
              i18n.language === "ar" ? "ar" : "en",
            )
          }
        />
      </section>
    </div>
  );
}

/** The settings in sections, each its own form with its own Save; when it was last saved. */
function SettingsSections({ saved }: { saved: AdminSettings }) {
  const { t, i18n } = useTranslation(["admin-settings", "admin", "messages"]);
  return (
    <div className="flex flex-col gap-6" data-testid="settings-form">
      <SettingsSection id="cart" title={t("cart.title")} saved={saved}>
        {(form, err) => (
          <>
            <div className="grid gap-4 sm:grid-cols-2">
              <Field
                label={t("cart.percent")}
                hint={t("cart.percentHint")}
                inputMode="numeric"
                dir="ltr"
                required
                error={err("cart_discount_percent")}
                {...form.register("cart_discount_percent")}
              />
              <Field
                label={t("cart.fee")}
                inputMode="decimal"
                dir="ltr"
                required
                error={err("delivery_fee")}
                {...form.register("delivery_fee")}
              />
            </div>
          </>
        )}
      </SettingsSection>

      <SettingsSection id="contact" title={t("contact.title")} saved={saved}>
        {(form, err) => (
          <>
            <TextList
              form={form}
              name="phones"
              legend={t("contact.phones")}
              itemLabel={(n) => t("contact.phone", { n })}
              addLabel={t("contact.addPhone")}
              type="tel"
            />
            <TextList
              form={form}
              name="emails"
              legend={t("contact.emails")}
              itemLabel={(n) => t("contact.email", { n })}
              addLabel={t("contact.addEmail")}
              type="email"
            />
            <div className="grid gap-4 sm:grid-cols-2">
              <Field
                label={t("contact.messaging")}
                hint={t("contact.messagingHint")}
                inputMode="numeric"
                dir="ltr"
                required
                error={err("messaging_number")}
                {...form.register("messaging_number")}
              />
              {(["instagram", "facebook", "tiktok"] as const).map((network) => (
                <Field
                  key={network}
                  label={t(`contact.${network}`)}
                  type="url"
                  dir="ltr"
                  required
                  error={err(`${network}_url`)}
                  {...form.register(`${network}_url`)}
                />
              ))}
            </div>
          </>
        )}
      </SettingsSection>

      <SettingsSection id="home" title={t("home.title")} saved={saved}>
        {(form) => (
          <>
            <BilingualField
              form={form}
              names={["hero_title", "hero_title_ar"]}
              label={t("home.heroTitle")}
            />
            <p className="text-sm text-muted">{t("home.heroTitleHint")}</p>
          </>
        )}
      </SettingsSection>

      <SettingsSection id="bank" title={t("bank.title")} saved={saved}>
        {(form) => (
          <>
            <BilingualField
              form={form}
              names={["bank_transfer_instructions", "bank_transfer_instructions_ar"]}
              label={t("bank.instructions")}
              as="textarea"
              required
            />
          </>
        )}
      </SettingsSection>

      <SettingsSection id="locations" title={t("locations.title")} saved={saved}>
        {(form) => <Locations form={form} />}
      </SettingsSection>

      <SettingsSection id="delivery" title={t("delivery.title")} saved={saved}>
        {(form) => <DeliveryDays form={form} />}
      </SettingsSection>

      <SettingsSection id="orders" title={t("orders.title")} saved={saved}>
        {(form, err) => (
          <>
            <Field
              className="max-w-xs"
              label={t("orders.pendingExpiry")}
              hint={t("orders.pendingExpiryHint")}
              inputMode="numeric"
              dir="ltr"
              required
              error={err("pending_expiry_hours")}
              {...form.register("pending_expiry_hours")}
            />
            <Field
              className="max-w-xs"
              label={t("orders.lowStock")}
              hint={t("orders.lowStockHint")}
              inputMode="decimal"
              dir="ltr"
              error={err("low_stock_kg")}
              {...form.register("low_stock_kg")}
            />
            {/* Gift orders: wrapping offered at checkout at this price, or not at all. */}
            <Field
              as="checkbox"
              label={t("orders.giftWrapOffered")}
              error={err("gift_wrap_offered")}
              {...form.register("gift_wrap_offered")}
            />
            <Field
              className="max-w-xs"
              label={t("orders.giftWrapPrice")}
              hint={t("orders.giftWrapPriceHint")}
              inputMode="decimal"
              dir="ltr"
              error={err("gift_wrap_price")}
              {...form.register("gift_wrap_price")}
            />
            {/* Weighed lines: within the tolerance a line is charged as ordered. */}
            <Field
              className="max-w-xs"
              label={t("orders.weighTolerance")}
              hint={t("orders.weighToleranceHint")}
              inputMode="numeric"
              dir="ltr"
              error={err("weigh_tolerance_percent")}
              {...form.register("weigh_tolerance_percent")}
            />
            <Field
              as="checkbox"
              label={t("orders.chargeOverWeight")}
              hint={t("orders.chargeOverWeightHint")}
              error={err("charge_over_weight")}
              {...form.register("charge_over_weight")}
            />
            {/* Abandoned checkouts: one reminder, only with the shopper's consent. */}
            <Field
              as="checkbox"
              label={t("orders.abandonedReminders")}
              hint={t("orders.abandonedRemindersHint")}
              error={err("abandoned_checkout_reminders")}
              {...form.register("abandoned_checkout_reminders")}
            />
            <Field
              className="max-w-xs"
              label={t("orders.abandonedHours")}
              inputMode="numeric"
              dir="ltr"
              error={err("abandoned_checkout_hours")}
              {...form.register("abandoned_checkout_hours")}
            />
          </>
        )}
      </SettingsSection>

      <SettingsSection id="invoices" title={t("invoices.title")} saved={saved}>
        {(form, err) => (
          <>
            <p className="text-sm text-muted">{t("invoices.intro")}</p>
            <BilingualField
              form={form}
              names={["seller_legal_name", "seller_legal_name_ar"]}
              label={t("invoices.legalName")}
            />
            <BilingualField
              form={form}
              names={["seller_address", "seller_address_ar"]}
              label={t("invoices.address")}
              as="textarea"
            />
            <Field
              className="max-w-xs"
              label={t("invoices.taxNumber")}
              dir="ltr"
              error={err("seller_tax_number")}
              {...form.register("seller_tax_number")}
            />
            <Field
              className="max-w-xs"
              label={t("invoices.taxRate")}
              hint={t("invoices.taxRateHint")}
              inputMode="decimal"
              dir="ltr"
              error={err("tax_rate_percent")}
              {...form.register("tax_rate_percent")}
            />
            {/* Traders on terms: one e-mail on the due day, one a week overdue. */}
            <Field
              as="checkbox"
              label={t("invoices.dueReminders")}
              hint={t("invoices.dueRemindersHint")}
              error={err("invoice_due_reminders")}
              {...form.register("invoice_due_reminders")}
            />
          </>
        )}
      </SettingsSection>

      <SettingsSection id="orderMessages" title={t("orderMessages.title")} saved={saved}>
        {(form, err) => (
          <>
            <fieldset className="flex flex-col gap-3" data-testid="order-messages">
              <legend className="max-w-prose text-sm text-muted">{t("orderMessages.intro")}</legend>
              {ORDER_MESSAGE_KINDS.map((kind) => (
                <Field
                  key={kind}
                  as="checkbox"
                  label={t(`orderMessages.kinds.${kind}`)}
                  error={err(`order_messages.${kind}`)}
                  {...form.register(`order_messages.${kind}`)}
                />
              ))}
            </fieldset>
            {/* Asking for a review: off unless the owner gives the days after delivery. */}
            <Field
              className="max-w-xs"
              label={t("orderMessages.reviewDays")}
              hint={t("orderMessages.reviewDaysHint")}
              inputMode="numeric"
              dir="ltr"
              error={err("review_request_days")}
              {...form.register("review_request_days")}
            />
          </>
        )}
      </SettingsSection>

      <SettingsSection id="mailOpenings" title={t("mailOpenings.title")} saved={saved}>
        {(form, err) => (
          <div className="flex flex-col gap-4" data-testid="mail-openings">
            <p className="max-w-prose text-sm text-muted">{t("mailOpenings.intro")}</p>
            {MAIL_OPENING_KINDS.map((kind) => (
              <fieldset key={kind} className="grid gap-3 sm:grid-cols-2">
                <legend className="mb-1 font-semibold">{t(`mailOpenings.kinds.${kind}`)}</legend>
                <Field
                  label={t("mailOpenings.en")}
                  dir="ltr"
                  lang="en"
                  error={err(`mail_openings.${kind}.en`)}
                  {...form.register(`mail_openings.${kind}.en`)}
                />
                <Field
                  label={t("mailOpenings.ar")}
                  dir="rtl"
                  lang="ar"
                  error={err(`mail_openings.${kind}.ar`)}
                  {...form.register(`mail_openings.${kind}.ar`)}
                />
              </fieldset>
            ))}
          </div>
        )}
      </SettingsSection>

      <SettingsSection id="currencies" title={t("currencies.title")} saved={saved}>
        {(form) => <Currencies form={form} />}
      </SettingsSection>

      <SettingsSection id="map" title={t("map.title")} saved={saved}>
        {(form, err) => (
          <>
            <div className="grid gap-4 sm:grid-cols-3">
              <Field
                label={t("map.lat")}
                inputMode="decimal"
                dir="ltr"
                required
                error={err("map_lat")}
                {...form.register("map_lat")}
              />
              <Field
                label={t("map.lng")}
                inputMode="decimal"
                dir="ltr"
                required
                error={err("map_lng")}
                {...form.register("map_lng")}
              />
              <Field
                label={t("map.zoom")}
                inputMode="numeric"
                dir="ltr"
                required
                error={err("map_zoom")}
                {...form.register("map_zoom")}
              />
            </div>
          </>
        )}
      </SettingsSection>

      {saved.updated_at ? (
        <p className="text-sm text-muted">
          {t("lastSaved")}:{" "}
          <time dateTime={saved.updated_at} dir="ltr">
            {formatDateTime(saved.updated_at, i18n.language === "ar" ? "ar" : "en")}
          </time>
        </p>
      ) : null}
    </div>
  );
}

/**
 * One section: its own form, checked by its part of the one settings schema, saved on its own
 * over what is stored (another section's unsaved edits stay where they are), then started
 * again from what the server stored.
 */
function SettingsSection({
  id,
  title,
  saved,
  children,
}: {
  id: SettingsSectionId;
  title: string;
  saved: AdminSettings;
  children: (form: Form, err: (name: string) => FieldError | undefined) => React.ReactNode;
}) {
  const { t } = useTranslation(["admin-settings", "admin", "messages"]);
  const toast = useToasts();
  const save = useSaveSettings();
  const [banner, setBanner] = useState<string | null>(null);
  const form: Form = useForm<SettingsInput, unknown, SettingsValues>({
    resolver: zodResolver(settingsSectionSchema(id)) as never,
    defaultValues: formValues(saved),
  });
  const err = (name: string): FieldError | undefined => get(form.formState.errors, name);

  const onSubmit = form.handleSubmit(async (values) => {
    setBanner(null);
    try {
      const stored = await save.mutateAsync({ ...formValues(saved), ...values } as SettingsValues);
      form.reset(formValues(stored.data));
      toast.success(t("saved"));
    } catch (error) {
      setBanner(
        setServerErrors(error, form.setError, fieldPaths(form.getValues()) as never, SAVE_FAILED),
      );
    }
  });

  return (
    <form
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      aria-labelledby={`settings-${id}`}
      data-testid={`settings-section-${id}`}
    >
      <section className="flex flex-col gap-4 rounded-lg border border-line bg-white p-4">
        <h2 id={`settings-${id}`} className="text-lg font-bold">
          {title}
        </h2>
        {children(form, err)}
        <ErrorList messages={[banner]} />
        <div className="flex justify-end">
          <SubmitButton pending={save.isPending}>{t("admin:actions.save")}</SubmitButton>
        </div>
      </section>
    </form>
  );
}

/** A list of plain texts (phones, e-mails): one field each, add and remove, 1 to 4. */
function TextList({
  form,
  name,
  legend,
  itemLabel,
  addLabel,
  type,
}: {
  form: Form;
  name: "phones" | "emails";
  legend: string;
  itemLabel: (n: number) => string;
  addLabel: string;
  type: "tel" | "email";
}) {
  const { t } = useTranslation("admin-settings");
  const text = useMessageText();
  const items = (useWatch({ control: form.control, name }) as string[] | undefined) ?? [];
  const listError = get(form.formState.errors, name) as FieldError | undefined;
  const set = (next: string[]) =>
    form.setValue(name, next, { shouldDirty: true, shouldValidate: form.formState.isSubmitted });
  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="font-semibold">{legend}</legend>
      {items.map((_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the position is the field's name
        <div key={`${name}-${i}-${items.length}`} className="flex items-end gap-2">
          <Field
            className="flex-1"
            label={itemLabel(i + 1)}
            type={type}
            dir="ltr"
            required
            error={get(form.formState.errors, `${name}.${i}`)}
            {...form.register(`${name}.${i}`)}
          />
          <button
            type="button"
            className="btn btn-outline"
            disabled={items.length <= 1}
            aria-label={t("contact.remove", { what: itemLabel(i + 1) })}
            onClick={() => set(form.getValues(name).filter((_item, j) => j !== i))}
          >
            ✕
          </button>
        </div>
      ))}
      {listError?.message ? (
        <p className="text-sm text-red-700" role="alert">
          {text(listError.message)}
        </p>
      ) : null}
      {items.length < 4 ? (
        <button
          type="button"
          className="btn btn-outline self-start"
          onClick={() => set([...form.getValues(name), ""])}
        >
          {addLabel}
        </button>
      ) : null}
    </fieldset>
  );
}

const emptyLocation = {
  title: "",
  title_ar: "",
  address: "",
  address_ar: "",
  hours: "",
  hours_ar: "",
  email: "",
  mobile: "",
  landline: "",
  lat: "",
  lng: "",
  pickup: false,
};

/** The contact page's locations: bilingual title, address and hours, contacts, coordinates. */
function Locations({ form }: { form: Form }) {
  const { t } = useTranslation("admin-settings");
  const text = useMessageText();
  const { fields, append, remove } = useFieldArray({ control: form.control, name: "locations" });
  const err = (name: string): FieldError | undefined => get(form.formState.errors, name);
  const listError = err("locations");
  return (
    <>
      {fields.map((field, i) => (
        <fieldset key={field.id} className="flex flex-col gap-3 rounded-md border border-line p-3">
          <legend className="px-1 font-semibold">{t("locations.location", { n: i + 1 })}</legend>
          <BilingualField
            form={form}
            names={[`locations.${i}.title`, `locations.${i}.title_ar`]}
            label={t("locations.name")}
            required
          />
          <BilingualField
            form={form}
            names={[`locations.${i}.address`, `locations.${i}.address_ar`]}
            label={t("locations.address")}
            required
          />
          <BilingualField
            form={form}
            names={[`locations.${i}.hours`, `locations.${i}.hours_ar`]}
            label={t("locations.hours")}
            required
          />
          <div className="grid gap-3 sm:grid-cols-3">
            <Field
              label={t("locations.email")}
              type="email"
              dir="ltr"
              required
              error={err(`locations.${i}.email`)}
              {...form.register(`locations.${i}.email`)}
            />
            <Field
              label={t("locations.mobile")}
              type="tel"
              dir="ltr"
              required
              error={err(`locations.${i}.mobile`)}
              {...form.register(`locations.${i}.mobile`)}
            />
            <Field
              label={t("locations.landline")}
              type="tel"
              dir="ltr"
              required
              error={err(`locations.${i}.landline`)}
              {...form.register(`locations.${i}.landline`)}
            />
            <Field
              label={t("locations.lat")}
              inputMode="decimal"
              dir="ltr"
              required
              error={err(`locations.${i}.lat`)}
              {...form.register(`locations.${i}.lat`)}
            />
            <Field
              label={t("locations.lng")}
              inputMode="decimal"
              dir="ltr"
              required
              error={err(`locations.${i}.lng`)}
              {...form.register(`locations.${i}.lng`)}
            />
          </div>
          <Field
            as="checkbox"
            label={t("locations.pickup")}
            hint={t("locations.pickupHint")}
            error={err(`locations.${i}.pickup`)}
            {...form.register(`locations.${i}.pickup`)}
          />
          <button
            type="button"
            className="btn btn-outline self-end"
            disabled={fields.length <= 1}
            onClick={() => remove(i)}
          >
            {t("locations.remove", { n: i + 1 })}
          </button>
        </fieldset>
      ))}
      {listError?.message ? (
        <p className="text-sm text-red-700" role="alert">
          {text(listError.message)}
        </p>
      ) : null}
      {fields.length < 10 ? (
        <button
          type="button"
          className="btn btn-outline self-start"
          onClick={() => append(emptyLocation)}
        >
          {t("locations.add")}
        </button>
      ) : null}
    </>
  );
}

/** Sunday first, as `delivery_closed_weekdays` numbers them (0 = Sunday). */
const WEEKDAYS = [0, 1, 2, 3, 4, 5, 6] as const;

/** The days domestic delivery is offered on, and the hour after which it starts tomorrow. */
function DeliveryDays({ form }: { form: Form }) {
  const { t } = useTranslation("admin-settings");
  const text = useMessageText();
  // Watched and set (not `useController`: one hook less in the form library every form page loads).
  const closed = useWatch({ control: form.control, name: "delivery_closed_weekdays" });
  const days = (Array.isArray(closed) ? closed : []).map(Number);
  const listError = get(form.formState.errors, "delivery_closed_weekdays") as
    | FieldError
    | undefined;
  const toggle = (day: number, on: boolean) =>
    form.setValue(
      "delivery_closed_weekdays",
      on
        ? [...days.filter((d) => d !== day), day].sort((a, b) => a - b)
        : days.filter((d) => d !== day),
      { shouldDirty: true },
    );
  return (
    <>
      <fieldset className="flex flex-col gap-2" data-testid="closed-weekdays">
        <legend className="font-semibold">{t("delivery.closed")}</legend>
        <p className="text-sm text-muted">{t("delivery.closedHint")}</p>
        <div className="flex flex-wrap gap-x-5 gap-y-2">
          {WEEKDAYS.map((day) => (
            <label key={day} className="inline-flex items-center gap-2">
              <input
                type="checkbox"
                className="size-5 accent-gold-dark"
                checked={days.includes(day)}
                onChange={(event) => toggle(day, event.target.checked)}
              />
              {t(`delivery.weekdays.${day}`)}
            </label>
          ))}
        </div>
        {listError?.message ? (
          <p className="text-sm text-red-700" role="alert">
            {text(listError.message)}
          </p>
        ) : null}
      </fieldset>
      <Field
        className="max-w-xs"
        label={t("delivery.cutoff")}
        hint={t("delivery.cutoffHint")}
        inputMode="numeric"
        dir="ltr"
        required
        error={get(form.formState.errors, "delivery_cutoff_hour")}
        {...form.register("delivery_cutoff_hour")}
      />
      <WeekdayCapacities form={form} />
      <SlotList form={form} name="delivery_slots" />
      <SlotList form={form} name="pickup_slots" />
    </>
  );
}

/**
 * What the kitchen makes on each weekday, in kg on the screen and grams in the settings;
 * empty = no limit. A date's own figure is set on the kitchen calendar.
 */
function WeekdayCapacities({ form }: { form: Form }) {
  const { t } = useTranslation("admin-settings");
  const text = useMessageText();
  const watched = useWatch({ control: form.control, name: "capacity_grams_by_weekday" });
  const grams = Array.isArray(watched) ? watched : [null, null, null, null, null, null, null];
  const [typed, setTyped] = useState<string[]>(() =>
    grams.map((g) => (g === null || g === undefined || g === "" ? "" : String(Number(g) / 1000))),
  );
  const error = get(form.formState.errors, "capacity_grams_by_weekday") as FieldError | undefined;
  const firstError =
    error?.message ??
    (Array.isArray(error)
      ? (error as (FieldError | undefined)[]).find(Boolean)?.message
      : undefined);
  const change = (day: number, value: string) => {
    const nextTyped = typed.map((v, i) => (i === day ? value : v));
    setTyped(nextTyped);
    form.setValue(
      "capacity_grams_by_weekday",
      nextTyped.map((v) => {
        if (v.trim() === "") return null;
        const kg = Number(v.replace(",", "."));
        // Kilos to whole grams; anything else goes as typed so the schema names the mistake.
        return Number.isFinite(kg) ? Math.round(kg * 1000) : (v as never);
      }),
      { shouldDirty: true },
    );
  };
  return (
    <fieldset className="flex flex-col gap-2" data-testid="weekday-capacities">
      <legend className="font-semibold">{t("delivery.capacity")}</legend>
      <p className="text-sm text-muted">{t("delivery.capacityHint")}</p>
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-4 lg:grid-cols-7">
        {WEEKDAYS.map((day) => (
          <label key={day} className="flex flex-col gap-1 text-sm">
            {t(`delivery.weekdays.${day}`)}
            <input
              className="input"
              inputMode="decimal"
              dir="ltr"
              value={typed[day] ?? ""}
              placeholder={t("delivery.noLimit")}
              onChange={(event) => change(day, event.target.value)}
            />
          </label>
        ))}
      </div>
      {firstError ? (
        <p className="text-sm text-red-700" role="alert">
          {text(firstError)}
        </p>
      ) : null}
    </fieldset>
  );
}

/**
 * The time slots of domestic delivery or of pickup (at most 12): from, to, and the most orders
 * a slot takes on one day (empty = no limit). None = checkout asks for no time.
 */
function SlotList({ form, name }: { form: Form; name: "delivery_slots" | "pickup_slots" }) {
  const { t } = useTranslation("admin-settings");
  const text = useMessageText();
  const { fields, append, remove } = useFieldArray({ control: form.control, name });
  const err = (path: string): FieldError | undefined => get(form.formState.errors, path);
  const listError = err(name);
  const kind = name === "delivery_slots" ? "delivery" : "pickup";
  const firstError =
    listError?.message ??
    (Array.isArray(listError)
      ? (listError as Array<Record<string, FieldError> | undefined>)
          .flatMap((row) => (row ? Object.values(row) : []))
          .find((e) => e?.message)?.message
      : undefined);
  return (
    <fieldset className="flex flex-col gap-2" data-testid={`slots-${kind}`}>
      <legend className="font-semibold">{t(`slots.${kind}`)}</legend>
      <p className="text-sm text-muted">{t("slots.hint")}</p>
      {fields.length === 0 ? <p className="text-sm">{t("slots.none")}</p> : null}
      {fields.map((field, i) => (
        <div
          key={field.id}
          className="grid items-end gap-3 sm:grid-cols-[8rem_8rem_10rem_auto]"
          data-testid="slot-row"
        >
          <label className="flex flex-col gap-1 text-sm">
            {t("slots.from")}
            <input
              type="time"
              className="input"
              dir="ltr"
              required
              {...form.register(`${name}.${i}.start`)}
            />
          </label>
          <label className="flex flex-col gap-1 text-sm">
            {t("slots.to")}
            <input
              type="time"
              className="input"
              dir="ltr"
              required
              {...form.register(`${name}.${i}.end`)}
            />
          </label>
          <label className="flex flex-col gap-1 text-sm">
            {t("slots.max")}
            <input
              className="input"
              inputMode="numeric"
              dir="ltr"
              placeholder={t("delivery.noLimit")}
              {...form.register(`${name}.${i}.max_orders`)}
            />
          </label>
          <button
            type="button"
            className="btn btn-outline"
            aria-label={t("slots.remove", { n: i + 1 })}
            onClick={() => remove(i)}
          >
            ✕
          </button>
        </div>
      ))}
      {firstError ? (
        <p className="text-sm text-red-700" role="alert">
          {text(firstError)}
        </p>
      ) : null}
      {fields.length < MAX_SLOTS ? (
        <button
          type="button"
          className="btn btn-outline self-start"
          onClick={() => append({ start: "", end: "", max_orders: "" })}
          data-testid={`add-slot-${kind}`}
        >
          {t("slots.add")}
        </button>
      ) : null}
    </fieldset>
  );
}

/** Every listable code, for the currency select: "EUR · €". */
const CURRENCY_OPTIONS = KNOWN_CURRENCIES.filter((c) => c.code !== "USD").map((c) => ({
  value: c.code,
  label: `${c.code} · ${c.symbol}`,
}));

/** Display currencies besides US dollars, each with its rate and symbol (0 to 20). */
function Currencies({ form }: { form: Form }) {
  const { t } = useTranslation("admin-settings");
  const text = useMessageText();
  const { fields, append, remove } = useFieldArray({ control: form.control, name: "currencies" });
  const err = (name: string): FieldError | undefined => get(form.formState.errors, name);
  const listError = err("currencies");
  return (
    <>
      <p className="max-w-prose text-sm text-muted">{t("currencies.intro")}</p>
      {fields.length === 0 ? <p className="text-sm">{t("currencies.none")}</p> : null}
      {fields.map((field, i) => (
        <fieldset
          key={field.id}
          className="grid items-start gap-3 rounded-md border border-line p-3 sm:grid-cols-[1fr_1fr_1fr_auto]"
          data-testid="currency-row"
        >
          <legend className="px-1 font-semibold">{t("currencies.currency", { n: i + 1 })}</legend>
          <Field
            as="select"
            label={t("currencies.code")}
            placeholder={t("currencies.choose")}
            options={CURRENCY_OPTIONS}
            dir="ltr"
            required
            error={err(`currencies.${i}.code`)}
            {...form.register(`currencies.${i}.code`)}
          />
          <Field
            label={t("currencies.rate")}
            inputMode="decimal"
            dir="ltr"
            required
            error={err(`currencies.${i}.rate`)}
            {...form.register(`currencies.${i}.rate`)}
          />
          <Field
            label={t("currencies.symbol")}
            hint={t("currencies.symbolHint")}
            dir="ltr"
            maxLength={5}
            error={err(`currencies.${i}.symbol`)}
            {...form.register(`currencies.${i}.symbol`)}
          />
          <button
            type="button"
            className="btn btn-outline sm:mt-7"
            aria-label={t("currencies.remove", { n: i + 1 })}
            onClick={() => remove(i)}
          >
            ✕
          </button>
        </fieldset>
      ))}
      {listError?.message ? (
        <p className="text-sm text-red-700" role="alert">
          {text(listError.message)}
        </p>
      ) : null}
      {fields.length < 20 ? (
        <button
          type="button"
          className="btn btn-outline self-start"
          onClick={() => append({ code: "", rate: "", symbol: "" })}
        >
          {t("currencies.add")}
        </button>
      ) : null}
    </>
  );
}
