import { useTranslation } from "../../i18n/translator.tsx";

/** A row's own action besides Edit and Delete (publish, hide, reply). */
export type RowAction = {
  /** The button's visible text. */
  text: string;
  /** Its accessible name, naming the row ("Publish Layla's review"). */
  label: string;
  onClick: () => void;
  disabled?: boolean;
};

/**
 * A list row's Edit and Delete buttons, each named for the row ("Edit Syria") so a screen
 * reader and a test can tell the rows apart. A row that is moderated rather than edited
 * (reviews) leaves Edit and Delete out and brings its own `actions`, named the same way.
 */
export function RowActions({
  editLabel,
  deleteLabel,
  onEdit,
  onDelete,
  actions = [],
}: {
  editLabel?: string;
  deleteLabel?: string;
  onEdit?: () => void;
  onDelete?: () => void;
  actions?: readonly RowAction[];
}) {
  const { t } = useTranslation("admin");
  return (
    <div className="flex gap-2">
      {actions.map((action) => (
        <button
          key={action.text}
          type="button"
          className="btn btn-outline px-3 py-1"
          onClick={action.onClick}
          aria-label={action.label}
          disabled={action.disabled}
        >
          {action.text}
        </button>
      ))}
      {onEdit ? (
        <button
          type="button"
          className="btn btn-outline px-3 py-1"
          onClick={onEdit}
          aria-label={editLabel}
        >
          {t("actions.edit")}
        </button>
      ) : null}
      {onDelete ? (
        <button
          type="button"
          className="btn px-3 py-1 text-red-700 hover:bg-red-50"
          onClick={onDelete}
          aria-label={deleteLabel}
        >
          {t("actions.delete")}
        </button>
      ) : null}
    </div>
  );
}
