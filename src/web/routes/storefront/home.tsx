import { localizePath } from "../../../shared/domain/language-path.ts";
import { codeLater, HydrateLater } from "../../components/ui/hydrate-later.tsx";
import { addToCart } from "../../features/cart/cart-store.ts";
import { CounterBand } from "../../features/home/counter-band.tsx";
import { HeroCarousel } from "../../features/home/hero-carousel.tsx";
import { shuffled } from "../../features/home/shuffle.ts";
import { metaText, pageMeta, rootDataFrom } from "../../lib/meta.ts";
import { paths } from "../../lib/paths.ts";
import { organizationJsonLd } from "../../lib/structured-data.ts";
import { useRootData } from "../../lib/use-root-data.ts";
import type { Route } from "./+types/home";

// Below the hero, each section's code comes when the browser is idle after the page, and the
// section hydrates when it comes near (docs/decisions/0032). The server renders them directly.
const CategoriesStrip = codeLater(
  () => import("../../features/home/categories-strip.tsx"),
  "CategoriesStrip",
);
const WhyUs = codeLater(() => import("../../features/home/why-us.tsx"), "WhyUs");
const ProductCarousel = codeLater(
  () => import("../../features/home/product-carousel.tsx"),
  "ProductCarousel",
);
const JoinUs = codeLater(() => import("../../features/home/join-us.tsx"), "JoinUs");
const SocialBlock = codeLater(() => import("../../features/home/social-block.tsx"), "SocialBlock");

export const handle = { i18n: ["home"] as const };

/** Products the carousel pages through (three pages of four). */
const HOME_PRODUCT_COUNT = 12;

/** Shuffled here, per request, so the browser hydrates the very order the server rendered. */
export async function loader({ context }: Route.LoaderArgs) {
  const { catalog } = context.services;
  const [products, categories, settings] = await Promise.all([
    catalog
      .homeProducts(HOME_PRODUCT_COUNT)
      .then((list) => shuffled(list))
      .catch((error: unknown) => {
        // The carousel shows an empty list when loading fails; the page still renders.
        console.error("home products failed to load", error);
        return [];
      }),
    catalog.listCategories().catch(() => []),
    context.services.settings.get(),
  ]);
  // The places (shop, kitchen) for the page's structured data; phones and e-mails are the root's.
  return { products, categories, images: catalog.siteImages(), locations: settings.locations };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const root = rootDataFrom(matches);
  const hero = loaderData?.images.hero[0]?.src;
  const tags = pageMeta(matches, {
    title: "",
    description: metaText(root, "home:meta.description"),
    path: paths.home(),
    image: hero && root ? `${root.publicUrl}${hero}` : undefined,
  });
  if (!root || !loaderData) return tags;
  // Who the shop is, and where and when its places are open.
  const organization = organizationJsonLd(root.lang, {
    origin: root.publicUrl,
    name: metaText(root, "brand"),
    url: root.publicUrl + localizePath(root.lang, paths.home()),
    shop: { ...root.shop, locations: loaderData.locations },
  });
  return [...tags, { "script:ld+json": organization }];
};

export default function HomePage({ loaderData }: Route.ComponentProps) {
  const { products, categories, images } = loaderData;
  const { shop } = useRootData();
  return (
    <>
      <HeroCarousel images={images.hero} />
      {/* Below the hero, each section hydrates as it comes near (docs/decisions/0032). */}
      <HydrateLater>
        <CategoriesStrip categories={categories} images={images.categories} />
      </HydrateLater>
      <HydrateLater>
        <WhyUs />
      </HydrateLater>
      {/* Hydrated with the page: off screen its numbers drop to 0, to count up in view. */}
      <CounterBand />
      <HydrateLater>
        <ProductCarousel products={products} onAddToCart={addToCart} />
      </HydrateLater>
      <HydrateLater>
        <JoinUs />
      </HydrateLater>
      <HydrateLater>
        <SocialBlock profiles={shop.social} images={images.social} />
      </HydrateLater>
    </>
  );
}
