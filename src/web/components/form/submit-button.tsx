import { useTranslation } from "../../i18n/translator.tsx";

type Props = Omit<React.ButtonHTMLAttributes<HTMLButtonElement>, "type"> & {
  /** While true the button is disabled, busy, and shows `pendingLabel` (default "Saving…"). */
  pending?: boolean;
  pendingLabel?: string;
};

/** A form's submit button with a pending state: no second click while a save is on its way. */
export function SubmitButton({
  pending = false,
  pendingLabel,
  disabled,
  children,
  className,
  ...rest
}: Props) {
  const { t } = useTranslation("messages");
  return (
    <button
      type="submit"
      className={className ?? "btn btn-primary"}
      disabled={pending || disabled}
      aria-busy={pending || undefined}
      {...rest}
    >
      {pending ? (pendingLabel ?? t("form.saving")) : children}
    </button>
  );
}
