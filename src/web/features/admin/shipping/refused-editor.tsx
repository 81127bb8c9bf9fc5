import { useState } from "react";
import { ErrorList } from "../../../components/form/error-list.tsx";
import { useMessageText } from "../../../components/form/messages.ts";
import { SubmitButton } from "../../../components/form/submit-button.tsx";
import { useToasts } from "../../../components/ui/toast.tsx";
import { useTranslation } from "../../../i18n/translator.tsx";
import { ApiError } from "../../../lib/api.ts";
import { useLang } from "../../../lib/bilingual.ts";
import { useRefused } from "./api/get-refused.ts";
import { useSaveRefused } from "./api/save-refused.ts";
import { CountryListField } from "./country-list-field.tsx";

/** The countries the shop never ships to: the same country list editor as a zone's. */
export function RefusedEditor() {
  const { t } = useTranslation(["admin-shipping", "messages"]);
  const text = useMessageText();
  const refused = useRefused();
  return (
    <section
      aria-labelledby="refused-title"
      className="flex flex-col gap-3 rounded-lg border border-line bg-white p-4"
    >
      <h2 id="refused-title" className="text-lg font-bold">
        {t("refused.title")}
      </h2>
      <p className="max-w-prose text-sm text-muted">{t("refused.intro")}</p>
      {refused.isPending ? (
        <p role="status">{t("messages:ui.loading")}</p>
      ) : refused.isError ? (
        <div role="alert" className="flex flex-col items-start gap-2">
          <p className="text-red-700">{text(refused.error.message)}</p>
          <button type="button" className="btn btn-outline" onClick={() => void refused.refetch()}>
            {t("messages:ui.retry")}
          </button>
        </div>
      ) : (
        // Keyed by the saved list: after a save the editor starts from what the server stored.
        <RefusedForm key={refused.data.join(",")} saved={refused.data} />
      )}
    </section>
  );
}

function RefusedForm({ saved }: { saved: string[] }) {
  const { t } = useTranslation(["admin-shipping", "admin"]);
  const text = useMessageText();
  const lang = useLang();
  const toast = useToasts();
  const save = useSaveRefused();
  const [countries, setCountries] = useState<string[]>(saved);
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [banner, setBanner] = useState<string | null>(null);
  return (
    <form
      noValidate
      className="flex flex-col gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        setFieldError(undefined);
        setBanner(null);
        save.mutate(countries, {
          onSuccess: () => toast.success(t("refused.saved")),
          onError: (error) => {
            const onField =
              error instanceof ApiError
                ? Object.entries(error.errors).find(([key]) =>
                    key.startsWith("countries"),
                  )?.[1]?.[0]
                : undefined;
            if (onField) setFieldError(onField);
            else setBanner(text(error.message));
          },
        });
      }}
    >
      <CountryListField
        legend={t("refused.title")}
        value={countries}
        onChange={setCountries}
        lang={lang}
        error={fieldError}
        testId="refused-countries"
      />
      <ErrorList messages={[banner]} />
      <SubmitButton pending={save.isPending}>{t("admin:actions.save")}</SubmitButton>
    </form>
  );
}
