import { useState } from "react";
import type { CampaignDto } from "../../../../shared/schemas/campaigns.ts";
import { useMessageText } from "../../../components/form/messages.ts";
import { useTranslation } from "../../../i18n/translator.tsx";
import { CAMPAIGN_PREVIEW_FAILED, useCampaignPreview } from "./api/preview-campaign.ts";

/**
 * The e-mail as the server renders it, in either language, in a sandboxed frame: the HTML is
 * the campaign's own, so it runs no script and reaches nothing of the back office.
 */
export function CampaignPreviewPanel({ id, version }: { id: number; version: CampaignDto }) {
  const { t } = useTranslation("admin-campaigns");
  const text = useMessageText();
  const [lang, setLang] = useState<"en" | "ar" | null>(null);
  const preview = useCampaignPreview(id, lang !== null);
  // A save changes the text: the frame follows the saved version, not the one first shown.
  const key = `${version.subject}|${version.subject_ar}|${JSON.stringify([version.body, version.body_ar])}`;
  const mail = lang ? preview.data?.data[lang] : undefined;
  return (
    <section className="grid gap-2" aria-labelledby="campaign-preview-title">
      <h3 id="campaign-preview-title" className="font-semibold">
        {t("previewTitle")}
      </h3>
      <div className="flex gap-2">
        {(["en", "ar"] as const).map((l) => (
          <button
            key={l}
            type="button"
            className={`btn ${lang === l ? "btn-primary" : "btn-outline"}`}
            aria-pressed={lang === l}
            onClick={() => {
              setLang(l);
              void preview.refetch();
            }}
          >
            {t(l === "en" ? "previewEn" : "previewAr")}
          </button>
        ))}
      </div>
      {preview.isError ? (
        <p role="alert" className="text-red-700">
          {text(preview.error?.message || CAMPAIGN_PREVIEW_FAILED)}
        </p>
      ) : null}
      {mail ? (
        <div className="grid gap-1" data-testid="campaign-preview">
          <p>
            {t("previewSubject")}:{" "}
            <span dir={lang === "ar" ? "rtl" : "ltr"} data-testid="preview-subject">
              {mail.subject}
            </span>
          </p>
          <iframe
            key={key}
            title={t(lang === "ar" ? "previewFrameAr" : "previewFrameEn")}
            sandbox=""
            srcDoc={mail.html}
            className="h-96 w-full rounded border border-line bg-white"
          />
        </div>
      ) : null}
    </section>
  );
}
