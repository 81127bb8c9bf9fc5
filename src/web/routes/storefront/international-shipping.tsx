import type { PublicShipping } from "../../../shared/schemas/shipping.ts";
import { PageHero } from "../../features/company/page-hero.tsx";
import { PolicySections } from "../../features/content/policy-sections.tsx";
import { ShippingZones } from "../../features/content/shipping-zones.tsx";
import { useTranslation } from "../../i18n/translator.tsx";
import { metaText, pageMeta, rootDataFrom } from "../../lib/meta.ts";
import { paths } from "../../lib/paths.ts";
import type { Route } from "./+types/international-shipping";

export const handle = { i18n: ["shipping"] as const };

/** The zones come from the rows checkout quotes from (`GET /api/shipping`'s very body). */
export async function loader({ context }: Route.LoaderArgs) {
  const [sections, shipping] = await Promise.all([
    context.services.content.policy("shipping"),
    context.services.shipping.publicJson(),
  ]);
  return { sections, shipping: (JSON.parse(shipping) as { data: PublicShipping }).data };
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const root = rootDataFrom(matches);
  return pageMeta(matches, {
    title: metaText(root, "shipping:hero.title"),
    description: metaText(root, "shipping:meta.description"),
    path: paths.internationalShipping(),
  });
};

/** Intro, numbered points (stored content), then the owner's zones, rates and refusals. */
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
        <ShippingZones shipping={loaderData.shipping} />
      </div>
    </>
  );
}
