import { data } from "react-router";
import { readShopParams, shopSearch } from "../../../shared/domain/shop-params.ts";
import { CatalogResults } from "../../features/catalog/catalog-results.tsx";
import { loadCatalogPage } from "../../features/catalog/load-catalog.server.ts";
import { SearchBox } from "../../features/catalog/search-box.tsx";
import {
  CategoryFilter,
  ListControls,
  WithoutFilter,
} from "../../features/catalog/shop-filters.tsx";
import { useTranslation } from "../../i18n/translator.tsx";
import { metaText, pageMeta, rootDataFrom } from "../../lib/meta.ts";
import { paths } from "../../lib/paths.ts";
import type { Route } from "./+types/shop";

export const handle = { i18n: ["shop"] as const };

/**
 * The Products page: the state (search, category, per_page, page, sort, and the allergens left
 * out) lives in the URL.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const [categories, page] = await Promise.all([
    context.services.catalog.listCategories().catch(() => []),
    loadCatalogPage(context.services.catalog, url),
  ]);
  return data({ categories, result: page.result }, { status: page.status });
}

export const meta: Route.MetaFunction = ({ matches, location }) => {
  const root = rootDataFrom(matches);
  return pageMeta(matches, {
    title: metaText(root, "shop:title"),
    description: metaText(root, "shop:metaDescription"),
    // Each filtered or paged view is its own page with its own canonical URL: only what changes
    // the page, in one canonical form (tracking tags and unknown names left out), as the page
    // cache keys it.
    path: `${paths.shop()}${shopSearch(readShopParams(new URLSearchParams(location.search)), {})}`,
  });
};

export default function ShopPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("shop");
  return (
    <div className="container-page py-8">
      <h1 className="text-3xl font-bold text-brown">{t("title")}</h1>
      <p className="mt-2 text-muted">{t("intro")}</p>
      <div className="mt-6 grid gap-8 lg:grid-cols-[14rem_1fr]">
        <aside className="space-y-6">
          <SearchBox label={t("searchLabel")} placeholder={t("searchPlaceholder")} />
          <CategoryFilter categories={loaderData.categories} />
          <WithoutFilter />
        </aside>
        <section aria-label={t("results")}>
          <div className="mb-4 flex justify-end">
            <ListControls />
          </div>
          <CatalogResults result={loaderData.result} />
        </section>
      </div>
    </div>
  );
}
