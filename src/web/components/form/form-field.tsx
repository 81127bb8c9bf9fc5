import { forwardRef, useId } from "react";
import type { FieldError } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { useMessageText } from "./messages.ts";

type Props = React.InputHTMLAttributes<HTMLInputElement> & {
  label: string;
  error?: FieldError;
};

/** A labelled input whose error is announced and tied to it (aria-describedby). */
export const FormField = forwardRef<HTMLInputElement, Props>(function FormField(
  { label, error, required, ...input },
  ref,
) {
  const id = useId();
  const errorId = `${id}-error`;
  const { t } = useTranslation("account");
  const text = useMessageText();
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="font-semibold">
        {label}
        {required ? (
          <span className="text-red-700" aria-hidden="true">
            {" *"}
          </span>
        ) : null}
        {required ? <span className="sr-only"> ({t("required")})</span> : null}
      </label>
      <input
        ref={ref}
        id={id}
        className="field"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        {...input}
      />
      {error?.message ? (
        <p id={errorId} className="text-sm text-red-700" data-testid="field-error">
          {text(error.message)}
        </p>
      ) : null}
    </div>
  );
});

/** Field errors a server sent, put on the form fields they name. */
export function applyServerErrors(
  errors: Record<string, string[]>,
  setError: (name: never, error: { type: string; message: string }) => void,
  fields: readonly string[],
): boolean {
  let applied = false;
  for (const [field, messages] of Object.entries(errors)) {
    if (fields.includes(field) && messages[0]) {
      setError(field as never, { type: "server", message: messages[0] });
      applied = true;
    }
  }
  return applied;
}
