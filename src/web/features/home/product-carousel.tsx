import { useId, useState } from "react";
import { Link } from "react-router";
import { toCents } from "../../../shared/domain/money.ts";
import { optionLabel } from "../../../shared/domain/weight-options.ts";
import type { ProductListItem } from "../../../shared/schemas/catalog.ts";
import { useMoney } from "../../components/ui/display-currency.tsx";
import { Price } from "../../components/ui/price.tsx";
import { ResponsiveImage } from "../../components/ui/responsive-image.tsx";
import { useToast } from "../../components/ui/toast.tsx";
import { useTranslation } from "../../i18n/translator.tsx";
import { pickText, useLang } from "../../lib/bilingual.ts";
import { usePaths } from "../../lib/paths.ts";
import { ArrowIcon } from "./arrows.tsx";

/** Four cards a page. */
export const CARDS_PER_PAGE = 4;
/** Cards add one of the product's default weight. */
const CARD_QTY = 1;

export type HomeAddToCart = (input: {
  productId: string;
  qty: number;
  grams: number;
  defaultGrams: number;
  productSnapshot: { name: string; name_ar: string; price: number; image: string };
}) => void;

/**
 * The home page's product carousel: pages of four, next disabled on the last page and
 * previous on the first; an empty list (with the fixed empty text) when the products could
 * not be loaded.
 */
export function ProductCarousel({
  products,
  onAddToCart,
}: {
  products: ProductListItem[];
  onAddToCart: HomeAddToCart;
}) {
  const { t } = useTranslation("home");
  const lang = useLang();
  const { show, toast } = useToast();
  const [page, setPage] = useState(0);
  const pages = Math.max(1, Math.ceil(products.length / CARDS_PER_PAGE));
  const visible = products.slice(page * CARDS_PER_PAGE, (page + 1) * CARDS_PER_PAGE);

  return (
    <section
      aria-labelledby="home-products-title"
      aria-roledescription={t("products.carousel")}
      className="container-page py-16"
    >
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h2 id="home-products-title" className="text-3xl font-bold text-brown">
            {t("products.title")}
          </h2>
          <p className="mt-2 text-muted">{t("products.subtitle")}</p>
        </div>
        <div className="flex items-center gap-2">
          <span className="text-sm text-muted" aria-live="polite">
            {t("products.pageOf", { page: page + 1, pages })}
          </span>
          <button
            type="button"
            className="rounded-full border border-line bg-white p-2 hover:border-gold-dark disabled:opacity-40"
            onClick={() => setPage((p) => p - 1)}
            disabled={page === 0}
            aria-label={t("products.previous")}
          >
            <ArrowIcon direction="previous" />
          </button>
          <button
            type="button"
            className="rounded-full border border-line bg-white p-2 hover:border-gold-dark disabled:opacity-40"
            onClick={() => setPage((p) => p + 1)}
            disabled={page >= pages - 1}
            aria-label={t("products.next")}
          >
            <ArrowIcon direction="next" />
          </button>
        </div>
      </div>
      {products.length === 0 ? <p className="mt-8 text-muted">{t("products.empty")}</p> : null}
      <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {visible.map((product) => (
          <li key={product.id}>
            <HomeProductCard
              product={product}
              onAdd={() => {
                onAddToCart({
                  productId: String(product.id),
                  qty: CARD_QTY,
                  grams: product.default_grams,
                  defaultGrams: product.default_grams,
                  productSnapshot: {
                    name: product.name,
                    name_ar: product.name_ar,
                    price: product.default_price,
                    image: product.image?.src ?? product.image_url ?? "",
                  },
                });
                // The message names the weight, as the card did.
                show(
                  t("products.addedWeight", {
                    weight: optionLabel(product.default_grams, lang),
                  }),
                );
              }}
            />
          </li>
        ))}
      </ul>
      {toast}
    </section>
  );
}

function HomeProductCard({ product, onAdd }: { product: ProductListItem; onAdd: () => void }) {
  const paths = usePaths();
  const { t } = useTranslation("home");
  const lang = useLang();
  const money = useMoney(lang);
  const addsId = useId();
  const name = pickText(lang, product.name, product.name_ar);
  const description = pickText(lang, product.description, product.description_ar);
  const discounted = product.discount_price !== null && product.discount_price < product.price;
  return (
    <article
      className="flex h-full flex-col overflow-hidden rounded-xl border border-line bg-white shadow-sm"
      data-testid="home-product"
    >
      <Link to={paths.product(product)} tabIndex={-1} aria-hidden="true" className="block">
        <ResponsiveImage
          image={product.image}
          url={product.image_url}
          alt=""
          sizes="(min-width: 1280px) 300px, (min-width: 1024px) 25vw, (min-width: 640px) 50vw, 100vw"
          className="aspect-[4/3] w-full object-cover"
        />
      </Link>
      <div className="flex flex-1 flex-col gap-2 p-4">
        <h3 className="text-lg font-bold text-brown">{name}</h3>
        {description ? <p className="line-clamp-2 text-sm text-muted">{description}</p> : null}
        <Price
          amount={discounted ? (product.discount_price as number) : product.price}
          regular={discounted ? product.price : null}
          lang={lang}
          unit={t("products.perKg")}
          className="mt-auto"
          display
        />
        {/* The price is per kilo; the button adds the default weight: name it and its price. */}
        {product.in_stock ? (
          <p id={addsId} className="text-sm text-muted" data-testid="card-adds">
            {t("products.adds", {
              weight: optionLabel(product.default_grams, lang),
              price: money(toCents(product.default_price)),
            })}
          </p>
        ) : null}
        <div className="flex items-center gap-2 pt-2">
          <button
            type="button"
            className="btn btn-primary flex-1"
            onClick={onAdd}
            disabled={!product.in_stock}
            aria-describedby={product.in_stock ? addsId : undefined}
          >
            {product.in_stock ? t("products.addToCart") : t("products.outOfStock")}
          </button>
          <Link
            to={paths.product(product)}
            className="rounded-lg border border-gold-dark p-2 text-gold-dark hover:bg-gold-dark hover:text-white"
            aria-label={t("products.view", { name })}
          >
            <ArrowIcon direction="next" />
          </Link>
        </div>
      </div>
    </article>
  );
}
