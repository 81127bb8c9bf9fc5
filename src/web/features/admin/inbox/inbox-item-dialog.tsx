import { useState } from "react";
import { countryName } from "../../../../shared/domain/countries.ts";
import { formatDateTime } from "../../../../shared/domain/date-format.ts";
import { MESSAGES } from "../../../../shared/domain/validation-messages.ts";
import {
  type ContactMessageDto,
  INBOX_STATUSES,
  type InboxStatus,
  type TraderEnquiryDto,
} from "../../../../shared/schemas/inbox.ts";
import { ErrorList } from "../../../components/form/error-list.tsx";
import { Field } from "../../../components/form/field.tsx";
import { useMessageText } from "../../../components/form/messages.ts";
import { SubmitButton } from "../../../components/form/submit-button.tsx";
import { Dialog } from "../../../components/ui/dialog.tsx";
import { useToasts } from "../../../components/ui/toast.tsx";
import { useTranslation } from "../../../i18n/translator.tsx";
import { ApiError } from "../../../lib/api.ts";
import { ApproveTraderPanel } from "../traders/approve-trader-panel.tsx";
import { useUpdateInboxItem } from "./api/update-inbox-item.ts";
import { mailtoLink, waLink } from "./reply-links.ts";

export type InboxItem =
  | { list: "messages"; item: ContactMessageDto }
  | { list: "enquiries"; item: TraderEnquiryDto };

/** Who wrote, how to answer, and the owner's status and internal note. */
export function InboxItemDialog({
  open,
  onOpenChange,
  entry,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  entry: InboxItem | null;
}) {
  const { t } = useTranslation("admin-inbox");
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={entry?.list === "enquiries" ? t("enquiryTitle") : t("messageTitle")}
      size="lg"
      testId="inbox-dialog"
    >
      {entry ? (
        <InboxItemBody
          key={`${entry.list}-${entry.item.id}`}
          entry={entry}
          onDone={() => onOpenChange(false)}
        />
      ) : null}
    </Dialog>
  );
}

function InboxItemBody({ entry, onDone }: { entry: InboxItem; onDone: () => void }) {
  const { t, i18n } = useTranslation(["admin-inbox", "messages"]);
  const lang = i18n.language === "ar" ? "ar" : "en";
  const text = useMessageText();
  const toast = useToasts();
  const update = useUpdateInboxItem();
  const [status, setStatus] = useState<InboxStatus>(entry.item.status);
  const [note, setNote] = useState(entry.item.note);
  const { item } = entry;
  const name = entry.list === "messages" ? entry.item.name : entry.item.full_name;
  const email = entry.item.email;
  const subject =
    entry.list === "messages" && entry.item.subject
      ? t("replySubject", { subject: entry.item.subject })
      : t("replySubjectDefault");
  const greeting = t("replyGreeting", { name });

  const rows: [string, React.ReactNode][] =
    entry.list === "messages"
      ? [
          [t("name"), entry.item.name],
          [t("email"), <bdi key="e">{entry.item.email}</bdi>],
          [t("phone"), <bdi key="p">{entry.item.phone}</bdi>],
          [t("subject"), entry.item.subject ?? "—"],
        ]
      : [
          [t("name"), entry.item.full_name],
          [t("country"), countryName(entry.item.country, lang)],
          [t("city"), entry.item.city],
          [t("phone"), <bdi key="p">{entry.item.phone}</bdi>],
          [t("email"), entry.item.email ? <bdi key="e">{entry.item.email}</bdi> : "—"],
          [t("company"), entry.item.company_name ?? "—"],
          [t("activity"), entry.item.activity_type ?? "—"],
          [t("quantity"), entry.item.monthly_quantity ?? "—"],
        ];
  const body = entry.list === "messages" ? entry.item.message : entry.item.questions;

  const save = async () => {
    try {
      await update.mutateAsync({ list: entry.list, id: item.id, patch: { status, note } });
      toast.success(t("saved"));
      onDone();
    } catch {
      // shown below
    }
  };

  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="font-semibold">{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
        <dt className="font-semibold">{t("received")}</dt>
        <dd>
          <bdi dir="ltr">{formatDateTime(item.created_at, lang)}</bdi>
        </dd>
      </dl>
      {body ? (
        <p className="whitespace-pre-wrap rounded-lg bg-cream p-3" data-testid="inbox-body">
          {body}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        {email ? (
          <a className="btn btn-outline" href={mailtoLink(email, subject, greeting)}>
            {t("replyEmail")}
          </a>
        ) : null}
        <a
          className="btn btn-outline"
          href={waLink(item.phone, greeting)}
          target="_blank"
          rel="noreferrer"
        >
          {t("replyChat")}
        </a>
      </div>
      {entry.list === "enquiries" ? (
        <ApproveTraderPanel enquiryId={item.id} onDone={onDone} />
      ) : null}
      <Field
        as="select"
        label={t("status")}
        value={status}
        onChange={(event: React.ChangeEvent<HTMLSelectElement>) =>
          setStatus(event.target.value as InboxStatus)
        }
        options={INBOX_STATUSES.map((value) => ({ value, label: t(`statuses.${value}`) }))}
      />
      <Field
        as="textarea"
        label={t("note")}
        hint={t("noteHint")}
        value={note}
        onChange={(event: React.ChangeEvent<HTMLTextAreaElement>) => setNote(event.target.value)}
      />
      <ErrorList
        messages={[
          update.isError
            ? text(update.error instanceof ApiError ? update.error.message : MESSAGES.UPDATE_FAILED)
            : null,
        ]}
      />
      <div className="flex justify-end gap-3">
        <button type="button" className="btn btn-outline" onClick={onDone}>
          {t("messages:ui.cancel")}
        </button>
        <SubmitButton pending={update.isPending}>{t("save")}</SubmitButton>
      </div>
    </form>
  );
}
