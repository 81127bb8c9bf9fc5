import { type FormEvent, useState } from "react";
import { LazyMessageText, preloadMessageText } from "../../components/form/lazy-message-text.tsx";
import { useTranslation } from "../../i18n/translator.tsx";
import { apiPost } from "../../lib/api.ts";
import { useLang } from "../../lib/bilingual.ts";
import { failureState, type SubmitState } from "./submit-state.ts";

const FIELDS = ["name", "email", "phone", "subject", "message"] as const;
type FieldName = (typeof FIELDS)[number];
const REQUIRED: ReadonlySet<FieldName> = new Set(["name", "email", "phone", "message"]);
const EMPTY: Record<FieldName, string> = {
  name: "",
  email: "",
  phone: "",
  subject: "",
  message: "",
};
const TYPES: Partial<Record<FieldName, string>> = { email: "email", phone: "tel" };
const AUTOCOMPLETE: Partial<Record<FieldName, string>> = {
  name: "name",
  email: "email",
  phone: "tel",
};

/**
 * The contact form: idle, sending (button disabled, 'Sending...'), success (form cleared)
 * or error (the message submit-state.ts picks). An empty required field shows 'Please fill
 * all required fields.' and nothing is sent.
 */
export function ContactForm() {
  const { t } = useTranslation("contact");
  const lang = useLang();
  const [values, setValues] = useState(EMPTY);
  const [state, setState] = useState<SubmitState>({ kind: "idle" });
  const [missing, setMissing] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (state.kind === "sending") return;
    if ([...REQUIRED].some((field) => !values[field].trim())) {
      setMissing(true);
      setState({ kind: "idle" });
      return;
    }
    setMissing(false);
    setState({ kind: "sending" });
    // A refusal is shown through the message translator, in the page's language.
    preloadMessageText();
    try {
      await apiPost("/api/contact", { ...values, lang }, { fallback: t("form.failed") });
      setValues(EMPTY);
      setState({ kind: "success" });
    } catch (error) {
      setState(failureState(error, t("form.failed")));
    }
  }

  const fieldError = (field: FieldName) =>
    state.kind === "error" ? state.fields[field] : undefined;
  const sending = state.kind === "sending";

  return (
    <form onSubmit={submit} noValidate className="space-y-4" aria-labelledby="contact-form-title">
      <h2 id="contact-form-title" className="text-2xl font-bold text-brown">
        {t("form.title")}
      </h2>
      <div className="grid gap-4 sm:grid-cols-2">
        {FIELDS.map((field) => {
          const id = `contact-${field}`;
          const error = fieldError(field);
          const common = {
            id,
            name: field,
            value: values[field],
            required: REQUIRED.has(field),
            "aria-invalid":
              error || (missing && REQUIRED.has(field) && !values[field].trim()) ? true : undefined,
            "aria-describedby": error ? `${id}-error` : undefined,
            onChange: (e: { target: { value: string } }) =>
              setValues((v) => ({ ...v, [field]: e.target.value })),
            className: "field mt-1",
          };
          return (
            <div
              key={field}
              className={field === "message" || field === "subject" ? "sm:col-span-2" : undefined}
            >
              <label htmlFor={id} className="font-semibold">
                {t(`form.${field}`)}
                {REQUIRED.has(field) ? (
                  <span className="text-red-700" aria-hidden="true">
                    {" "}
                    *
                  </span>
                ) : (
                  <span className="text-sm font-normal text-muted"> ({t("form.optional")})</span>
                )}
              </label>
              {field === "message" ? (
                <textarea {...common} rows={6} />
              ) : (
                <input
                  {...common}
                  type={TYPES[field] ?? "text"}
                  autoComplete={AUTOCOMPLETE[field]}
                />
              )}
              {error ? (
                <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
                  <LazyMessageText text={error} />
                </p>
              ) : null}
            </div>
          );
        })}
      </div>
      <div aria-live="polite" className="min-h-6">
        {missing ? (
          <p role="alert" className="font-semibold text-red-700" data-testid="contact-missing">
            {t("form.fillRequired")}
          </p>
        ) : null}
        {state.kind === "success" ? (
          <p className="font-semibold text-pistachio" data-testid="contact-success">
            {t("form.success")}
          </p>
        ) : null}
        {state.kind === "error" ? (
          <p role="alert" className="font-semibold text-red-700" data-testid="contact-error">
            <LazyMessageText text={state.message} />
          </p>
        ) : null}
      </div>
      <button type="submit" className="btn btn-primary px-8 py-3" disabled={sending}>
        {sending ? t("form.sending") : t("form.send")}
      </button>
    </form>
  );
}
