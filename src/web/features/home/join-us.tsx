import { Link } from "react-router";
import { useTranslation } from "../../i18n/translator.tsx";
import { usePaths } from "../../lib/paths.ts";

/** The 'join us' block with its button to /traders. */
export function JoinUs() {
  const paths = usePaths();
  const { t } = useTranslation("home");
  return (
    <section aria-labelledby="join-us-title" className="container-page py-16">
      <div className="rounded-3xl bg-gradient-to-br from-brown to-gold-dark px-6 py-12 text-center text-white md:px-16">
        <h2 id="join-us-title" className="text-3xl font-bold">
          {t("joinUs.title")}
        </h2>
        <p className="mx-auto mt-4 max-w-2xl leading-relaxed">{t("joinUs.description")}</p>
        <Link
          to={paths.traders()}
          className="btn mt-8 bg-white px-8 py-3 text-brown hover:bg-cream"
        >
          {t("joinUs.button")}
        </Link>
      </div>
    </section>
  );
}
