import { Link } from "react-router";
import { useTranslation } from "../../i18n/translator.tsx";
import { usePaths } from "../../lib/paths.ts";

const POINTS = ["recipes", "ingredients", "fresh", "shipping"] as const;

/** Title, description, points, the year 1975 and a 'discover more' link to /about. */
export function WhyUs() {
  const paths = usePaths();
  const { t } = useTranslation("home");
  return (
    <section aria-labelledby="why-us-title" className="bg-white py-16">
      <div className="container-page grid items-center gap-10 md:grid-cols-[1fr_16rem]">
        <div>
          <h2 id="why-us-title" className="text-3xl font-bold text-brown">
            {t("whyUs.title")}
          </h2>
          <p className="mt-4 max-w-2xl leading-relaxed text-muted">{t("whyUs.description")}</p>
          <ul className="mt-6 grid gap-3 sm:grid-cols-2">
            {POINTS.map((point) => (
              <li key={point} className="flex gap-3">
                <span aria-hidden="true" className="mt-2 size-2.5 shrink-0 rounded-full bg-gold" />
                <span>{t(`whyUs.points.${point}`)}</span>
              </li>
            ))}
          </ul>
          <Link to={paths.about()} className="btn btn-outline mt-8">
            {t("whyUs.discoverMore")}
          </Link>
        </div>
        <div className="flex aspect-square flex-col items-center justify-center rounded-full border-8 border-gold/30 bg-cream text-center">
          <span className="text-sm font-semibold text-muted">{t("whyUs.sinceLabel")}</span>
          <span className="text-6xl font-bold text-gold-dark" dir="ltr">
            1975
          </span>
          <span className="mt-1 max-w-40 text-sm text-muted">{t("whyUs.sinceText")}</span>
        </div>
      </div>
    </section>
  );
}
