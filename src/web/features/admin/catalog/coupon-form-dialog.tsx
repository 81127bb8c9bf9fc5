import { zodResolver } from "@hookform/resolvers/zod";
import { useForm, useWatch } from "react-hook-form";
import { MESSAGES } from "../../../../shared/domain/validation-messages.ts";
import {
  type AdminCoupon,
  type CouponInput,
  type CouponValues,
  couponInputSchema,
} from "../../../../shared/schemas/admin-catalog.ts";
import { RecordFormActions } from "../../../components/admin/record-form-actions.tsx";
import { RecordHistory } from "../../../components/admin/record-history.tsx";
import { useRecordForm } from "../../../components/admin/use-record-form.ts";
import { Field } from "../../../components/form/field.tsx";
import { Dialog } from "../../../components/ui/dialog.tsx";
import { useTranslation } from "../../../i18n/translator.tsx";
import { useCreateCoupon } from "./api/create-coupon.ts";
import { useUpdateCoupon } from "./api/update-coupon.ts";

const FIELDS = ["code", "discount_percent", "max_uses", "expire_at", "applies_to"] as const;

const valuesOf = (coupon: AdminCoupon | null): CouponInput => ({
  code: coupon?.code ?? "",
  discount_percent: coupon ? String(coupon.discount_percent) : "",
  max_uses: coupon?.max_uses != null ? String(coupon.max_uses) : "",
  expire_at: coupon?.expire_at?.slice(0, 10) ?? "",
  applies_to: coupon?.applies_to ?? "all",
});

type Props = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** null = add a new coupon. */
  coupon: AdminCoupon | null;
};

/** Add or edit a coupon (code, discount_percent, max_uses, expire_at) and its history. */
export function CouponFormDialog({ open, onOpenChange, coupon }: Props) {
  const { t } = useTranslation("admin-coupons");
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={coupon ? t("editTitle") : t("addTitle")}
      testId="coupon-dialog"
    >
      <CouponForm key={coupon?.id ?? "new"} coupon={coupon} onDone={() => onOpenChange(false)} />
      {coupon ? (
        <div className="mt-6 border-t border-line pt-4">
          <RecordHistory entity="coupon" entityId={coupon.id} />
        </div>
      ) : null}
    </Dialog>
  );
}

function CouponForm({ coupon, onDone }: { coupon: AdminCoupon | null; onDone: () => void }) {
  const { t } = useTranslation("admin-coupons");
  const create = useCreateCoupon();
  const update = useUpdateCoupon();
  const form = useForm<CouponInput, unknown, CouponValues>({
    resolver: zodResolver(couponInputSchema),
    defaultValues: valuesOf(coupon),
  });
  const {
    register,
    formState: { errors },
  } = form;
  // Save stays disabled while a required field (code, percent) is empty.
  const [code, percent] = useWatch({ control: form.control, name: ["code", "discount_percent"] });
  const missing = !String(code ?? "").trim() || !String(percent ?? "").trim();
  const pending = create.isPending || update.isPending;

  const { banner, onSubmit } = useRecordForm({
    form,
    fields: FIELDS,
    save: (values) =>
      coupon ? update.mutateAsync({ id: coupon.id, input: values }) : create.mutateAsync(values),
    doneText: coupon ? t("updated") : t("added"),
    failText: coupon ? MESSAGES.COUPON_UPDATE_FAILED : MESSAGES.COUPON_ADD_FAILED,
    onDone,
  });

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4 sm:grid-cols-2">
      <Field
        label={t("code")}
        hint={t("codeHint")}
        required
        dir="ltr"
        autoComplete="off"
        spellCheck={false}
        error={errors.code}
        {...register("code")}
      />
      <Field
        label={t("percent")}
        type="number"
        inputMode="numeric"
        min={1}
        max={100}
        step={1}
        required
        dir="ltr"
        error={errors.discount_percent}
        {...register("discount_percent")}
      />
      <Field
        label={t("maxUses")}
        hint={t("maxUsesHint")}
        type="number"
        inputMode="numeric"
        min={1}
        step={1}
        dir="ltr"
        error={errors.max_uses}
        {...register("max_uses")}
      />
      <Field
        label={t("expireAt")}
        hint={t("expireAtHint")}
        type="date"
        dir="ltr"
        error={errors.expire_at}
        {...register("expire_at")}
      />
      <Field
        as="select"
        label={t("appliesTo")}
        hint={t("appliesToHint")}
        options={[
          { value: "all", label: t("appliesToAll") },
          { value: "sweets", label: t("appliesToSweets") },
          { value: "dishes", label: t("appliesToDishes") },
        ]}
        error={errors.applies_to}
        {...register("applies_to")}
      />
      <div className="flex flex-col gap-4 sm:col-span-2">
        <RecordFormActions banner={banner} onCancel={onDone} pending={pending} disabled={missing} />
      </div>
    </form>
  );
}
