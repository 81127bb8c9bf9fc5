import { zodResolver } from "@hookform/resolvers/zod";
import { type FieldError, get, useForm, useWatch } from "react-hook-form";
import {
  type ShippingZoneDto,
  type ShippingZoneInput,
  type ShippingZoneValues,
  shippingZoneInputSchema,
} from "../../../../shared/schemas/shipping.ts";
import { RecordFormActions } from "../../../components/admin/record-form-actions.tsx";
import { RecordHistory } from "../../../components/admin/record-history.tsx";
import { useRecordForm } from "../../../components/admin/use-record-form.ts";
import { BilingualField, Field } from "../../../components/form/field.tsx";
import { Dialog } from "../../../components/ui/dialog.tsx";
import { useTranslation } from "../../../i18n/translator.tsx";
import { useLang } from "../../../lib/bilingual.ts";
import { useSaveZone, ZONE_SAVE_FAILED } from "./api/save-zone.ts";
import { CountryListField } from "./country-list-field.tsx";
import { RateBandsEditor, type ZoneForm } from "./rate-bands-editor.tsx";

const valuesOf = (zone: ShippingZoneDto | null): ShippingZoneInput => ({
  name: zone?.name ?? "",
  name_ar: zone?.name_ar ?? "",
  countries: zone?.countries ?? [],
  max_grams:
    zone?.max_grams === null || zone?.max_grams === undefined ? "" : String(zone.max_grams),
  rates: zone?.rates.map((rate) => ({
    up_to_grams: rate.up_to_grams === null ? "" : String(rate.up_to_grams),
    fee: rate.fee.toFixed(2),
  })) ?? [{ up_to_grams: "", fee: "" }],
});

/** Every field path the server may key an error by (`rates.1.up_to_grams`, `countries`). */
function fieldPaths(values: ShippingZoneInput): string[] {
  const rates = Array.isArray(values.rates) ? values.rates : [];
  return [
    "name",
    "name_ar",
    "countries",
    "max_grams",
    "rates",
    ...rates.flatMap((_, i) => [`rates.${i}`, `rates.${i}.up_to_grams`, `rates.${i}.fee`]),
  ];
}

type Props = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** null = add a new zone. */
  zone: ShippingZoneDto | null;
};

/** Add or edit a zone: bilingual name, countries, weight cap and rates, and (editing) its history. */
export function ZoneFormDialog({ open, onOpenChange, zone }: Props) {
  const { t } = useTranslation("admin-shipping");
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={zone ? t("zones.editTitle") : t("zones.addTitle")}
      size="lg"
      testId="zone-dialog"
    >
      <ZoneFormBody key={zone?.id ?? "new"} zone={zone} onDone={() => onOpenChange(false)} />
      {zone ? (
        <div className="mt-6 border-t border-line pt-4">
          <RecordHistory entity="shipping_zone" entityId={zone.id} />
        </div>
      ) : null}
    </Dialog>
  );
}

function ZoneFormBody({ zone, onDone }: { zone: ShippingZoneDto | null; onDone: () => void }) {
  const { t } = useTranslation("admin-shipping");
  const lang = useLang();
  const save = useSaveZone();
  const form: ZoneForm = useForm<ShippingZoneInput, unknown, ShippingZoneValues>({
    resolver: zodResolver(shippingZoneInputSchema),
    defaultValues: valuesOf(zone),
  });
  // Watched and set rather than `useController`, which every form page would then download.
  const countries = useWatch({ control: form.control, name: "countries" }) as string[] | undefined;
  const name = useWatch({ control: form.control, name: "name" });
  const err = (path: string): FieldError | undefined => get(form.formState.errors, path);

  const { banner, onSubmit } = useRecordForm({
    form,
    // Read at the failure: the rate rows are added and removed inside the rates editor.
    fields: (values) => fieldPaths(values) as never,
    save: (values) => save.mutateAsync({ id: zone?.id ?? null, input: values }),
    doneText: zone ? t("zones.updated") : t("zones.added"),
    failText: ZONE_SAVE_FAILED,
    onDone,
  });

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
      <BilingualField form={form} names={["name", "name_ar"]} label={t("zones.name")} required />
      <CountryListField
        legend={t("zones.countries")}
        value={countries ?? []}
        onChange={(next) =>
          form.setValue("countries", next, {
            shouldDirty: true,
            shouldValidate: form.formState.isSubmitted,
          })
        }
        lang={lang}
        error={err("countries")?.message}
        testId="zone-countries"
      />
      <Field
        className="max-w-xs"
        label={t("form.capGrams")}
        hint={t("form.capHint")}
        inputMode="numeric"
        dir="ltr"
        error={err("max_grams")}
        {...form.register("max_grams")}
      />
      <RateBandsEditor form={form} />
      <RecordFormActions
        banner={banner}
        onCancel={onDone}
        pending={save.isPending}
        disabled={!String(name ?? "").trim()}
      />
    </form>
  );
}
