import { useEffect, useState } from "react";
import type { KitchenDeliveryValues } from "../../../../shared/schemas/kitchen.ts";
import { ErrorList } from "../../../components/form/error-list.tsx";
import { Field } from "../../../components/form/field.tsx";
import { useTranslation } from "../../../i18n/translator.tsx";
import { ApiError } from "../../../lib/api.ts";
import {
  useKitchenDelivery,
  useSaveKitchenDelivery,
  useShopLocations,
} from "./api/kitchen-delivery.ts";

type Area = KitchenDeliveryValues["areas"][number];

const errorOf = (errors: Record<string, string[]>, key: string) =>
  errors[key]?.[0] ? { message: errors[key][0] } : undefined;

/**
 * The dishes' delivery: Damascus areas (both languages, each with its fee), the slots (from,
 * to, every, orders per slot, lead time), where dishes are picked up (one of the shop's
 * locations; none chosen = the one whose name says "Kitchen") and the two money rules. One save
 * for all of it.
 */
export function KitchenDeliveryForm() {
  const { t, i18n } = useTranslation("admin-kitchen");
  const ar = i18n.language === "ar";
  const loaded = useKitchenDelivery();
  const locations = useShopLocations();
  const save = useSaveKitchenDelivery();
  const [values, setValues] = useState<KitchenDeliveryValues | null>(null);
  const [saved, setSaved] = useState(false);
  useEffect(() => {
    if (loaded.data && !values) setValues(loaded.data);
  }, [loaded.data, values]);
  if (!values) return null;
  const errors = save.error instanceof ApiError ? save.error.errors : {};
  const setArea = (index: number, patch: Partial<Area>) =>
    setValues({
      ...values,
      areas: values.areas.map((a, i) => (i === index ? { ...a, ...patch } : a)),
    });
  const setSlots = (patch: Partial<KitchenDeliveryValues["slots"]>) =>
    setValues({ ...values, slots: { ...values.slots, ...patch } });
  const num = (v: string) => (v.trim() === "" ? Number.NaN : Number(v));
  // A location's text may lack its Arabic (or be absent in an older setting): English stands in.
  const inLang = (b?: { en?: string; ar?: string }) => (ar && b?.ar?.trim() ? b.ar : (b?.en ?? ""));
  const pickupOptions = (locations.data ?? []).map((location, index) => ({
    value: String(index),
    label: `${inLang(location.title)} – ${inLang(location.address)}`,
  }));
  // A saved choice whose location was since removed still shows, so the owner sees to change it.
  if (locations.data && values.pickup_location !== null && !pickupOptions[values.pickup_location])
    pickupOptions.push({
      value: String(values.pickup_location),
      label: t("delivery.pickupMissing", { n: values.pickup_location + 1 }),
    });

  return (
    <form
      className="mt-8 flex flex-col gap-4 rounded-lg border border-line bg-white p-4"
      data-testid="kitchen-delivery-form"
      onSubmit={(e) => {
        e.preventDefault();
        setSaved(false);
        save.mutate(values, { onSuccess: () => setSaved(true) });
      }}
    >
      <h2 className="text-xl font-bold text-brown">{t("delivery.title")}</h2>
      <p className="text-sm text-muted">{t("delivery.intro")}</p>
      <ErrorList messages={save.error ? [save.error.message] : []} />
      <fieldset className="flex flex-col gap-3">
        <legend className="font-semibold">{t("delivery.areas")}</legend>
        {values.areas.map((area, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows are edited in place, by position
          <div key={index} className="flex flex-wrap items-end gap-2">
            <Field
              label={t("delivery.areaName")}
              value={area.name}
              error={errorOf(errors, `areas.${index}.name`)}
              onChange={(e) => setArea(index, { name: e.currentTarget.value })}
            />
            <Field
              label={t("delivery.areaNameAr")}
              dir="rtl"
              value={area.name_ar}
              error={errorOf(errors, `areas.${index}.name_ar`)}
              onChange={(e) => setArea(index, { name_ar: e.currentTarget.value })}
            />
            <Field
              label={t("delivery.fee")}
              inputMode="decimal"
              dir="ltr"
              value={Number.isNaN(area.fee) ? "" : String(area.fee)}
              error={errorOf(errors, `areas.${index}.fee`)}
              onChange={(e) => setArea(index, { fee: num(e.currentTarget.value) })}
            />
            <button
              type="button"
              className="btn btn-outline"
              onClick={() =>
                setValues({ ...values, areas: values.areas.filter((_, i) => i !== index) })
              }
            >
              {t("delivery.removeArea")}
            </button>
          </div>
        ))}
        <button
          type="button"
          className="btn btn-outline self-start"
          onClick={() =>
            setValues({ ...values, areas: [...values.areas, { name: "", name_ar: "", fee: 0 }] })
          }
        >
          {t("delivery.addArea")}
        </button>
      </fieldset>
      <fieldset className="grid gap-3 sm:grid-cols-5">
        <legend className="font-semibold">{t("delivery.slots")}</legend>
        <Field
          label={t("delivery.from")}
          dir="ltr"
          value={values.slots.from}
          error={errorOf(errors, "slots.from")}
          onChange={(e) => setSlots({ from: e.currentTarget.value })}
        />
        <Field
          label={t("delivery.to")}
          dir="ltr"
          value={values.slots.to}
          error={errorOf(errors, "slots.to")}
          onChange={(e) => setSlots({ to: e.currentTarget.value })}
        />
        <Field
          label={t("delivery.every")}
          inputMode="numeric"
          dir="ltr"
          value={String(values.slots.every_minutes)}
          error={errorOf(errors, "slots.every_minutes")}
          onChange={(e) => setSlots({ every_minutes: num(e.currentTarget.value) })}
        />
        <Field
          label={t("delivery.maxOrders")}
          inputMode="numeric"
          dir="ltr"
          value={String(values.slots.max_orders)}
          error={errorOf(errors, "slots.max_orders")}
          onChange={(e) => setSlots({ max_orders: num(e.currentTarget.value) })}
        />
        <Field
          label={t("delivery.lead")}
          inputMode="numeric"
          dir="ltr"
          value={String(values.slots.lead_minutes)}
          error={errorOf(errors, "slots.lead_minutes")}
          onChange={(e) => setSlots({ lead_minutes: num(e.currentTarget.value) })}
        />
      </fieldset>
      <Field
        as="select"
        label={t("delivery.pickup")}
        hint={t("delivery.pickupHint")}
        placeholder={t("delivery.pickupAuto")}
        options={pickupOptions}
        value={values.pickup_location === null ? "" : String(values.pickup_location)}
        error={errorOf(errors, "pickup_location")}
        onChange={(e) => {
          const v = e.currentTarget.value;
          setValues({ ...values, pickup_location: v === "" ? null : Number(v) });
        }}
      />
      <Field
        as="checkbox"
        label={t("delivery.dishDiscount")}
        checked={values.dish_discount}
        onChange={(e) => setValues({ ...values, dish_discount: e.currentTarget.checked })}
      />
      <Field
        as="checkbox"
        label={t("delivery.bankTransferSameDay")}
        checked={values.bank_transfer_same_day}
        onChange={(e) => setValues({ ...values, bank_transfer_same_day: e.currentTarget.checked })}
      />
      <div className="flex items-center gap-3">
        <button type="submit" className="btn btn-primary" disabled={save.isPending}>
          {t("delivery.save")}
        </button>
        {saved ? (
          <span role="status" className="text-green-800">
            {t("delivery.saved")}
          </span>
        ) : null}
      </div>
    </form>
  );
}
