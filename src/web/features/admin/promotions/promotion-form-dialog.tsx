import { zodResolver } from "@hookform/resolvers/zod";
import { type UseFormReturn, useForm, useWatch } from "react-hook-form";
import { z } from "zod";
import { PROMOTION_KINDS } from "../../../../shared/domain/promotions.ts";
import {
  type PromotionDto,
  type PromotionValues,
  promotionInputSchema,
} from "../../../../shared/schemas/promotions.ts";
import { RecordFormActions } from "../../../components/admin/record-form-actions.tsx";
import { RecordHistory } from "../../../components/admin/record-history.tsx";
import { useRecordForm } from "../../../components/admin/use-record-form.ts";
import { BilingualField, Field } from "../../../components/form/field.tsx";
import { Dialog } from "../../../components/ui/dialog.tsx";
import { useTranslation } from "../../../i18n/translator.tsx";
import { useZones } from "../shipping/api/list-zones.ts";
import { PROMOTION_SAVE_FAILED, useSavePromotion } from "./api/save-promotion.ts";

/** The form as typed: every control a string; up to three tiers, blank ones left out. */
type TierForm = { min_grams: string; percent: string; amount: string };
type FormValues = {
  name: string;
  name_ar: string;
  starts_on: string;
  ends_on: string;
  kind: (typeof PROMOTION_KINDS)[number];
  percent: string;
  min_subtotal: string;
  zone_ids: string[];
  target_type: string;
  target_id: string;
  tiers: TierForm[];
  product_id: string;
  buy_grams: string;
  free_grams: string;
};
const TIER_ROWS = 3;

const str = (value: number | null | undefined) => (value == null ? "" : String(value));

const valuesOf = (p: PromotionDto | null): FormValues => ({
  name: p?.name ?? "",
  name_ar: p?.name_ar ?? "",
  starts_on: p?.starts_on ?? "",
  ends_on: p?.ends_on ?? "",
  kind: p?.kind ?? "free_delivery",
  percent: str(p?.percent),
  min_subtotal: p?.min_subtotal == null ? "" : p.min_subtotal.toFixed(2),
  zone_ids: (p?.zone_ids ?? []).map(String),
  target_type: p?.target_type ?? "category",
  target_id: str(p?.target_id),
  tiers: Array.from({ length: TIER_ROWS }, (_, i) => {
    const tier = p?.tiers[i];
    return {
      min_grams: str(tier?.min_grams),
      percent: str(tier?.percent),
      amount: tier?.amount == null ? "" : tier.amount.toFixed(2),
    };
  }),
  product_id: str(p?.product_id),
  buy_grams: str(p?.buy_grams),
  free_grams: str(p?.free_grams),
});

/** The typed form as the API's body: blank tier rows dropped, the zones as numbers. */
const formSchema = z.preprocess((raw) => {
  const v = raw as FormValues;
  return {
    ...v,
    zone_ids: v.zone_ids.map(Number),
    tiers: v.tiers.filter((t) => `${t.min_grams}${t.percent}${t.amount}`.trim() !== ""),
  };
}, promotionInputSchema);

const FIELDS = [
  "name",
  "name_ar",
  "starts_on",
  "ends_on",
  "kind",
  "percent",
  "min_subtotal",
  "zone_ids",
  "target_type",
  "target_id",
  "tiers",
  "product_id",
  "buy_grams",
  "free_grams",
  ...Array.from({ length: TIER_ROWS }, (_, i) =>
    (["min_grams", "percent", "amount"] as const).map((f) => `tiers.${i}.${f}` as const),
  ).flat(),
] as const;

type Props = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** null = add a new promotion. */
  promotion: PromotionDto | null;
};

/** Add or edit an automatic promotion, and its history. */
export function PromotionFormDialog({ open, onOpenChange, promotion }: Props) {
  const { t } = useTranslation("admin-promotions");
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={promotion ? t("editTitle") : t("addTitle")}
      testId="promotion-dialog"
    >
      <PromotionForm
        key={promotion?.id ?? "new"}
        promotion={promotion}
        onDone={() => onOpenChange(false)}
      />
      {promotion ? (
        <div className="mt-6 border-t border-line pt-4">
          <RecordHistory entity="promotion" entityId={promotion.id} />
        </div>
      ) : null}
    </Dialog>
  );
}

function PromotionForm({
  promotion,
  onDone,
}: {
  promotion: PromotionDto | null;
  onDone: () => void;
}) {
  const { t } = useTranslation("admin-promotions");
  const save = useSavePromotion();
  const zones = useZones();
  const form = useForm<FormValues, unknown, PromotionValues>({
    // The schema reads the typed form (strings) and answers the API's body.
    resolver: zodResolver(formSchema as never) as never,
    defaultValues: valuesOf(promotion),
  });
  const {
    register,
    formState: { errors },
  } = form;
  const kind = useWatch({ control: form.control, name: "kind" });
  const standing = promotion?.standing ?? false;

  const { banner, onSubmit } = useRecordForm({
    form,
    fields: FIELDS as never,
    save: (values) => save.mutateAsync({ id: promotion?.id ?? null, input: values }),
    doneText: promotion ? t("updated") : t("added"),
    failText: PROMOTION_SAVE_FAILED,
    onDone,
  });
  const tierError = (i: number, f: keyof TierForm) => errors.tiers?.[i]?.[f];

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4 sm:grid-cols-2">
      <BilingualField
        form={form as unknown as UseFormReturn<FormValues>}
        names={["name", "name_ar"]}
        label={t("name")}
        required
        className="sm:col-span-2"
      />
      <Field
        label={t("startsOn")}
        hint={t("datesHint")}
        type="date"
        dir="ltr"
        error={errors.starts_on}
        {...register("starts_on")}
      />
      <Field
        label={t("endsOn")}
        type="date"
        dir="ltr"
        error={errors.ends_on}
        {...register("ends_on")}
      />
      {standing ? null : (
        <Field
          as="select"
          label={t("kind")}
          options={PROMOTION_KINDS.map((k) => ({ value: k, label: t(`kinds.${k}`) }))}
          error={errors.kind}
          className="sm:col-span-2"
          {...register("kind")}
        />
      )}
      {kind === "cart_percent" ? (
        standing ? (
          <p className="text-sm text-muted sm:col-span-2" data-testid="standing-note">
            {t("standingNote", { percent: promotion?.percent ?? 0 })}
          </p>
        ) : (
          <Field
            label={t("percent")}
            type="number"
            inputMode="numeric"
            min={1}
            max={100}
            dir="ltr"
            error={errors.percent}
            {...register("percent")}
          />
        )
      ) : null}
      {kind === "free_delivery" ? (
        <>
          <Field
            label={t("minSubtotal")}
            hint={t("minSubtotalHint")}
            inputMode="decimal"
            dir="ltr"
            error={errors.min_subtotal}
            {...register("min_subtotal")}
          />
          <fieldset className="sm:col-span-2">
            <legend className="font-semibold">{t("zones")}</legend>
            <p className="text-sm text-muted">{t("zonesHint")}</p>
            <div className="mt-2 flex flex-wrap gap-4">
              {(zones.data ?? []).map((zone) => (
                <label key={zone.id} className="flex items-center gap-2">
                  <input type="checkbox" value={String(zone.id)} {...register("zone_ids")} />
                  {zone.name}
                </label>
              ))}
            </div>
          </fieldset>
        </>
      ) : null}
      {kind === "volume" ? (
        <>
          <Field
            as="select"
            label={t("targetType")}
            options={[
              { value: "category", label: t("targetCategory") },
              { value: "product", label: t("targetProduct") },
            ]}
            error={errors.target_type}
            {...register("target_type")}
          />
          <Field
            label={t("targetId")}
            hint={t("targetIdHint")}
            inputMode="numeric"
            dir="ltr"
            error={errors.target_id}
            {...register("target_id")}
          />
          <fieldset className="grid gap-3 sm:col-span-2" data-testid="tiers">
            <legend className="font-semibold">{t("tiers")}</legend>
            <p className="text-sm text-muted">{t("tiersHint")}</p>
            {errors.tiers?.message ? (
              <p role="alert" className="text-sm text-red-700">
                {errors.tiers.message}
              </p>
            ) : null}
            {Array.from({ length: TIER_ROWS }, (_, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a fixed number of rows
              <div key={i} className="grid gap-3 sm:grid-cols-3">
                <Field
                  label={t("tierGrams", { n: i + 1 })}
                  inputMode="numeric"
                  dir="ltr"
                  error={tierError(i, "min_grams")}
                  {...register(`tiers.${i}.min_grams`)}
                />
                <Field
                  label={t("tierPercent")}
                  inputMode="numeric"
                  dir="ltr"
                  error={tierError(i, "percent")}
                  {...register(`tiers.${i}.percent`)}
                />
                <Field
                  label={t("tierAmount")}
                  inputMode="decimal"
                  dir="ltr"
                  error={tierError(i, "amount")}
                  {...register(`tiers.${i}.amount`)}
                />
              </div>
            ))}
          </fieldset>
        </>
      ) : null}
      {kind === "buy_get" ? (
        <>
          <Field
            label={t("productId")}
            hint={t("targetIdHint")}
            inputMode="numeric"
            dir="ltr"
            error={errors.product_id}
            className="sm:col-span-2"
            {...register("product_id")}
          />
          <Field
            label={t("buyGrams")}
            inputMode="numeric"
            dir="ltr"
            error={errors.buy_grams}
            {...register("buy_grams")}
          />
          <Field
            label={t("freeGrams")}
            inputMode="numeric"
            dir="ltr"
            error={errors.free_grams}
            {...register("free_grams")}
          />
        </>
      ) : null}
      <div className="flex flex-col gap-4 sm:col-span-2">
        <RecordFormActions banner={banner} onCancel={onDone} pending={save.isPending} />
      </div>
    </form>
  );
}
