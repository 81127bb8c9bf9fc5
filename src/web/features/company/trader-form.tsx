import { type FormEvent, useMemo, useState } from "react";
import { countriesByName } from "../../../shared/domain/countries.ts";
import { LazyMessageText, preloadMessageText } from "../../components/form/lazy-message-text.tsx";
import { useTranslation } from "../../i18n/translator.tsx";
import { apiPost } from "../../lib/api.ts";
import { useLang } from "../../lib/bilingual.ts";
import { failureState, type SubmitState } from "./submit-state.ts";

const TEXT_FIELDS = [
  "full_name",
  "country",
  "city",
  "phone",
  "company_name",
  "email",
  "activity_type",
  "monthly_quantity",
  "questions",
] as const;
type FieldName = (typeof TEXT_FIELDS)[number];
/** Full name, country, city and phone are required (marked with an asterisk). */
const REQUIRED: ReadonlySet<FieldName> = new Set(["full_name", "country", "city", "phone"]);
const EMPTY = Object.fromEntries(TEXT_FIELDS.map((f) => [f, ""])) as Record<FieldName, string>;
const TYPES: Partial<Record<FieldName, string>> = { email: "email", phone: "tel" };
const AUTOCOMPLETE: Partial<Record<FieldName, string>> = {
  full_name: "name",
  city: "address-level2",
  phone: "tel",
  company_name: "organization",
  email: "email",
};

/** The traders' enquiry form; the country is a select of ISO codes named in the current language. */
export function TraderForm() {
  const { t } = useTranslation("traders");
  const lang = useLang();
  const countries = useMemo(() => countriesByName(lang), [lang]);
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
      await apiPost("/api/traders", { ...values, lang }, { fallback: t("form.failed") });
      setValues(EMPTY);
      setState({ kind: "success" });
    } catch (error) {
      setState(failureState(error, t("form.failed")));
    }
  }

  const set = (field: FieldName) => (e: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [field]: e.target.value }));

  return (
    <form onSubmit={submit} noValidate aria-labelledby="trader-form-title" className="space-y-4">
      <h2 id="trader-form-title" className="text-2xl font-bold text-brown">
        {t("form.title")}
      </h2>
      <p className="text-sm text-muted">{t("form.intro")}</p>
      <div className="grid gap-4 sm:grid-cols-2">
        {TEXT_FIELDS.map((field) => {
          const id = `trader-${field}`;
          const error = state.kind === "error" ? state.fields[field] : undefined;
          const required = REQUIRED.has(field);
          const invalid = Boolean(error) || (missing && required && !values[field].trim());
          const common = {
            id,
            name: field,
            value: values[field],
            required,
            "aria-invalid": invalid || undefined,
            "aria-describedby": error ? `${id}-error` : undefined,
            onChange: set(field),
            className: "field mt-1",
          };
          return (
            <div key={field} className={field === "questions" ? "sm:col-span-2" : undefined}>
              <label htmlFor={id} className="font-semibold">
                {t(`form.${field}`)}
                {required ? (
                  <span className="text-red-700" aria-hidden="true">
                    {" "}
                    *
                  </span>
                ) : null}
              </label>
              {field === "country" ? (
                <select {...common}>
                  <option value="">{t("form.chooseCountry")}</option>
                  {countries.map((c) => (
                    <option key={c.code} value={c.code}>
                      {c[lang]}
                    </option>
                  ))}
                </select>
              ) : field === "questions" ? (
                <textarea {...common} rows={5} />
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
          <p role="alert" className="font-semibold text-red-700" data-testid="trader-missing">
            {t("form.fillRequired")}
          </p>
        ) : null}
        {state.kind === "success" ? (
          <p className="font-semibold text-pistachio" data-testid="trader-success">
            {t("form.success")}
          </p>
        ) : null}
        {state.kind === "error" ? (
          <p role="alert" className="font-semibold text-red-700" data-testid="trader-error">
            <LazyMessageText text={state.message} />
          </p>
        ) : null}
      </div>
      <button
        type="submit"
        className="btn btn-primary px-8 py-3"
        disabled={state.kind === "sending"}
      >
        {state.kind === "sending" ? t("form.sending") : t("form.send")}
      </button>
    </form>
  );
}
