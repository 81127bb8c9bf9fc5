import { Link } from "react-router";
import { PageHero } from "../../features/company/page-hero.tsx";
import { FaqAccordion } from "../../features/content/faq-accordion.tsx";
import { useTranslation } from "../../i18n/translator.tsx";
import { pickText } from "../../lib/bilingual.ts";
import { metaText, pageMeta, rootDataFrom } from "../../lib/meta.ts";
import { paths, usePaths } from "../../lib/paths.ts";
import { faqJsonLd } from "../../lib/structured-data.ts";
import type { Route } from "./+types/faq";

export const handle = { i18n: ["faq"] as const };

export async function loader({ context }: Route.LoaderArgs) {
  return { items: await context.services.content.faq() };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const root = rootDataFrom(matches);
  const lang = root?.lang ?? "en";
  const items = (loaderData?.items ?? []).map((item) => ({
    question: pickText(lang, item.question_en, item.question_ar),
    answer: pickText(lang, item.answer_en, item.answer_ar),
  }));
  return [
    ...pageMeta(matches, {
      title: metaText(root, "faq:hero.title"),
      description: metaText(root, "faq:meta.description"),
      path: paths.faq(),
    }),
    ...(items.length ? [{ "script:ld+json": faqJsonLd(lang, items) }] : []),
  ];
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
