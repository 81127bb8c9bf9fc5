import { useLocation, useNavigation, useRevalidator } from "react-router";
import { readShopParams } from "../../../shared/domain/shop-params.ts";
import type { PageMeta, ProductListItem } from "../../../shared/schemas/catalog.ts";
import { Pagination } from "../../components/ui/pagination.tsx";
import { useTranslation } from "../../i18n/translator.tsx";
import { useTraderPriced } from "../trader/trader-prices.tsx";
import { ProductGrid } from "./product-card.tsx";
import { useShopParams } from "./use-shop-params.ts";

/** The products API's query for the shop's current state (what the loader asked for). */
function apiQuery(search: string, searchKey?: string): string {
  const params = readShopParams(new URLSearchParams(search), searchKey);
  const query = new URLSearchParams({
    page: String(params.page),
    per_page: String(params.perPage),
  });
  if (params.search) query.set("search", params.search);
  if (params.category) query.set("category", params.category);
  if (params.sort) query.set("sort", params.sort);
  if (params.without.length) query.set("without", params.without.join(","));
  return `?${query}`;
}

export type CatalogResult =
  | { status: "ok"; products: ProductListItem[]; meta: PageMeta }
  | { status: "failed" };

/** Loading, failed (with Try again), empty, or a page of cards with pagination. */
export function CatalogResults({
  result,
  searchKey,
}: {
  result: CatalogResult;
  searchKey?: string;
}) {
  const { t } = useTranslation("shop");
  const navigation = useNavigation();
  const { pathname, search } = useLocation();
  const retail = result.status === "ok" ? result.products : [];
  const query = apiQuery(search, searchKey);
  // A signed-in trader sees its own prices, fetched in the browser (the page is retail).
  const products = useTraderPriced(retail, `products${query}`, async (token) =>
    (await import("../trader/api/get-trader-products.ts")).getTraderProducts(query, token),
  );
  const revalidator = useRevalidator();
  const { hrefFor } = useShopParams(searchKey);
  const loading =
    (navigation.state === "loading" && navigation.location?.pathname === pathname) ||
    revalidator.state === "loading";

  return (
    <div className="relative">
      <p role="status" aria-live="polite" className="mb-3 min-h-6 text-sm text-muted">
        {loading
          ? t("loading")
          : result.status === "ok" && result.meta.total > 0
            ? t("resultCount", { count: result.meta.total })
            : ""}
      </p>
      {result.status === "failed" ? (
        <div className="rounded-xl border border-line bg-white p-8 text-center" role="alert">
          <p className="font-bold text-brown">{t("failed")}</p>
          <button
            type="button"
            className="btn btn-primary mt-4"
            onClick={() => void revalidator.revalidate()}
            disabled={loading}
          >
            {t("tryAgain")}
          </button>
        </div>
      ) : result.products.length === 0 ? (
        <div className="rounded-xl border border-line bg-white p-8 text-center">
          <p className="font-bold text-brown">{t("empty")}</p>
          <p className="mt-2 text-muted">{t("emptyHint")}</p>
        </div>
      ) : (
        <>
          <ProductGrid products={products} busy={loading} />
          <Pagination
            page={result.meta.page}
            lastPage={result.meta.last_page}
            hrefFor={(page) => hrefFor({ page })}
          />
        </>
      )}
    </div>
  );
}
