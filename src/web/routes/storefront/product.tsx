import { lazy, Suspense } from "react";
import { data, Link, redirect } from "react-router";
import { boxFromDto, fillFromFields } from "../../../shared/domain/boxes.ts";
import { languageOfPath, localizePath } from "../../../shared/domain/language-path.ts";
import { shippingNoteFromZones } from "../../../shared/domain/shipping-note.ts";
import { parseProductSegment } from "../../../shared/domain/slug.ts";
import { stockLeftShown } from "../../../shared/domain/stock-left.ts";
import type { ReviewList } from "../../../shared/schemas/reviews.ts";
import { codeLater, HydrateLater } from "../../components/ui/hydrate-later.tsx";
import { addToCart } from "../../features/cart/cart-store.ts";
import type { BoxSweet } from "../../features/catalog/box-filler.tsx";
import { FoodInformation } from "../../features/catalog/food-information.tsx";
import { foodJsonLd, foodView } from "../../features/catalog/food-view.server.ts";
import { ProductGrid } from "../../features/catalog/product-card.tsx";
import { ProductDetailView } from "../../features/catalog/product-detail.tsx";
import {
  defaultOption,
  productJsonLd,
  sellableOptions,
} from "../../features/catalog/product-options.ts";
import { aggregateRatingLd } from "../../features/catalog/rating-ld.server.ts";
import { reviewsView } from "../../features/catalog/reviews-view.server.ts";
import { useTranslation } from "../../i18n/translator.tsx";
import { pickText } from "../../lib/bilingual.ts";
import { metaText, pageMeta, rootDataFrom } from "../../lib/meta.ts";
import { paths, productAlternates, usePaths } from "../../lib/paths.ts";
import { breadcrumbJsonLd } from "../../lib/structured-data.ts";
import type { Route } from "./+types/product";

export const handle = { i18n: ["product", "shop"] as const };

// Only a sold-out product shows it: its code comes with such a page, never with the others.
// The reviews are text only: their code comes after the page, when they come near the screen,
// so a first visit downloads none of it.
const ProductReviews = codeLater(
  () => import("../../features/catalog/product-reviews.tsx"),
  "ProductReviews",
);
const RestockAlertForm = lazy(() =>
  import("../../features/catalog/restock-alert-form.tsx").then((m) => ({
    default: m.RestockAlertForm,
  })),
);

// Only a box product fills a box: its code comes with such a page, never with the others.
const BoxFiller = lazy(() =>
  import("../../features/catalog/box-filler.tsx").then((m) => ({ default: m.BoxFiller })),
);

const RELATED_COUNT = 3;

/** The sweets a box allows, as its filler shows them; those no longer on sale are left out. */
async function boxSweets(
  catalog: Route.LoaderArgs["context"]["services"]["catalog"],
  ids: readonly number[],
): Promise<BoxSweet[]> {
  const found = await Promise.all(ids.map((id) => catalog.getProduct(id).catch(() => null)));
  return found.flatMap((p) =>
    p
      ? [
          {
            id: p.id,
            name: p.name,
            name_ar: p.name_ar,
            price: p.discount_price ?? p.price,
            in_stock: p.in_stock,
          },
        ]
      : [],
  );
}

/**
 * A box's form posted without JavaScript: the page comes back filled as chosen, with what is
 * left and the price. Nothing is written: the cart lives in the browser.
 */
export async function action({ params, context, request }: Route.ActionArgs) {
  const segment = parseProductSegment(params.id);
  const found = segment ? await context.services.catalog.getProduct(segment.id) : null;
  if (!found?.box) return data({ fill: null, intent: null }, { status: 404 });
  const form = await request.formData();
  const fields: Record<string, string> = {};
  for (const [key, value] of form) if (typeof value === "string") fields[key] = value;
  const fill = fillFromFields(boxFromDto(found.box), fields);
  return { fill, intent: fields.intent === "add" ? ("add" as const) : ("update" as const) };
}

/**
 * An unknown or malformed id is an HTTP 404 inside the normal layout; a failing query a 503.
 * The address is `/product/{id}-{slug}` (`/ar/…` with the Arabic name's slug): an old
 * `/product/{id}` or a stale slug answers 301 with the current one, so old links keep working.
 */
export async function loader({ params, context, request }: Route.LoaderArgs) {
  const segment = parseProductSegment(params.id);
  if (segment === null) return data({ status: "not-found" as const }, { status: 404 });
  const { id } = segment;
  let found: Awaited<ReturnType<typeof context.services.catalog.getProduct>>;
  try {
    found = await context.services.catalog.getProduct(id);
  } catch (error) {
    console.error("product page failed to load", error);
    return data({ status: "failed" as const }, { status: 503 });
  }
  if (!found) return data({ status: "not-found" as const }, { status: 404 });
  const url = new URL(request.url);
  const alternates = productAlternates(found);
  // The address's language decides the slug's, never the cookie: the redirect is the same for
  // everyone, so anyone may cache it.
  const own = alternates[languageOfPath(url.pathname) ?? "en"];
  const asked = url.pathname.replace(/\.data$/, "");
  if (!sameAddress(asked, own)) throw redirect(own + url.search, 301);
  try {
    // The page shows whether it is in stock, and how much only once little is left: leaving
    // the amount out otherwise keeps the cached page valid across orders that do not sell it
    // out or leave little.
    const { stock: amount, food: rawFood, ...foundProduct } = found;
    const largest = Math.max(found.default_grams, ...found.weights.map((w) => w.grams));
    const left_grams = stockLeftShown(amount === null ? null : Math.round(amount * 1000), largest);
    const [related, rules] = await Promise.all([
      context.services.catalog.relatedProducts(id, RELATED_COUNT).catch(() => []),
      context.services.shipping.rules(),
    ]);
    // Where the shop ships, from the zones checkout enforces (cached per content version,
    // which every zone save moves, like this page).
    const note = shippingNoteFromZones(rules);
    const product = {
      ...foundProduct,
      left_grams,
      shippingNote: note.en,
      shippingNote_ar: note.ar,
    };
    // Laid out here, in the address's language: the page's JavaScript carries no word lists.
    const food = foodView(rawFood, languageOfPath(url.pathname) ?? "en");
    // The published reviews, the page's language first: their summary for search engines
    // (AggregateRating; none = left out) and the first ones laid out for the page. A failure
    // leaves the reviews out rather than the product.
    const pageLang = languageOfPath(url.pathname) ?? "en";
    const published = await context.services.reviews
      .list(id, pageLang)
      .catch((): ReviewList => ({ data: [], meta: { average: null, count: 0 } }));
    const rating = published.meta;
    const reviews = reviewsView(published, pageLang);
    // Back-in-stock e-mails go out only when the shop can send e-mail (SMTP_URL set).
    const restockAlerts = context.passwordReset;
    const sweets = product.box
      ? await boxSweets(context.services.catalog, product.box.product_ids)
      : [];
    return {
      sweets,
      status: "ok" as const,
      product,
      food,
      structuredData: {
        ...foodJsonLd(food),
        ...aggregateRatingLd(rating),
      },
      related,
      alternates,
      restockAlerts,
      reviews,
    };
  } catch (error) {
    console.error("product page failed to load", error);
    return data({ status: "failed" as const }, { status: 503 });
  }
}

/** Two paths name the same address, however their letters are percent-encoded. */
function sameAddress(a: string, b: string): boolean {
  if (a === b) return true;
  try {
    return decodeURI(a) === decodeURI(b);
  } catch {
    return false;
  }
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const root = rootDataFrom(matches);
  if (loaderData?.status !== "ok") {
    return pageMeta(matches, {
      title: metaText(
        root,
        loaderData?.status === "failed" ? "product:failed" : "errors.notFoundTitle",
      ),
      noIndex: true,
    });
  }
  const { product } = loaderData;
  const lang = root?.lang ?? "en";
  const name = pickText(lang, product.name, product.name_ar);
  const description = pickText(lang, product.description, product.description_ar);
  const { alternates } = loaderData;
  const origin = root?.publicUrl ?? "";
  const imagePath = product.image?.src ?? product.image_url;
  const image = imagePath ? new URL(imagePath, `${origin}/`).href : null;
  const price = defaultOption(sellableOptions(product, lang), product.default_grams).price;
  const tags = pageMeta(matches, {
    title: name,
    description: description.slice(0, 160),
    alternates,
    image: image ?? undefined,
  }).filter((tag) => !("property" in tag && tag.property === "og:type"));
  const url = `${origin}${alternates[lang]}`;
  const at = (path: string) => origin + localizePath(lang, path);
  const category = product.category_id;
  // Home › Shop › the product's category › the product, in the page's language.
  const crumbs = [
    { name: metaText(root, "product:home"), url: at(paths.home()) },
    { name: metaText(root, "product:shop"), url: at(paths.shop()) },
    ...(category
      ? [
          {
            name: pickText(lang, category.name, category.name_ar),
            url: at(paths.shop({ category: category.slug })),
          },
        ]
      : []),
    { name, url },
  ];
  const productData = productJsonLd(product, {
    name,
    description,
    url,
    image,
    price,
    extra: loaderData.structuredData,
  });
  return [
    ...tags,
    { property: "og:type", content: "product" },
    {
      "script:ld+json": {
        ...productData,
        category: category ? pickText(lang, category.name, category.name_ar) : undefined,
        inLanguage: lang,
      },
    },
    { "script:ld+json": breadcrumbJsonLd(crumbs) },
  ];
};

export default function ProductPage({ loaderData, actionData }: Route.ComponentProps) {
  const paths = usePaths();
  const { t } = useTranslation("product");
  if (loaderData.status !== "ok") {
    const notFound = loaderData.status === "not-found";
    return (
      <section className="container-page py-16 text-center">
        <h1 className="text-3xl font-bold text-brown">{notFound ? t("notFound") : t("failed")}</h1>
        <Link to={paths.shop()} className="btn btn-primary mt-8">
          {t("backToShop")}
        </Link>
      </section>
    );
  }
  const { product, food, related, restockAlerts, reviews, sweets } = loaderData;
  const posted = actionData?.fill ?? null;
  return (
    <div className="container-page py-8">
      <nav aria-label={t("breadcrumb")} className="mb-6 text-sm text-muted">
        <Link to={paths.home()} className="hover:underline">
          {t("home")}
        </Link>
        <span aria-hidden="true"> / </span>
        <Link to={paths.shop()} className="hover:underline">
          {t("shop")}
        </Link>
      </nav>
      {/* key: a new product starts with its own default weight and quantity 1. */}
      <ProductDetailView
        key={product.id}
        product={product}
        onAddToCart={addToCart}
        beforeAdd={<FoodInformation food={food} />}
        orderForm={
          product.box ? (
            <Suspense fallback={null}>
              <BoxFiller
                // A posted form starts the filler again from what was posted.
                key={posted ? JSON.stringify(posted) : "new"}
                product={{
                  id: product.id,
                  name: product.name,
                  name_ar: product.name_ar,
                  image: product.image?.src ?? product.image_url ?? "",
                }}
                box={product.box}
                sweets={sweets}
                initial={posted ?? { size: product.box.sizes[0]?.grams ?? 0, contents: [] }}
                onAddToCart={addToCart}
                addedWithoutScript={actionData?.intent === "add"}
              />
            </Suspense>
          ) : undefined
        }
        soldOut={
          restockAlerts
            ? (grams) => (
                <Suspense fallback={null}>
                  <RestockAlertForm productId={product.id} grams={grams} />
                </Suspense>
              )
            : undefined
        }
      />
      {/* Below the product, server HTML hydrated only as it comes near: no code on first visit. */}
      <HydrateLater as="section" className="mt-16" aria-labelledby="reviews-title">
        <ProductReviews reviews={reviews} />
      </HydrateLater>
      {related.length > 0 ? (
        // Below the product: hydrated as it comes near, its code fetched then.
        <HydrateLater as="section" className="mt-16" aria-labelledby="related-title">
          <h2 id="related-title" className="mb-6 text-2xl font-bold text-brown">
            {t("related")}
          </h2>
          <ProductGrid products={related} eagerFirst={false} headingLevel={3} />
        </HydrateLater>
      ) : null}
    </div>
  );
}
