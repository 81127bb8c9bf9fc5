import { useForm } from "react-hook-form";
import { MESSAGES } from "../../../../shared/domain/validation-messages.ts";
import type { FaqItemDto, PolicySectionDto } from "../../../../shared/schemas/content.ts";
import { RecordFormActions } from "../../../components/admin/record-form-actions.tsx";
import { RecordHistory } from "../../../components/admin/record-history.tsx";
import { useRecordForm } from "../../../components/admin/use-record-form.ts";
import { BilingualField, Field } from "../../../components/form/field.tsx";
import { Dialog } from "../../../components/ui/dialog.tsx";
import { useTranslation } from "../../../i18n/translator.tsx";
import { useSaveFaq } from "./api/save-faq.ts";
import { useUpdatePolicy } from "./api/update-policy.ts";

type FaqValues = {
  position: string;
  question_en: string;
  question_ar: string;
  answer_en: string;
  answer_ar: string;
};
const FAQ_FIELDS = ["position", "question_en", "question_ar", "answer_en", "answer_ar"] as const;

/** Add (item null) or edit one FAQ item, in both languages. */
export function FaqDialog({
  open,
  onOpenChange,
  item,
  nextPosition,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  item: FaqItemDto | null;
  nextPosition: number;
}) {
  const { t } = useTranslation("admin-pages");
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={item ? t("faq.editTitle") : t("faq.addTitle")}
      size="lg"
      testId="faq-dialog"
    >
      <FaqForm
        key={item?.id ?? "new"}
        item={item}
        nextPosition={nextPosition}
        onDone={() => onOpenChange(false)}
      />
      {item ? (
        <div className="mt-6 border-t border-line pt-4">
          <RecordHistory entity="faq_item" entityId={item.id} />
        </div>
      ) : null}
    </Dialog>
  );
}

function FaqForm({
  item,
  nextPosition,
  onDone,
}: {
  item: FaqItemDto | null;
  nextPosition: number;
  onDone: () => void;
}) {
  const { t } = useTranslation(["admin-pages", "admin", "messages"]);
  const save = useSaveFaq();
  const form = useForm<FaqValues>({
    defaultValues: {
      position: String(item?.position ?? nextPosition),
      question_en: item?.question_en ?? "",
      question_ar: item?.question_ar ?? "",
      answer_en: item?.answer_en ?? "",
      answer_ar: item?.answer_ar ?? "",
    },
  });
  const { banner, onSubmit } = useRecordForm({
    form,
    fields: FAQ_FIELDS,
    save: (values) =>
      save.mutateAsync({
        id: item?.id ?? null,
        input: { ...values, position: Number(values.position) || 0 },
      }),
    doneText: t("saved"),
    failText: MESSAGES.UPDATE_FAILED,
    onDone,
  });
  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <BilingualField
        form={form}
        names={["question_en", "question_ar"]}
        label={t("faq.question")}
        required
      />
      <BilingualField
        form={form}
        names={["answer_en", "answer_ar"]}
        label={t("faq.answer")}
        as="textarea"
        required
      />
      <Field
        label={t("position")}
        hint={t("positionHint")}
        type="number"
        inputMode="numeric"
        dir="ltr"
        error={form.formState.errors.position}
        {...form.register("position")}
      />
      <RecordFormActions banner={banner} onCancel={onDone} pending={save.isPending} />
    </form>
  );
}

type PolicyValues = {
  position: string;
  title_en: string;
  title_ar: string;
  text_en: string;
  text_ar: string;
  points_en: string;
  points_ar: string;
};
const POLICY_FIELDS = [
  "position",
  "title_en",
  "title_ar",
  "text_en",
  "text_ar",
  "points_en",
  "points_ar",
] as const;
const lines = (text: string) =>
  text
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean);

/** Edit one policy section: title, then a text or points (one a line), in both languages. */
export function PolicyDialog({
  open,
  onOpenChange,
  section,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  section: PolicySectionDto | null;
}) {
  const { t } = useTranslation("admin-pages");
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t("policies.editTitle")}
      size="lg"
      testId="policy-dialog"
    >
      {section ? (
        <>
          <PolicyForm key={section.id} section={section} onDone={() => onOpenChange(false)} />
          <div className="mt-6 border-t border-line pt-4">
            <RecordHistory entity="policy_section" entityId={section.id} />
          </div>
        </>
      ) : null}
    </Dialog>
  );
}

function PolicyForm({ section, onDone }: { section: PolicySectionDto; onDone: () => void }) {
  const { t } = useTranslation(["admin-pages", "admin", "messages"]);
  const update = useUpdatePolicy();
  const form = useForm<PolicyValues>({
    defaultValues: {
      position: String(section.position),
      title_en: section.title_en,
      title_ar: section.title_ar,
      text_en: section.text_en,
      text_ar: section.text_ar,
      points_en: section.points_en.join("\n"),
      points_ar: section.points_ar.join("\n"),
    },
  });
  const { banner, onSubmit } = useRecordForm({
    form,
    fields: POLICY_FIELDS,
    save: (values) =>
      update.mutateAsync({
        id: section.id,
        input: {
          ...values,
          position: Number(values.position) || 0,
          points_en: lines(values.points_en),
          points_ar: lines(values.points_ar),
        },
      }),
    doneText: t("saved"),
    failText: MESSAGES.UPDATE_FAILED,
    onDone,
  });
  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <BilingualField
        form={form}
        names={["title_en", "title_ar"]}
        label={t("policies.sectionTitle")}
        required
      />
      <BilingualField
        form={form}
        names={["text_en", "text_ar"]}
        label={t("policies.text")}
        as="textarea"
      />
      <BilingualField
        form={form}
        names={["points_en", "points_ar"]}
        label={t("policies.points")}
        as="textarea"
      />
      <p className="text-sm text-muted">{t("policies.bodyHint")}</p>
      <Field
        label={t("position")}
        hint={t("positionHint")}
        type="number"
        inputMode="numeric"
        dir="ltr"
        error={form.formState.errors.position}
        {...form.register("position")}
      />
      <RecordFormActions banner={banner} onCancel={onDone} pending={update.isPending} />
    </form>
  );
}
