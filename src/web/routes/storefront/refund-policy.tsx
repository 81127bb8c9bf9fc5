import { PageHero } from "../../features/company/page-hero.tsx";
import { PolicyBody } from "../../features/content/policy-page.tsx";
import { metaText, pageMeta, rootDataFrom } from "../../lib/meta.ts";
import { paths } from "../../lib/paths.ts";
import type { Route } from "./+types/refund-policy";

export const handle = { i18n: ["refund"] as const };

export async function loader({ context }: Route.LoaderArgs) {
  return { sections: await context.services.content.policy("refund") };
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const root = rootDataFrom(matches);
  return pageMeta(matches, {
    title: metaText(root, "refund:hero.title"),
    description: metaText(root, "refund:meta.description"),
    path: paths.refundPolicy(),
  });
};

export default function RefundPolicyPage({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHero ns="refund" description={false} />
      <PolicyBody ns="refund" sections={loaderData.sections} />
    </>
  );
}
