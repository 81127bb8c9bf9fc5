import { PageHero } from "../../features/company/page-hero.tsx";
import { PolicyBody } from "../../features/content/policy-page.tsx";
import { metaText, pageMeta, rootDataFrom } from "../../lib/meta.ts";
import { paths } from "../../lib/paths.ts";
import type { Route } from "./+types/privacy-policy";

export const handle = { i18n: ["privacy"] as const };

export async function loader({ context }: Route.LoaderArgs) {
  return { sections: await context.services.content.policy("privacy") };
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const root = rootDataFrom(matches);
  return pageMeta(matches, {
    title: metaText(root, "privacy:hero.title"),
    description: metaText(root, "privacy:meta.description"),
    path: paths.privacyPolicy(),
  });
};

export default function PrivacyPolicyPage({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHero ns="privacy" description={false} />
      <PolicyBody ns="privacy" sections={loaderData.sections} />
    </>
  );
}
