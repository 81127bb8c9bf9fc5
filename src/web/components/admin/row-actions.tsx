import { useTranslation } from "../../i18n/translator.tsx";

/**
 * A list row's Edit and Delete buttons, each named for the row ("Edit Syria") so a screen
 * reader and a test can tell the rows apart.
 */
export function RowActions({
  editLabel,
  deleteLabel,
  onEdit,
  onDelete,
}: {
  editLabel: string;
  deleteLabel: string;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation("admin");
  return (
    <div className="flex gap-2">
      <button
        type="button"
        className="btn btn-outline px-3 py-1"
        onClick={onEdit}
        aria-label={editLabel}
      >
        {t("actions.edit")}
      </button>
      <button
        type="button"
        className="btn px-3 py-1 text-red-700 hover:bg-red-50"
        onClick={onDelete}
        aria-label={deleteLabel}
      >
        {t("actions.delete")}
      </button>
    </div>
  );
}
