import { forwardRef, useId, useRef, useState } from "react";
import type { FieldError, FieldValues, Path, UseFormReturn } from "react-hook-form";
import { get, useWatch } from "react-hook-form";
import { useTranslation } from "../../i18n/translator.tsx";
import { useMessageText } from "./messages.ts";

export type FieldKind = "input" | "textarea" | "select" | "checkbox" | "file";
export type SelectOption = { value: string; label: string };

type Common = {
  label: string;
  /** A react-hook-form error (or any `{ message }`): shown translated, tied by aria-describedby. */
  error?: Pick<FieldError, "message"> | undefined;
  /** A short help text under the field. */
  hint?: string;
  /** Extra classes on the wrapper. */
  className?: string;
  /** The id of something else that describes the control (a live status beside it). */
  describedBy?: string;
  /** Marks the control invalid without a message of its own (the status above says why). */
  invalid?: boolean;
};

type InputProps = Common & { as?: "input" } & React.InputHTMLAttributes<HTMLInputElement>;
type FileProps = Common & { as: "file" } & Omit<
    React.InputHTMLAttributes<HTMLInputElement>,
    "type"
  >;
type CheckboxProps = Common & { as: "checkbox" } & Omit<
    React.InputHTMLAttributes<HTMLInputElement>,
    "type"
  >;
type TextareaProps = Common & {
  as: "textarea";
} & React.TextareaHTMLAttributes<HTMLTextAreaElement>;
type SelectProps = Common & {
  as: "select";
  options: readonly SelectOption[];
  /** A first, empty choice ("Choose…"); its value is "". */
  placeholder?: string;
} & React.SelectHTMLAttributes<HTMLSelectElement>;

export type FieldProps = InputProps | FileProps | CheckboxProps | TextareaProps | SelectProps;
type AnyElement = HTMLInputElement & HTMLTextAreaElement & HTMLSelectElement;

/**
 * THE form field: a label, one control (input, textarea, select, checkbox or file),
 * an optional hint and the field's error, announced and tied to the control. Spread
 * react-hook-form's `register("name")` into it: `<Field label="Name" error={errors.name}
 * required {...register("name")} />`.
 */
export const Field = forwardRef<AnyElement, FieldProps>(function Field(props, ref) {
  const {
    label,
    error,
    hint,
    className,
    describedBy: describedByOther,
    invalid,
    as = "input",
    ...rest
  } = props as FieldProps & {
    as?: FieldKind;
  };
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const text = useMessageText();
  const { t } = useTranslation("messages");
  const required = Boolean((rest as { required?: boolean }).required);
  // A file control draws its own button and "no file chosen" in the page's language (issue
  // 29.17): the browser's own words follow the browser, not the page.
  const fileInput = useRef<HTMLInputElement | null>(null);
  const [fileNames, setFileNames] = useState("");
  const describedBy =
    [describedByOther ?? "", error?.message ? errorId : "", hint ? hintId : ""]
      .filter(Boolean)
      .join(" ") || undefined;
  const aria = {
    id,
    "aria-invalid": error?.message || invalid ? true : undefined,
    "aria-describedby": describedBy,
  } as const;

  const marker = required ? (
    <>
      <span className="text-red-700" aria-hidden="true">
        {" *"}
      </span>
      <span className="sr-only"> ({t("form.required")})</span>
    </>
  ) : null;

  let control: React.ReactNode;
  if (as === "textarea") {
    control = (
      <textarea
        ref={ref}
        rows={3}
        className="field"
        {...(rest as React.TextareaHTMLAttributes<HTMLTextAreaElement>)}
        {...aria}
      />
    );
  } else if (as === "select") {
    const { options, placeholder, ...select } = rest as Omit<SelectProps, keyof Common | "as">;
    control = (
      <select ref={ref} className="field" {...select} {...aria}>
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    );
  } else if (as === "checkbox") {
    return (
      <div className={`flex flex-col gap-1 ${className ?? ""}`}>
        <label htmlFor={id} className="inline-flex items-center gap-2 font-semibold">
          <input
            ref={ref}
            type="checkbox"
            className="size-5 accent-gold-dark"
            {...(rest as React.InputHTMLAttributes<HTMLInputElement>)}
            {...aria}
          />
          {label}
          {marker}
        </label>
        <FieldHint id={hintId} hint={hint} />
        <FieldErrorText id={errorId} message={text(error?.message)} />
      </div>
    );
  } else if (as === "file") {
    const { onChange, ...input } = rest as React.InputHTMLAttributes<HTMLInputElement>;
    control = (
      <div className="flex flex-wrap items-center gap-3">
        <input
          ref={(node) => {
            fileInput.current = node;
            if (typeof ref === "function") ref(node as AnyElement);
            else if (ref) ref.current = node as AnyElement;
          }}
          className="peer sr-only"
          {...input}
          type="file"
          onChange={(event) => {
            setFileNames(Array.from(event.currentTarget.files ?? [], (f) => f.name).join(", "));
            onChange?.(event);
          }}
          {...aria}
        />
        {/* The input above is the control (its label, focus and keyboard); this only draws it. */}
        <button
          type="button"
          aria-hidden="true"
          tabIndex={-1}
          className="btn btn-outline peer-focus-visible:ring-3 peer-focus-visible:ring-gold"
          onClick={() => fileInput.current?.click()}
        >
          {t("form.chooseFile")}
        </button>
        <span className="text-sm text-muted" data-testid="file-name" dir="auto">
          {fileNames || t("form.noFile")}
        </span>
      </div>
    );
  } else {
    control = (
      <input
        ref={ref}
        className="field"
        {...(rest as React.InputHTMLAttributes<HTMLInputElement>)}
        {...aria}
      />
    );
  }

  return (
    <div className={`flex flex-col gap-1 ${className ?? ""}`}>
      <label htmlFor={id} className="font-semibold">
        {label}
        {marker}
      </label>
      {control}
      <FieldHint id={hintId} hint={hint} />
      <FieldErrorText id={errorId} message={text(error?.message)} />
    </div>
  );
});

function FieldHint({ id, hint }: { id: string; hint?: string }) {
  return hint ? (
    <p id={id} className="text-sm text-muted">
      {hint}
    </p>
  ) : null;
}

function FieldErrorText({ id, message }: { id: string; message: string }) {
  return message ? (
    <p id={id} className="text-sm text-red-700" data-testid="field-error">
      {message}
    </p>
  ) : null;
}

type BilingualProps<T extends FieldValues> = {
  form: UseFormReturn<T>;
  /** The English and the Arabic field names (`["name", "name_ar"]`). */
  names: readonly [Path<T>, Path<T>];
  label: string;
  as?: "input" | "textarea";
  /** The English one is required (e.g. a name); the Arabic one never is (English stands in). */
  required?: boolean;
  className?: string;
};

/**
 * English and Arabic side by side (stacked on a phone); the Arabic control is right-to-left,
 * and while it is empty a visible "Arabic missing" mark says the storefront will show the
 * English text to Arabic readers.
 */
export function BilingualField<T extends FieldValues>({
  form,
  names,
  label,
  as = "input",
  required,
  className,
}: BilingualProps<T>) {
  const { t } = useTranslation("messages");
  const [enName, arName] = names;
  const arValue = useWatch({ control: form.control, name: arName });
  // `get` reads nested paths too (`locations.0.title`), so list editors use this field as well.
  const errorOf = (name: string): FieldError | undefined => get(form.formState.errors, name);
  const missing = typeof arValue !== "string" || arValue.trim() === "";
  const control = as === "textarea" ? ({ as: "textarea" } as const) : ({ as: "input" } as const);
  return (
    <fieldset className={`grid gap-3 sm:grid-cols-2 ${className ?? ""}`}>
      <legend className="sr-only">{label}</legend>
      <Field
        {...control}
        label={`${label} (${t("form.english")})`}
        lang="en"
        dir="ltr"
        required={required}
        error={errorOf(enName)}
        {...form.register(enName)}
      />
      <div className="flex flex-col gap-1">
        <Field
          {...control}
          label={`${label} (${t("form.arabic")})`}
          lang="ar"
          dir="rtl"
          error={errorOf(arName)}
          {...form.register(arName)}
        />
        {missing ? (
          <span
            className="self-start rounded bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900"
            data-testid="arabic-missing"
          >
            {t("form.arabicMissing")}
          </span>
        ) : null}
      </div>
    </fieldset>
  );
}
