import { PageHero } from "../../features/company/page-hero.tsx";
import { PolicyBody } from "../../features/content/policy-page.tsx";
import { metaText, pageMeta, rootDataFrom } from "../../lib/meta.ts";
import { paths } from "../../lib/paths.ts";
import type { Route } from "./+types/terms-condition";

export const handle = { i18n: ["terms"] as const };

export async function loader({ context }: Route.LoaderArgs) {
  return { sections: await context.services.content.policy("terms") };
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const root = rootDataFrom(matches);
  return pageMeta(matches, {
    title: metaText(root, "terms:hero.title"),
    description: metaText(root, "terms:meta.description"),
    path: paths.terms(),
  });
};

export default function TermsPage({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHero ns="terms" description={false} />
      <PolicyBody ns="terms" sections={loaderData.sections} />
    </>
  );
}
