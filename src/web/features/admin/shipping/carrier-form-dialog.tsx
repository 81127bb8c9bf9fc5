import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import {
  type CarrierDto,
  type CarrierInput,
  type CarrierValues,
  carrierInputSchema,
} from "../../../../shared/schemas/shipping.ts";
import { RecordHistory } from "../../../components/admin/record-history.tsx";
import { ErrorList } from "../../../components/form/error-list.tsx";
import { BilingualField, Field } from "../../../components/form/field.tsx";
import { setServerErrors } from "../../../components/form/server-errors.ts";
import { SubmitButton } from "../../../components/form/submit-button.tsx";
import { Dialog } from "../../../components/ui/dialog.tsx";
import { useToasts } from "../../../components/ui/toast.tsx";
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
  const { t } = useTranslation(["admin-shipping", "admin", "messages"]);
  const toast = useToasts();
  const save = useSaveCarrier();
  const [banner, setBanner] = useState<string | null>(null);
  const form = useForm<CarrierInput, unknown, CarrierValues>({
    resolver: zodResolver(carrierInputSchema),
    defaultValues: {
      name: carrier?.name ?? "",
      name_ar: carrier?.name_ar ?? "",
      tracking_url: carrier?.tracking_url ?? "",
    },
  });
  const name = useWatch({ control: form.control, name: "name" });

  const onSubmit = form.handleSubmit(async (values) => {
    setBanner(null);
    try {
      await save.mutateAsync({ id: carrier?.id ?? null, input: values });
      toast.success(carrier ? t("carriers.updated") : t("carriers.added"));
      onDone();
    } catch (error) {
      setBanner(setServerErrors(error, form.setError, FIELDS, ZONE_SAVE_FAILED));
    }
  });

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-4">
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
      <ErrorList messages={[banner]} />
      <div className="flex justify-end gap-3">
        <button type="button" className="btn btn-outline" onClick={onDone}>
          {t("messages:ui.cancel")}
        </button>
        <SubmitButton pending={save.isPending} disabled={!name?.trim()}>
          {t("admin:actions.save")}
        </SubmitButton>
      </div>
    </form>
  );
}
