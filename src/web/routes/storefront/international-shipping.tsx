import { shippingTable } from "../../../shared/domain/shipping-table.ts";
import { PageHero } from "../../features/company/page-hero.tsx";
import { PolicySections } from "../../features/content/policy-sections.tsx";
import { ShippingTable } from "../../features/content/shipping-table.tsx";
import { useTranslation } from "../../i18n/translator.tsx";
import { metaText, pageMeta, rootDataFrom } from "../../lib/meta.ts";
import { paths } from "../../lib/paths.ts";
import type { Route } from "./+types/international-shipping";

export const handle = { i18n: ["shipping"] as const };

export async function loader({ context }: Route.LoaderArgs) {
  return { sections: await context.services.content.policy("shipping") };
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const root = rootDataFrom(matches);
  return pageMeta(matches, {
    title: metaText(root, "shipping:hero.title"),
    description: metaText(root, "shipping:meta.description"),
    path: paths.internationalShipping(),
  });
};

/** Intro, numbered points (stored content) and the limits table (checkout's rules). */
export default function ShippingPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("shipping");
  return (
    <>
      <PageHero ns="shipping" description={false} />
      <div className="container-page max-w-4xl py-12">
        <p className="text-lg leading-relaxed text-muted" data-testid="policy-intro">
          {t("intro.p1")}
        </p>
        <div className="mt-10">
          <PolicySections sections={loaderData.sections} numbered />
        </div>
        <ShippingTable table={shippingTable()} />
      </div>
    </>
  );
}
