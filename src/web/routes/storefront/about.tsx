import {
  AboutFeatures,
  AboutGallery,
  AboutMission,
  AboutPartners,
  AboutVision,
  AboutWhyUs,
} from "../../features/company/about-sections.tsx";
import { AnimatedTitle } from "../../features/company/animated-title.tsx";
import { PageHero } from "../../features/company/page-hero.tsx";
import { TimelineGraphic } from "../../features/company/timeline-graphic.tsx";
import { WorldMap } from "../../features/company/world-map.tsx";
import { useTranslation } from "../../i18n/translator.tsx";
import { metaText, pageMeta, rootDataFrom } from "../../lib/meta.ts";
import { paths } from "../../lib/paths.ts";
import type { Route } from "./+types/about";

export const handle = { i18n: ["about"] as const };

export async function loader({ context }: Route.LoaderArgs) {
  const images = context.services.catalog.siteImages();
  return {
    mission: images.hero[1] ?? images.hero[0],
    // Nine photos of the shop's sweets: the hero slides, the category cards, the social previews.
    gallery: [...images.hero, ...Object.values(images.categories), ...Object.values(images.social)],
  };
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const root = rootDataFrom(matches);
  return pageMeta(matches, {
    title: metaText(root, "about:hero.title"),
    description: metaText(root, "about:meta.description"),
    path: paths.about(),
  });
};

/** The About page, top to bottom. */
export default function AboutPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("about");
  return (
    <>
      <PageHero ns="about" />
      <AboutFeatures />
      <AboutWhyUs />
      <TimelineGraphic label={t("timeline.label")} />
      <AboutMission image={loaderData.mission} />
      <AboutVision />
      <AboutGallery images={loaderData.gallery} />
      <section aria-labelledby="from-syria-title" className="bg-white py-16">
        <div className="container-page grid items-center gap-10 lg:grid-cols-[1fr_1.4fr]">
          <div>
            <AnimatedTitle id="from-syria-title" className="text-3xl font-bold text-brown">
              {t("fromSyria.title")}
            </AnimatedTitle>
            <p className="mt-4 leading-relaxed text-muted">{t("fromSyria.description")}</p>
          </div>
          <WorldMap />
        </div>
      </section>
      <AboutPartners />
    </>
  );
}
