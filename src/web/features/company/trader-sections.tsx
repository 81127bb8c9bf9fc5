import { useTranslation } from "../../i18n/translator.tsx";

const BENEFITS = ["prices", "supply", "export", "support"] as const;

/** Partner benefits. */
export function TraderBenefits() {
  const { t } = useTranslation("traders");
  return (
    <section aria-labelledby="benefits-title" className="container-page py-16">
      <h2 id="benefits-title" className="text-3xl font-bold text-brown">
        {t("benefits.title")}
      </h2>
      <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {BENEFITS.map((key) => (
          <li key={key} className="rounded-2xl bg-white p-6 shadow-sm">
            <h3 className="text-lg font-bold text-brown">{t(`benefits.${key}.title`)}</h3>
            <p className="mt-2 text-muted">{t(`benefits.${key}.description`)}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The partnership guide: a real bilingual PDF built by the server from the shop's texts. */
export const GUIDE_URL = "/api/traders/partnership-guide.pdf";

export function GuideDownload() {
  const { t } = useTranslation("traders");
  return (
    <section aria-labelledby="guide-title" className="rounded-2xl bg-brown p-8 text-cream">
      <h2 id="guide-title" className="text-2xl font-bold">
        {t("guide.title")}
      </h2>
      <p className="mt-3">{t("guide.description")}</p>
      <a
        href={GUIDE_URL}
        download
        type="application/pdf"
        className="btn mt-6 bg-cream px-6 py-3 text-brown hover:bg-white"
        data-testid="guide-link"
      >
        {t("guide.download")}
      </a>
    </section>
  );
}
