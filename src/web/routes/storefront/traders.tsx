import { PageHero } from "../../features/company/page-hero.tsx";
import { TraderForm } from "../../features/company/trader-form.tsx";
import { GuideDownload, TraderBenefits } from "../../features/company/trader-sections.tsx";
import { metaText, pageMeta, rootDataFrom } from "../../lib/meta.ts";
import { paths } from "../../lib/paths.ts";
import type { Route } from "./+types/traders";

export const handle = { i18n: ["traders", "messages"] as const };

export const meta: Route.MetaFunction = ({ matches }) => {
  const root = rootDataFrom(matches);
  return pageMeta(matches, {
    title: metaText(root, "traders:hero.title"),
    description: metaText(root, "traders:meta.description"),
    path: paths.traders(),
  });
};

export default function TradersPage() {
  return (
    <>
      <PageHero ns="traders" />
      <TraderBenefits />
      <div className="container-page grid gap-10 pb-16 lg:grid-cols-[22rem_1fr]">
        <GuideDownload />
        <div className="rounded-2xl bg-white p-8 shadow-sm">
          <TraderForm />
        </div>
      </div>
    </>
  );
}
