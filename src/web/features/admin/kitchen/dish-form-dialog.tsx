import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { addDays } from "../../../../shared/domain/business-time.ts";
import { UPLOAD_IMAGE_ACCEPT } from "../../../../shared/domain/catalog.ts";
import { KITCHEN_MESSAGES, WEEKDAYS, weekdayName } from "../../../../shared/domain/kitchen.ts";
import { MESSAGES } from "../../../../shared/domain/validation-messages.ts";
import {
  type AdminDish,
  type DishValues,
  dishInputSchema,
} from "../../../../shared/schemas/kitchen.ts";
import { RecordFormActions } from "../../../components/admin/record-form-actions.tsx";
import { RecordHistory } from "../../../components/admin/record-history.tsx";
import { useRecordForm } from "../../../components/admin/use-record-form.ts";
import { BilingualField, Field } from "../../../components/form/field.tsx";
import { registerMessages, useMessageText } from "../../../components/form/messages.ts";
import { Dialog } from "../../../components/ui/dialog.tsx";
import { useTranslation } from "../../../i18n/translator.tsx";
import { useDish } from "./api/get-dish.ts";
import { useSaveDish } from "./api/save-dish.ts";

// The dish form's rules are translated in the kitchen screen's namespace (loaded by its route).
registerMessages(KITCHEN_MESSAGES, (id) => `admin-kitchen:errors.${id}`);

const FIELDS = [
  "title",
  "title_ar",
  "description",
  "description_ar",
  "price",
  "image",
  "weekdays",
  "active",
  "sold_out_today",
  "portions_per_day",
] as const;

type FormValues = {
  title: string;
  title_ar: string;
  description: string;
  description_ar: string;
  price: string;
  image: string;
  weekdays: string[];
  active: boolean;
  sold_out_today: boolean;
  portions_per_day: string;
};

const valuesOf = (dish: AdminDish | null): FormValues => ({
  title: dish?.title ?? "",
  title_ar: dish?.title_ar ?? "",
  description: dish?.description ?? "",
  description_ar: dish?.description_ar ?? "",
  price: dish?.price == null ? "" : dish.price.toFixed(2),
  image: dish?.image ?? "",
  weekdays: (dish?.weekdays ?? []).map(String),
  active: dish?.active ?? true,
  sold_out_today: dish?.sold_out_today ?? false,
  portions_per_day: dish?.portions_per_day == null ? "" : String(dish.portions_per_day),
});

/** A Sunday: day n of its week names weekday n in the page's language. */
const A_SUNDAY = "2026-11-22";
const weekdayLabel = (day: number, lang: string) =>
  weekdayName(addDays(A_SUNDAY, day), lang === "ar" ? "ar" : "en");

type Props = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** null = add a new dish; an id = edit that dish (read fresh from the server). */
  dishId: number | null;
};

/** Add or edit a dish: bilingual texts, price, picture, weekdays, active and sold out today. */
export function DishFormDialog({ open, onOpenChange, dishId }: Props) {
  const { t } = useTranslation("admin-kitchen");
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={dishId ? t("editTitle") : t("addTitle")}
      size="lg"
      testId="dish-dialog"
    >
      {dishId ? (
        <EditDish key={dishId} id={dishId} onDone={() => onOpenChange(false)} />
      ) : (
        <DishForm key="new" dish={null} onDone={() => onOpenChange(false)} />
      )}
    </Dialog>
  );
}

function EditDish({ id, onDone }: { id: number; onDone: () => void }) {
  const { t } = useTranslation("admin-kitchen");
  const text = useMessageText();
  const dish = useDish(id);
  if (dish.isPending) return <p className="text-muted">{t("messages:ui.loading")}</p>;
  if (dish.isError)
    return (
      <div role="alert" className="flex flex-col items-start gap-3">
        <p className="text-red-700">{text(dish.error.message || MESSAGES.ITEM_LOAD_FAILED)}</p>
        <button type="button" className="btn btn-outline" onClick={() => void dish.refetch()}>
          {t("messages:ui.retry")}
        </button>
      </div>
    );
  return (
    <>
      <DishForm dish={dish.data.data} onDone={onDone} />
      <div className="mt-6 border-t border-line pt-4">
        <RecordHistory entity="dish" entityId={id} />
      </div>
    </>
  );
}

function DishForm({ dish, onDone }: { dish: AdminDish | null; onDone: () => void }) {
  const { t, i18n } = useTranslation(["admin-kitchen", "admin", "messages"]);
  const save = useSaveDish();
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const form = useForm<FormValues, unknown, DishValues>({
    resolver: zodResolver(dishInputSchema as never) as never,
    defaultValues: valuesOf(dish),
  });
  const errors = form.formState.errors;
  // A dish needs its title; save stays disabled while it is empty.
  const title = useWatch({ control: form.control, name: "title" });
  const image = useWatch({ control: form.control, name: "image" });

  const { banner, onSubmit } = useRecordForm({
    form,
    fields: FIELDS,
    save: async (values) => {
      try {
        await save.mutateAsync({ id: dish?.id, values, file, onProgress: setProgress });
      } finally {
        setProgress(null);
      }
    },
    doneText: dish ? t("updated") : t("added"),
    failText: dish ? MESSAGES.UPDATE_FAILED : MESSAGES.ITEM_ADD_FAILED,
    onDone,
  });

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <BilingualField
        form={form as never}
        names={["title", "title_ar"] as never}
        label={t("dishTitle")}
        required
      />
      <BilingualField
        form={form as never}
        names={["description", "description_ar"] as never}
        label={t("description")}
        as="textarea"
      />
      <Field
        label={t("price")}
        hint={t("priceHint")}
        inputMode="decimal"
        dir="ltr"
        error={errors.price}
        {...form.register("price")}
      />
      <div className="flex flex-col gap-2">
        <Field
          as="file"
          label={t("image")}
          accept={UPLOAD_IMAGE_ACCEPT}
          error={errors.image}
          onChange={(event) => setFile(event.currentTarget.files?.[0] ?? null)}
        />
        {image && !file ? (
          <div className="flex items-center gap-3">
            <img src={image} alt="" className="size-16 rounded object-cover" />
            <button
              type="button"
              className="btn btn-outline px-3 py-1"
              onClick={() => form.setValue("image", "")}
            >
              {t("removeImage")}
            </button>
          </div>
        ) : null}
        {progress !== null ? (
          <progress className="w-full" max={1} value={progress} aria-label={t("uploading")} />
        ) : null}
      </div>
      <fieldset className="flex flex-col gap-2" aria-describedby="dish-weekdays-hint">
        <legend className="font-semibold">{t("weekdays")}</legend>
        <p id="dish-weekdays-hint" className="text-sm text-muted">
          {t("weekdaysHint")}
        </p>
        <div className="flex flex-wrap gap-x-4 gap-y-2">
          {WEEKDAYS.map((day) => (
            <label key={day} className="inline-flex items-center gap-2">
              <input
                type="checkbox"
                className="size-5 accent-gold-dark"
                value={String(day)}
                {...form.register("weekdays")}
              />
              {weekdayLabel(day, i18n.language)}
            </label>
          ))}
        </div>
        {errors.weekdays ? <p className="text-sm text-red-700">{t("weekdaysInvalid")}</p> : null}
      </fieldset>
      <Field
        as="checkbox"
        label={t("active")}
        hint={t("activeHint")}
        {...form.register("active")}
      />
      <Field
        label={t("portionsPerDay")}
        hint={t("portionsPerDayHint")}
        inputMode="numeric"
        dir="ltr"
        error={errors.portions_per_day}
        {...form.register("portions_per_day")}
      />
      <Field
        as="checkbox"
        label={t("soldOutToday")}
        hint={t("soldOutHint")}
        {...form.register("sold_out_today")}
      />
      <RecordFormActions
        banner={banner}
        onCancel={onDone}
        pending={save.isPending}
        disabled={!title?.trim()}
      />
    </form>
  );
}
