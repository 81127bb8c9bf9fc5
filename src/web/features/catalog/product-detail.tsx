import { type ReactNode, useId, useState } from "react";
import { Link } from "react-router";
import type { AddLineInput } from "../../../shared/domain/cart.ts";
import { maxQtyFor } from "../../../shared/domain/stock-left.ts";
import { optionLabel } from "../../../shared/domain/weight-options.ts";
import type { ProductShown } from "../../../shared/schemas/catalog.ts";
import { useDisplayCurrency } from "../../components/ui/display-currency.tsx";
import { Price } from "../../components/ui/price.tsx";
import { ResponsiveImage } from "../../components/ui/responsive-image.tsx";
import { useToast } from "../../components/ui/toast.tsx";
import { useTranslation } from "../../i18n/translator.tsx";
import { pickText, useLang } from "../../lib/bilingual.ts";
import { usePaths } from "../../lib/paths.ts";
import { useTraderPriced, WholesaleMark } from "../trader/trader-prices.tsx";
import { defaultOption, sellableOptions } from "./product-options.ts";

/** What a catalog "Add to cart" hands the app: a cart line input plus the Arabic name. */
export type AddToCartInput = AddLineInput & {
  productSnapshot: AddLineInput["productSnapshot"] & { name_ar?: string };
};
export type OnAddToCart = (input: AddToCartInput) => void;

/** Quantity choices 1 to 8. */
export const QUANTITIES = [1, 2, 3, 4, 5, 6, 7, 8] as const;

export function ProductDetailView({
  product: retailProduct,
  onAddToCart,
  beforeAdd,
  soldOut,
  orderForm,
}: {
  product: ProductShown;
  onAddToCart: OnAddToCart;
  /** What a buyer must read before adding (the food information), above the form. */
  beforeAdd?: ReactNode;
  /** Shown under the form while the product is sold out, for the weight chosen. */
  soldOut?: (grams: number) => ReactNode;
  /** A product ordered another way (a box filled by the shopper): replaces the weight form. */
  orderForm?: ReactNode;
}) {
  // A signed-in trader sees its own prices, fetched in the browser (the page is retail).
  const product = useTraderPriced(retailProduct, `product:${retailProduct.id}`, async (token) =>
    (await import("../trader/api/get-trader-product.ts")).getTraderProduct(retailProduct.id, token),
  );
  const paths = usePaths();
  const { t } = useTranslation("product");
  const lang = useLang();
  const { currency: shown } = useDisplayCurrency();
  const { show, toast } = useToast();
  const options = sellableOptions(product, lang);
  // Once little is left, the page knows how much: no weight or quantity beyond it is offered.
  const left = product.left_grams ?? null;
  const fits = (grams: number) => maxQtyFor(grams, left) > 0;
  const [grams, setGrams] = useState(() => {
    const first = defaultOption(options, product.default_grams);
    return fits(first.grams)
      ? first.grams
      : (options.find((o) => fits(o.grams))?.grams ?? first.grams);
  });
  const [chosenQty, setQty] = useState(1);
  const qtyId = useId();
  const selected = options.find((o) => o.grams === grams) ?? defaultOption(options, grams);
  const maxQty = Math.max(1, maxQtyFor(selected.grams, left));
  const qty = Math.min(chosenQty, maxQty);
  const name = pickText(lang, product.name, product.name_ar) || t("fallbackName");
  const description = pickText(lang, product.description, product.description_ar);
  const category = product.category_id
    ? pickText(lang, product.category_id.name, product.category_id.name_ar)
    : null;
  const inStock = product.inStock;

  const add = () => {
    onAddToCart({
      productId: String(product.id),
      qty,
      grams: selected.grams,
      defaultGrams: product.default_grams,
      productSnapshot: {
        name: product.name,
        name_ar: product.name_ar,
        price: selected.price,
        image: product.image?.src ?? product.image_url ?? "",
      },
    });
    show(t("addedToCart"));
  };

  return (
    <>
      <div className="grid gap-8 lg:grid-cols-2">
        <div className="overflow-hidden rounded-2xl bg-line">
          <ResponsiveImage
            image={product.image}
            url={product.image_url}
            alt={name}
            sizes="(min-width: 1280px) 620px, (min-width: 1024px) 50vw, 100vw"
            priority
            className="aspect-[4/3] size-full object-cover"
          />
        </div>
        <div>
          {category && product.category_id ? (
            <Link
              to={paths.shop({ category: product.category_id.slug })}
              className="text-sm font-semibold text-muted uppercase hover:underline"
            >
              {category}
            </Link>
          ) : null}
          <h1 className="mt-1 text-3xl font-bold text-brown">{name}</h1>
          <div className="mt-3 flex flex-wrap items-center gap-3">
            <Price
              className="text-2xl"
              amount={selected.price}
              regular={selected.regular}
              lang={lang}
              display
            />
            {product.price_source === "wholesale" ? <WholesaleMark /> : null}
            <span className="text-sm text-muted">
              {t("currency")}: <span dir="ltr">{shown.code}</span>
            </span>
          </div>
          <p
            className={`mt-2 inline-block rounded-full px-3 py-1 text-sm font-bold ${
              inStock ? "bg-pistachio text-white" : "bg-ink text-white"
            }`}
            data-testid="stock-state"
          >
            {!inStock
              ? t("outOfStock")
              : left !== null
                ? t("onlyLeft", { amount: optionLabel(left, lang) })
                : t("inStock")}
          </p>
          {description ? <p className="mt-4 leading-relaxed">{description}</p> : null}
          {beforeAdd}

          {orderForm ?? (
            <form
              className="mt-6 space-y-5"
              onSubmit={(event) => {
                event.preventDefault();
                if (inStock) add();
              }}
            >
              <fieldset>
                <legend className="mb-2 font-bold">{t("weight")}</legend>
                <div className="flex flex-wrap gap-2">
                  {options.map((option) => (
                    <label
                      key={option.grams}
                      className="cursor-pointer rounded-lg border border-line bg-white px-4 py-2 font-semibold has-checked:border-gold-dark has-checked:bg-gold-dark has-checked:text-white has-focus-visible:ring-3 has-focus-visible:ring-gold has-disabled:cursor-not-allowed has-disabled:opacity-50 has-disabled:line-through"
                    >
                      <input
                        type="radio"
                        name="grams"
                        value={option.grams}
                        checked={option.grams === selected.grams}
                        disabled={!fits(option.grams)}
                        onChange={() => setGrams(option.grams)}
                        className="sr-only"
                      />
                      {option.label}
                    </label>
                  ))}
                </div>
              </fieldset>
              <div className="flex flex-wrap items-end gap-4">
                <div>
                  <label htmlFor={qtyId} className="mb-2 block font-bold">
                    {t("quantity")}
                  </label>
                  <select
                    id={qtyId}
                    value={qty}
                    onChange={(e) => setQty(Number(e.target.value))}
                    className="field w-24"
                  >
                    {QUANTITIES.filter((n) => n <= maxQty).map((n) => (
                      <option key={n} value={n}>
                        {n}
                      </option>
                    ))}
                  </select>
                </div>
                <button type="submit" className="btn btn-primary px-8 py-3" disabled={!inStock}>
                  {t("addToCart")}
                </button>
              </div>
              {qty > 1 ? (
                <p className="text-sm text-muted">
                  {t("total")}: <Price amount={selected.price * qty} lang={lang} display />
                </p>
              ) : null}
            </form>
          )}
          {!inStock && soldOut ? soldOut(selected.grams) : null}

          <div className="mt-6 rounded-xl border border-line bg-white p-4 text-sm">
            <h2 className="font-bold text-brown">{t("shipping")}</h2>
            <p className="mt-1 text-muted">
              {pickText(lang, product.shippingNote, product.shippingNote_ar)}
            </p>
          </div>
          <Link to={paths.shop()} className="btn btn-outline mt-6">
            {t("backToShop")}
          </Link>
        </div>
      </div>
      {toast}
    </>
  );
}
