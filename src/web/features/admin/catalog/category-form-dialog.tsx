import { zodResolver } from "@hookform/resolvers/zod";
import { useForm, useWatch } from "react-hook-form";
import { MESSAGES } from "../../../../shared/domain/validation-messages.ts";
import {
  type AdminCategory,
  type CategoryFormValues,
  type CategoryInput,
  categoryFormSchema,
  categoryFormValues,
} from "../../../../shared/schemas/admin-catalog.ts";
import { RecordFormActions } from "../../../components/admin/record-form-actions.tsx";
import { RecordHistory } from "../../../components/admin/record-history.tsx";
import { useRecordForm } from "../../../components/admin/use-record-form.ts";
import { BilingualField, Field } from "../../../components/form/field.tsx";
import { Dialog } from "../../../components/ui/dialog.tsx";
import { useTranslation } from "../../../i18n/translator.tsx";
import { useCreateCategory } from "./api/create-category.ts";
import { useUpdateCategory } from "./api/update-category.ts";

const FIELDS = ["name", "name_ar", "description", "description_ar", "daily_cap_kg"] as const;

/** Grams as the form shows them: kg, up to 3 decimals, without trailing zeros. */
const kg = (grams: number | null | undefined) =>
  grams === null || grams === undefined ? "" : String(grams / 1000);

const valuesOf = (category: AdminCategory | null): CategoryInput => ({
  name: category?.name ?? "",
  name_ar: category?.name_ar ?? "",
  description: category?.description ?? "",
  description_ar: category?.description_ar ?? "",
  daily_cap_kg: kg(category?.daily_cap_grams),
});

type Props = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** null = add a new category. */
  category: AdminCategory | null;
};

/** Add or edit a category: bilingual name and description, and (editing) its history. */
export function CategoryFormDialog({ open, onOpenChange, category }: Props) {
  const { t } = useTranslation("admin-categories");
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={category ? t("editTitle") : t("addTitle")}
      size="lg"
      testId="category-dialog"
    >
      {/* Keyed by the record: opening another one starts from its own values. */}
      <CategoryForm
        key={category?.id ?? "new"}
        category={category}
        onDone={() => onOpenChange(false)}
      />
      {category ? (
        <div className="mt-6 border-t border-line pt-4">
          <RecordHistory entity="category" entityId={category.id} />
        </div>
      ) : null}
    </Dialog>
  );
}

function CategoryForm({
  category,
  onDone,
}: {
  category: AdminCategory | null;
  onDone: () => void;
}) {
  const { t } = useTranslation("admin-categories");
  const create = useCreateCategory();
  const update = useUpdateCategory();
  const form = useForm<CategoryInput, unknown, CategoryFormValues>({
    resolver: zodResolver(categoryFormSchema),
    defaultValues: valuesOf(category),
  });
  // Save disabled while the name is empty.
  const name = useWatch({ control: form.control, name: "name" });
  const pending = create.isPending || update.isPending;
  const { banner, onSubmit } = useRecordForm({
    form,
    fields: FIELDS,
    save: (values) =>
      category
        ? update.mutateAsync({ id: category.id, input: categoryFormValues(values) })
        : create.mutateAsync(categoryFormValues(values)),
    doneText: category ? t("updated") : t("added"),
    failText: category ? MESSAGES.CATEGORY_UPDATE_FAILED : MESSAGES.CATEGORY_ADD_FAILED,
    onDone,
  });

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <BilingualField form={form} names={["name", "name_ar"]} label={t("name")} required />
      <BilingualField
        form={form}
        names={["description", "description_ar"]}
        label={t("description")}
        as="textarea"
      />
      <Field
        label={t("dailyCap")}
        hint={t("dailyCapHint")}
        inputMode="decimal"
        dir="ltr"
        className="max-w-40"
        error={form.formState.errors.daily_cap_kg}
        {...form.register("daily_cap_kg")}
      />
      <RecordFormActions
        banner={banner}
        onCancel={onDone}
        pending={pending}
        disabled={!name?.trim()}
      />
    </form>
  );
}
