import { zodResolver } from "@hookform/resolvers/zod";
import { useForm, useWatch } from "react-hook-form";
import {
  type CarrierDto,
  type CarrierInput,
  type CarrierValues,
  carrierInputSchema,
} from "../../../../shared/schemas/shipping.ts";
import { RecordFormActions } from "../../../components/admin/record-form-actions.tsx";
import { RecordHistory } from "../../../components/admin/record-history.tsx";
import { useRecordForm } from "../../../components/admin/use-record-form.ts";
import { BilingualField, Field } from "../../../components/form/field.tsx";
import { Dialog } from "../../../components/ui/dialog.tsx";
import { useTranslation } from "../../../i18n/translator.tsx";
import { useSaveCarrier } from "./api/save-carrier.ts";
import { ZONE_SAVE_FAILED } from "./api/save-zone.ts";

const FIELDS = ["name", "name_ar", "tracking_url"] as const;

type Props = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** null = add a new carrier. */
  carrier: CarrierDto | null;
};

/** Add or edit a carrier: bilingual name and the tracking address template. */
export function CarrierFormDialog({ open, onOpenChange, carrier }: Props) {
  const { t } = useTranslation("admin-shipping");
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={carrier ? t("carriers.editTitle") : t("carriers.addTitle")}
      size="lg"
      testId="carrier-dialog"
    >
      <CarrierForm
        key={carrier?.id ?? "new"}
        carrier={carrier}
        onDone={() => onOpenChange(false)}
      />
      {carrier ? (
        <div className="mt-6 border-t border-line pt-4">
          <RecordHistory entity="carrier" entityId={carrier.id} />
        </div>
      ) : null}
    </Dialog>
  );
}

function CarrierForm({ carrier, onDone }: { carrier: CarrierDto | null; onDone: () => void }) {
  const { t } = useTranslation("admin-shipping");
  const save = useSaveCarrier();
  const form = useForm<CarrierInput, unknown, CarrierValues>({
    resolver: zodResolver(carrierInputSchema),
    defaultValues: {
      name: carrier?.name ?? "",
      name_ar: carrier?.name_ar ?? "",
      tracking_url: carrier?.tracking_url ?? "",
    },
  });
  const name = useWatch({ control: form.control, name: "name" });

  const { banner, onSubmit } = useRecordForm({
    form,
    fields: FIELDS,
    save: (values) => save.mutateAsync({ id: carrier?.id ?? null, input: values }),
    doneText: carrier ? t("carriers.updated") : t("carriers.added"),
    failText: ZONE_SAVE_FAILED,
    onDone,
  });

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <BilingualField form={form} names={["name", "name_ar"]} label={t("carriers.name")} required />
      <Field
        label={t("carriers.trackingUrl")}
        hint={t("carriers.trackingHint")}
        type="url"
        dir="ltr"
        required
        error={form.formState.errors.tracking_url}
        {...form.register("tracking_url")}
      />
      <RecordFormActions
        banner={banner}
        onCancel={onDone}
        pending={save.isPending}
        disabled={!name?.trim()}
      />
    </form>
  );
}
