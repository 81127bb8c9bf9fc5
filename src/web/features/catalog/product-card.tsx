import { Link } from "react-router";
import type { ProductListItem } from "../../../shared/schemas/catalog.ts";
import { HydrateLater } from "../../components/ui/hydrate-later.tsx";
import { Price } from "../../components/ui/price.tsx";
import { ResponsiveImage } from "../../components/ui/responsive-image.tsx";
import { useTranslation } from "../../i18n/translator.tsx";
import { pickText, useLang } from "../../lib/bilingual.ts";
import { usePaths } from "../../lib/paths.ts";
import { WholesaleMark } from "../trader/trader-prices.tsx";

/** Grid columns: 1 on phones, 2 from 640 px, 3 from 1024 px. */
export const GRID_SIZES =
  "(min-width: 1280px) 400px, (min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw";

/** A product in a grid; the whole card opens /product/{id}-{slug} (docs/decisions/0028). */
export function ProductCard({
  product,
  priority = false,
  sizes = GRID_SIZES,
  headingLevel = 2,
}: {
  product: ProductListItem;
  priority?: boolean;
  sizes?: string;
  /** 3 where the grid sits under its own h2 ("You might also like"). */
  headingLevel?: 2 | 3;
}) {
  const paths = usePaths();
  const Heading = headingLevel === 3 ? "h3" : "h2";
  const { t } = useTranslation("shop");
  const lang = useLang();
  const name = pickText(lang, product.name, product.name_ar) || t("fallbackName");
  const description = pickText(lang, product.description, product.description_ar);
  const category = product.category_id
    ? pickText(lang, product.category_id.name, product.category_id.name_ar)
    : null;
  const discounted = product.discount_price !== null && product.discount_price < product.price;

  return (
    <article
      data-testid="product-card"
      className="group relative flex h-full flex-col overflow-hidden rounded-xl border border-line bg-white shadow-sm transition-shadow focus-within:ring-3 focus-within:ring-gold hover:shadow-md"
    >
      <div className="relative aspect-[4/3] overflow-hidden bg-line">
        <ResponsiveImage
          image={product.image}
          url={product.image_url}
          alt=""
          sizes={sizes}
          priority={priority}
          className="size-full object-cover transition-transform duration-300 group-hover:scale-105"
        />
        {!product.in_stock ? (
          <span className="absolute start-2 top-2 rounded-full bg-ink/85 px-3 py-1 text-xs font-bold text-white">
            {t("outOfStock")}
          </span>
        ) : discounted ? (
          <span className="absolute start-2 top-2 rounded-full bg-pistachio px-3 py-1 text-xs font-bold text-white">
            {t("sale")}
          </span>
        ) : null}
      </div>
      <div className="flex flex-1 flex-col gap-1 p-4">
        {category ? <p className="text-xs font-semibold text-muted uppercase">{category}</p> : null}
        <Heading className="text-lg font-bold text-brown">
          {/* The link covers the whole card; one link per card keeps the tab order short. */}
          <Link
            to={paths.product(product)}
            className="after:absolute after:inset-0 after:content-[''] focus-visible:outline-none"
          >
            {name}
          </Link>
        </Heading>
        {description ? <p className="line-clamp-2 text-sm text-muted">{description}</p> : null}
        <Price
          className="mt-auto pt-2"
          amount={discounted ? (product.discount_price as number) : product.price}
          regular={discounted ? product.price : null}
          lang={lang}
          unit={t("perKg")}
          display
        />
        {product.price_source === "wholesale" ? (
          <span>
            <WholesaleMark />
          </span>
        ) : null}
      </div>
    </article>
  );
}

/** A grid of cards; the first row's first image is the page's largest above the fold. */
export function ProductGrid({
  products,
  busy = false,
  eagerFirst = true,
  headingLevel = 2,
}: {
  products: ProductListItem[];
  busy?: boolean;
  eagerFirst?: boolean;
  headingLevel?: 2 | 3;
}) {
  return (
    <ul
      aria-busy={busy || undefined}
      className={`grid gap-6 sm:grid-cols-2 lg:grid-cols-3 ${busy ? "opacity-60 transition-opacity" : ""}`}
    >
      {products.map((product, index) => (
        // Each card hydrates as it comes near the viewport (docs/decisions/0032).
        <HydrateLater as="li" key={product.id}>
          <ProductCard
            product={product}
            priority={eagerFirst && index === 0}
            headingLevel={headingLevel}
          />
        </HydrateLater>
      ))}
    </ul>
  );
}
