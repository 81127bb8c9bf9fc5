import { useTranslation } from "react-i18next";

/** A screen whose full content belongs to a later issue: a real heading, an honest sentence. */
export function PagePlaceholder({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation();
  return (
    <section className="container-page py-12">
      <h1 className="text-3xl font-bold text-brown">{t(titleKey)}</h1>
      <p className="mt-4 text-muted">{t("pages.comingSoon")}</p>
    </section>
  );
}
