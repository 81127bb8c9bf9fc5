import { useMemo } from "react";
import { countriesByName } from "../../../shared/domain/countries.ts";
import { useTranslation } from "../../i18n/translator.tsx";
import { useLang } from "../../lib/bilingual.ts";
import { EnquiryField, EnquiryFooter, useEnquiryForm } from "./enquiry-form.tsx";

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
  const form = useEnquiryForm({
    fields: TEXT_FIELDS,
    required: REQUIRED,
    endpoint: "/api/traders",
    failed: t("form.failed"),
  });
  const { state } = form;

  return (
    <form
      onSubmit={form.submit}
      noValidate
      aria-labelledby="trader-form-title"
      className="space-y-4"
    >
      <h2 id="trader-form-title" className="text-2xl font-bold text-brown">
        {t("form.title")}
      </h2>
      <p className="text-sm text-muted">{t("form.intro")}</p>
      <div className="grid gap-4 sm:grid-cols-2">
        {TEXT_FIELDS.map((field) => {
          const id = `trader-${field}`;
          const common = form.control(field, id);
          return (
            <EnquiryField
              key={field}
              id={id}
              label={t(`form.${field}`)}
              required={REQUIRED.has(field)}
              error={state.kind === "error" ? state.fields[field] : undefined}
              className={field === "questions" ? "sm:col-span-2" : undefined}
            >
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
            </EnquiryField>
          );
        })}
      </div>
      <EnquiryFooter
        prefix="trader"
        state={state}
        missing={form.missing}
        texts={{
          fillRequired: t("form.fillRequired"),
          success: t("form.success"),
          send: t("form.send"),
          sending: t("form.sending"),
        }}
      />
    </form>
  );
}
