import { data } from "react-router";
import { CatalogResults } from "../../features/catalog/catalog-results.tsx";
import { loadCatalogPage } from "../../features/catalog/load-catalog.server.ts";
import { SearchBox } from "../../features/catalog/search-box.tsx";
import { ListControls } from "../../features/catalog/shop-filters.tsx";
import { useTranslation } from "../../i18n/translator.tsx";
import { metaText, pageMeta, rootDataFrom } from "../../lib/meta.ts";
import { paths } from "../../lib/paths.ts";
import type { Route } from "./+types/search";

export const handle = { i18n: ["shop"] as const };

/** /search?q=: the top bar's search, with the shop's cards, rules and paging. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const query = (url.searchParams.get("q") ?? "").trim();
  if (!query) return data({ query, result: null }, { status: 200 });
  const page = await loadCatalogPage(context.services.catalog, url, "q");
  return data({ query, result: page.result }, { status: page.status });
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: metaText(rootDataFrom(matches), "shop:search.title"),
    path: paths.search(),
    // Result pages are endless variations of the shop: keep them out of search engines.
    noIndex: true,
  });

export default function SearchPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("shop");
  const { query, result } = loaderData;
  return (
    <div className="container-page py-8">
      <h1 className="text-3xl font-bold text-brown">
        {query ? t("search.resultsFor", { query }) : t("search.title")}
      </h1>
      <div className="mt-6 max-w-xl">
        <SearchBox
          searchKey="q"
          label={t("searchLabel")}
          placeholder={t("searchPlaceholder")}
          autoFocus={!query}
        />
      </div>
      <section aria-label={t("results")} className="mt-6">
        {result ? (
          <>
            <div className="mb-4 flex justify-end">
              <ListControls searchKey="q" />
            </div>
            <CatalogResults result={result} searchKey="q" />
          </>
        ) : (
          <p className="text-muted">{t("search.prompt")}</p>
        )}
      </section>
    </div>
  );
}
