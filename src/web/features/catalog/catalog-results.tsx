import { useLocation, useNavigation, useRevalidator } from "react-router";
import type { PageMeta, ProductListItem } from "../../../shared/schemas/catalog.ts";
import { Pagination } from "../../components/ui/pagination.tsx";
import { useTranslation } from "../../i18n/translator.tsx";
import { ProductGrid } from "./product-card.tsx";
import { useShopParams } from "./use-shop-params.ts";

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
  const { pathname } = useLocation();
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
          <ProductGrid products={result.products} busy={loading} />
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
