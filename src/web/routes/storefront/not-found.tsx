import { data, Link } from "react-router";
import { useTranslation } from "../../i18n/translator.tsx";
import { metaText, pageMeta, rootDataFrom } from "../../lib/meta.ts";
import { usePaths } from "../../lib/paths.ts";
import type { Route } from "./+types/not-found";

export const handle = { i18n: [] as const };

/** Any unknown page: the real layout, a helpful text, and HTTP 404. */
export function loader() {
  return data(null, { status: 404 });
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: metaText(rootDataFrom(matches), "errors.notFoundTitle"),
    noIndex: true,
  });

export default function NotFoundPage() {
  const paths = usePaths();
  const { t } = useTranslation();
  return (
    <section className="container-page py-16 text-center">
      <h1 className="text-3xl font-bold text-brown">{t("errors.notFoundTitle")}</h1>
      <p className="mt-4 text-muted">{t("errors.notFound")}</p>
      <Link to={paths.home()} className="btn btn-primary mt-8">
        {t("errors.backHome")}
      </Link>
    </section>
  );
}
