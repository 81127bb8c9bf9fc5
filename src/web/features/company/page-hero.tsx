import { Link } from "react-router";
import { useTranslation } from "../../i18n/translator.tsx";
import { usePaths } from "../../lib/paths.ts";

/**
 * The hero every company page opens with: breadcrumb ('Home /' then the page), title and an
 * optional description, all from the page's own namespace (`hero.*`).
 */
export function PageHero({ ns, description = true }: { ns: string; description?: boolean }) {
  const paths = usePaths();
  const { t } = useTranslation(ns);
  return (
    <section className="bg-gradient-to-br from-brown to-gold-dark text-white">
      <div className="container-page py-14 md:py-20">
        <nav aria-label={t("hero.title")} className="text-sm text-white/85">
          <Link to={paths.home()} className="hover:underline">
            {t("hero.breadcrumb")}
          </Link>{" "}
          <span aria-current="page">{t("hero.title")}</span>
        </nav>
        <h1 className="mt-3 text-4xl font-bold md:text-5xl">{t("hero.title")}</h1>
        {description ? (
          <p className="mt-4 max-w-2xl text-lg text-white/90">{t("hero.description")}</p>
        ) : null}
      </div>
    </section>
  );
}
