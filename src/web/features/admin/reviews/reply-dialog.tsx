import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { type AdminReview, adminReviewUpdateSchema } from "../../../../shared/schemas/reviews.ts";
import { RecordFormActions } from "../../../components/admin/record-form-actions.tsx";
import { useRecordForm } from "../../../components/admin/use-record-form.ts";
import { BilingualField } from "../../../components/form/field.tsx";
import { Dialog } from "../../../components/ui/dialog.tsx";
import { useTranslation } from "../../../i18n/translator.tsx";
import { REVIEW_UPDATE_FAILED, useModerateReview } from "./api/moderate-review.ts";

const replySchema = adminReviewUpdateSchema.pick({ reply: true, reply_ar: true });
type ReplyInput = z.input<typeof replySchema>;
type ReplyValues = z.output<typeof replySchema>;
const FIELDS = ["reply", "reply_ar"] as const;

/** The shop's reply to one review, in English and Arabic (an empty pair removes it). */
export function ReplyDialog({
  review,
  onClose,
}: {
  review: AdminReview | null;
  onClose: () => void;
}) {
  const { t } = useTranslation("admin-reviews");
  return (
    <Dialog
      open={review !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={t("replyTitle")}
      description={review ? t("replyTo", { name: review.author }) : undefined}
      size="lg"
      testId="review-reply-dialog"
    >
      {/* Keyed by the review: opening another one starts from its own reply. */}
      {review ? <ReplyForm key={review.id} review={review} onDone={onClose} /> : null}
    </Dialog>
  );
}

function ReplyForm({ review, onDone }: { review: AdminReview; onDone: () => void }) {
  const { t } = useTranslation("admin-reviews");
  const moderate = useModerateReview();
  const form = useForm<ReplyInput, unknown, ReplyValues>({
    resolver: zodResolver(replySchema),
    defaultValues: { reply: review.reply, reply_ar: review.reply_ar },
  });
  const { banner, onSubmit } = useRecordForm({
    form,
    fields: FIELDS,
    // A reply never changes whether the review is shown: its status goes back as it is.
    save: (values) =>
      moderate.mutateAsync({
        id: review.id,
        input: {
          status: review.status,
          reply: values.reply ?? "",
          reply_ar: values.reply_ar ?? "",
        },
      }),
    doneText: t("replied"),
    failText: REVIEW_UPDATE_FAILED,
    onDone,
  });
  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <blockquote
        className="rounded border border-line p-3 text-sm whitespace-pre-line"
        lang={review.lang}
        dir={review.lang === "ar" ? "rtl" : "ltr"}
      >
        {review.text}
      </blockquote>
      <BilingualField form={form} names={["reply", "reply_ar"]} label={t("reply")} as="textarea" />
      <RecordFormActions banner={banner} onCancel={onDone} pending={moderate.isPending} />
    </form>
  );
}
