import { Link } from "react-router";
import { PageHero } from "../../features/company/page-hero.tsx";
import { FaqAccordion } from "../../features/content/faq-accordion.tsx";
import { useTranslation } from "../../i18n/translator.tsx";
import { metaText, pageMeta, rootDataFrom } from "../../lib/meta.ts";
import { paths, usePaths } from "../../lib/paths.ts";
import type { Route } from "./+types/faq";

export const handle = { i18n: ["faq"] as const };

export async function loader({ context }: Route.LoaderArgs) {
  return { items: await context.services.content.faq() };
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const root = rootDataFrom(matches);
  return pageMeta(matches, {
    title: metaText(root, "faq:hero.title"),
    description: metaText(root, "faq:meta.description"),
    path: paths.faq(),
  });
};

export default function FaqPage({ loaderData }: Route.ComponentProps) {
  const paths = usePaths();
  const { t } = useTranslation("faq");
  return (
    <>
      <PageHero ns="faq" />
      <div className="container-page max-w-4xl py-12">
        <FaqAccordion items={loaderData.items} />
        <p className="mt-10 text-center text-muted">
          {t("more")}{" "}
          <Link to={paths.contact()} className="font-semibold text-gold-dark underline">
            {t("contact")}
          </Link>
        </p>
      </div>
    </>
  );
}
