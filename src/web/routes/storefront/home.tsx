import { addToCart } from "../../features/cart/cart-store.ts";
import { CategoriesStrip } from "../../features/home/categories-strip.tsx";
import { CounterBand } from "../../features/home/counter-band.tsx";
import { HeroCarousel } from "../../features/home/hero-carousel.tsx";
import { JoinUs } from "../../features/home/join-us.tsx";
import { ProductCarousel } from "../../features/home/product-carousel.tsx";
import { shuffled } from "../../features/home/shuffle.ts";
import { SocialBlock } from "../../features/home/social-block.tsx";
import { WhyUs } from "../../features/home/why-us.tsx";
import { metaText, pageMeta, rootDataFrom } from "../../lib/meta.ts";
import { paths } from "../../lib/paths.ts";
import { useRootData } from "../../lib/use-root-data.ts";
import type { Route } from "./+types/home";

export const handle = { i18n: ["home"] as const };

/** Products the carousel pages through (three pages of four). */
const HOME_PRODUCT_COUNT = 12;

/** Shuffled here, per request, so the browser hydrates the very order the server rendered. */
export async function loader({ context }: Route.LoaderArgs) {
  const { catalog } = context.services;
  const [products, categories] = await Promise.all([
    catalog
      .homeProducts(HOME_PRODUCT_COUNT)
      .then((list) => shuffled(list))
      .catch((error: unknown) => {
        // SPEC 2: the carousel shows an empty list when loading fails; the page still renders.
        console.error("home products failed to load", error);
        return [];
      }),
    catalog.listCategories().catch(() => []),
  ]);
  return { products, categories, images: catalog.siteImages() };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const root = rootDataFrom(matches);
  const hero = loaderData?.images.hero[0]?.src;
  return pageMeta(matches, {
    title: "",
    description: metaText(root, "home:meta.description"),
    path: paths.home(),
    image: hero && root ? `${root.publicUrl}${hero}` : undefined,
  });
};

export default function HomePage({ loaderData }: Route.ComponentProps) {
  const { products, categories, images } = loaderData;
  const { shop } = useRootData();
  return (
    <>
      <HeroCarousel images={images.hero} />
      <CategoriesStrip categories={categories} images={images.categories} />
      <WhyUs />
      <CounterBand />
      <ProductCarousel products={products} onAddToCart={addToCart} />
      <JoinUs />
      <SocialBlock profiles={shop.social} images={images.social} />
    </>
  );
}
