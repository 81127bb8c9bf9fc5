import type { Lang } from "../../../shared/domain/money.ts";
import { optionLabel } from "../../../shared/domain/weight-options.ts";
import type { ProductShown } from "../../../shared/schemas/catalog.ts";

export type SellableOption = {
  grams: number;
  label: string;
  /** What the option costs now, dollars. */
  price: number;
  /** The regular price when discounted, else null. */
  regular: number | null;
};

/** The weights a product is sold in, in the page's language; the one-kilo default without any. */
export function sellableOptions(product: ProductShown, lang: Lang): SellableOption[] {
  const weights =
    product.weights.length > 0
      ? product.weights
      : [
          {
            grams: product.default_grams,
            label: "",
            label_ar: "",
            price: product.price,
            discount_price: product.discount_price,
          },
        ];
  return weights.map((w) => {
    const discounted = w.discount_price !== null && w.discount_price < w.price;
    const label = (lang === "ar" ? w.label_ar : w.label) || optionLabel(w.grams, lang);
    return {
      grams: w.grams,
      label,
      price: discounted ? (w.discount_price as number) : w.price,
      regular: discounted ? w.price : null,
    };
  });
}

/** The option a page opens with: the product's default weight, else the first. */
export function defaultOption(options: SellableOption[], defaultGrams: number): SellableOption {
  return options.find((o) => o.grams === defaultGrams) ?? (options[0] as SellableOption);
}

/** schema.org Product for search engines (name, image, offers, price, currency, availability). */
export function productJsonLd(
  product: ProductShown,
  opts: {
    name: string;
    description: string;
    url: string;
    image: string | null;
    price: number;
    /** More structured data built by the loader: food information, the reviews' rating. */
    extra?: Record<string, unknown> | null;
  },
) {
  return {
    "@context": "https://schema.org",
    "@type": "Product",
    name: opts.name,
    description: opts.description || undefined,
    sku: product.sku,
    image: opts.image ? [opts.image] : undefined,
    category: product.category_id?.name,
    offers: {
      "@type": "Offer",
      url: opts.url,
      price: opts.price.toFixed(2),
      priceCurrency: product.currency,
      availability: product.inStock
        ? "https://schema.org/InStock"
        : "https://schema.org/OutOfStock",
    },
    ...opts.extra,
  };
}
