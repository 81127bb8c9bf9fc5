import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { trackingNumberField } from "../../../../shared/schemas/shipping.ts";
import { ErrorList } from "../../../components/form/error-list.tsx";
import { Field } from "../../../components/form/field.tsx";
import { setServerErrors } from "../../../components/form/server-errors.ts";
import { SubmitButton } from "../../../components/form/submit-button.tsx";
import { Dialog } from "../../../components/ui/dialog.tsx";
import { useToasts } from "../../../components/ui/toast.tsx";
import { useTranslation } from "../../../i18n/translator.tsx";
import { pickText, useLang } from "../../../lib/bilingual.ts";
import { useCarriers } from "../shipping/api/list-carriers.ts";
import { STATUS_CHANGE_FAILED, useChangeOrderStatus } from "./api/change-order-status.ts";

/** Both optional: a parcel handed over without a number still ships. */
const shipFormSchema = z.object({
  carrier: z.string(),
  tracking_number: z
    .string()
    .transform((v) => v.trim())
    .pipe(z.literal("").or(trackingNumberField)),
});
type ShipInput = z.input<typeof shipFormSchema>;
type ShipValues = z.output<typeof shipFormSchema>;
const FIELDS = ["carrier", "tracking_number"] as const;

type Props = {
  orderId: number;
  orderNumber: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

/** "Mark shipped": the carrier and tracking number the customer's page links to. */
export function ShipOrderDialog({ orderId, orderNumber, open, onOpenChange }: Props) {
  const { t } = useTranslation("admin-orders");
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t("ship.title")}
      description={t("ship.description", { number: orderNumber })}
      testId="ship-dialog"
    >
      {open ? <ShipForm orderId={orderId} onDone={() => onOpenChange(false)} /> : null}
    </Dialog>
  );
}

function ShipForm({ orderId, onDone }: { orderId: number; onDone: () => void }) {
  const { t } = useTranslation(["admin-orders", "messages"]);
  const lang = useLang();
  const toast = useToasts();
  const carriers = useCarriers();
  const change = useChangeOrderStatus(orderId);
  const [banner, setBanner] = useState<string | null>(null);
  const form = useForm<ShipInput, unknown, ShipValues>({
    resolver: zodResolver(shipFormSchema),
    defaultValues: { carrier: "", tracking_number: "" },
  });

  const onSubmit = form.handleSubmit(async (values) => {
    setBanner(null);
    try {
      await change.mutateAsync({
        status: "shipped",
        carrier: values.carrier ? Number(values.carrier) : null,
        tracking_number: values.tracking_number || null,
      });
      toast.success(t("statusChanged", { status: t("status.shipped") }));
      onDone();
    } catch (error) {
      setBanner(setServerErrors(error, form.setError, FIELDS, STATUS_CHANGE_FAILED));
    }
  });

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-4">
      <Field
        as="select"
        label={t("ship.carrier")}
        placeholder={carriers.isPending ? t("loading") : t("ship.noCarrier")}
        options={(carriers.data ?? []).map((carrier) => ({
          value: String(carrier.id),
          label: pickText(lang, carrier.name, carrier.name_ar),
        }))}
        error={form.formState.errors.carrier}
        {...form.register("carrier")}
      />
      <Field
        label={t("ship.trackingNumber")}
        hint={t("ship.trackingHint")}
        dir="ltr"
        autoComplete="off"
        error={form.formState.errors.tracking_number}
        {...form.register("tracking_number")}
      />
      <ErrorList messages={[banner]} />
      <div className="flex justify-end gap-3">
        <button type="button" className="btn btn-outline" onClick={onDone}>
          {t("messages:ui.cancel")}
        </button>
        <SubmitButton pending={change.isPending}>{t("moveTo.shipped")}</SubmitButton>
      </div>
    </form>
  );
}
