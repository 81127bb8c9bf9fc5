import { Link } from "react-router";
import { localizePath } from "../../../shared/domain/language-path.ts";
import { TrackForm } from "../../features/order-lookup/track-form.tsx";
import { useTranslation } from "../../i18n/translator.tsx";
import { metaText, pageMeta, rootDataFrom } from "../../lib/meta.ts";
import type { Route } from "./+types/track";

export const handle = { i18n: ["track", "messages"] as const };

// A form that answers about one person's order: not for search engines.
export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: metaText(rootDataFrom(matches), "track:title"), noIndex: true });

/** `/track`: find my order by its number and the e-mail or phone it was placed with. */
export default function TrackPage() {
  const { t, i18n } = useTranslation("track");
  return (
    <section className="container-page flex justify-center py-12">
      <div className="w-full max-w-md rounded-xl border border-line bg-white p-6 shadow-sm sm:p-8">
        <h1 className="text-3xl font-bold text-brown">{t("title")}</h1>
        <p className="mt-2 mb-6 text-muted">{t("intro")}</p>
        <TrackForm />
        <p className="mt-6 text-sm text-muted">
          <Link
            to={localizePath(i18n.language === "ar" ? "ar" : "en", "/contact")}
            className="text-gold-dark underline"
          >
            {t("help")}
          </Link>
        </p>
      </div>
    </section>
  );
}
