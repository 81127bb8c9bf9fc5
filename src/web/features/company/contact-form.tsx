import { useTranslation } from "../../i18n/translator.tsx";
import { EnquiryField, EnquiryFooter, useEnquiryForm } from "./enquiry-form.tsx";

const FIELDS = ["name", "email", "phone", "subject", "message"] as const;
type FieldName = (typeof FIELDS)[number];
const REQUIRED: ReadonlySet<FieldName> = new Set(["name", "email", "phone", "message"]);
const TYPES: Partial<Record<FieldName, string>> = { email: "email", phone: "tel" };
const AUTOCOMPLETE: Partial<Record<FieldName, string>> = {
  name: "name",
  email: "email",
  phone: "tel",
};

/** The contact form: name, e-mail, phone and message are required; the subject is optional. */
export function ContactForm() {
  const { t } = useTranslation("contact");
  const form = useEnquiryForm({
    fields: FIELDS,
    required: REQUIRED,
    endpoint: "/api/contact",
    failed: t("form.failed"),
  });
  const { state } = form;

  return (
    <form
      onSubmit={form.submit}
      noValidate
      className="space-y-4"
      aria-labelledby="contact-form-title"
    >
      <h2 id="contact-form-title" className="text-2xl font-bold text-brown">
        {t("form.title")}
      </h2>
      <div className="grid gap-4 sm:grid-cols-2">
        {FIELDS.map((field) => {
          const id = `contact-${field}`;
          const common = form.control(field, id);
          return (
            <EnquiryField
              key={field}
              id={id}
              label={t(`form.${field}`)}
              required={REQUIRED.has(field)}
              optionalText={t("form.optional")}
              error={state.kind === "error" ? state.fields[field] : undefined}
              className={field === "message" || field === "subject" ? "sm:col-span-2" : undefined}
            >
              {field === "message" ? (
                <textarea {...common} rows={6} />
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
        prefix="contact"
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
