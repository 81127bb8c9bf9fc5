import { MESSAGES } from "../../../shared/domain/validation-messages.ts";
import { useTranslation } from "../../i18n/translator.tsx";
import { ApiError } from "../../lib/api.ts";
import { useMessageText } from "../form/messages.ts";
import { ConfirmDialog } from "../ui/dialog.tsx";
import { useToasts } from "../ui/toast.tsx";

/** The part of a TanStack delete mutation this dialog uses (any id type, any answer). */
type DeleteMutation<Id, Result> = {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  mutateAsync: (id: Id) => Promise<Result>;
};

type Props<Target extends { id: Id }, Id, Result> = {
  /** The record asked about; null = closed. */
  target: Target | null;
  onClose: () => void;
  title: string;
  description: string;
  mutation: DeleteMutation<Id, Result>;
  /** The toast once deleted (may depend on the answer, e.g. archived vs deleted). */
  doneText: (result: Result) => string;
  confirmLabel?: string;
  /** A failure in words; default: the server's message (translated) or `Failed to delete`. */
  errorText?: (error: unknown) => string;
};

/**
 * Every admin list's "delete with confirmation": asks, runs the delete, toasts, closes; a
 * failure stays in the dialog (as text) so the owner can retry or cancel.
 */
export function DeleteDialog<Target extends { id: Id }, Id, Result>({
  target,
  onClose,
  title,
  description,
  mutation,
  doneText,
  confirmLabel,
  errorText,
}: Props<Target, Id, Result>) {
  const { t } = useTranslation("admin");
  const text = useMessageText();
  const toast = useToasts();
  const explain =
    errorText ??
    ((error: unknown) => text(error instanceof ApiError ? error.message : MESSAGES.DELETE_FAILED));
  return (
    <ConfirmDialog
      open={target !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={title}
      description={description}
      confirmLabel={confirmLabel ?? t("actions.delete")}
      pending={mutation.isPending}
      error={mutation.isError ? explain(mutation.error) : null}
      onConfirm={() =>
        target &&
        mutation.mutateAsync(target.id).then(
          (result) => {
            toast.success(doneText(result));
            onClose();
          },
          () => undefined,
        )
      }
    />
  );
}
