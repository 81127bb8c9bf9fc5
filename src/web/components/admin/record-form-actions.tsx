import { useTranslation } from "../../i18n/translator.tsx";
import { ErrorList } from "../form/error-list.tsx";
import { SubmitButton } from "../form/submit-button.tsx";

/**
 * The foot of an admin record form: what went wrong that belongs to no field (`banner`, from
 * `useRecordForm`), then Cancel and Save (or `saveLabel`). Save shows "Saving…" while
 * `pending`, and stays off while `disabled` (a required field is still empty).
 */
export function RecordFormActions({
  banner,
  onCancel,
  pending,
  disabled,
  saveLabel,
}: {
  banner: string | null;
  onCancel: () => void;
  pending: boolean;
  disabled?: boolean;
  saveLabel?: string;
}) {
  const { t } = useTranslation(["admin", "messages"]);
  return (
    <>
      <ErrorList messages={[banner]} />
      <div className="flex justify-end gap-3">
        <button type="button" className="btn btn-outline" onClick={onCancel}>
          {t("messages:ui.cancel")}
        </button>
        <SubmitButton pending={pending} disabled={disabled}>
          {saveLabel ?? t("admin:actions.save")}
        </SubmitButton>
      </div>
    </>
  );
}
