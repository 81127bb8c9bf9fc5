import { type AppLoadContext, redirect } from "react-router";
import { readShopParams, shopSearch } from "../../../shared/domain/shop-params.ts";
import type { CatalogResult } from "./catalog-results.tsx";

/**
 * One page of the catalog for /shop and /search, filtered and paged in the database. A page
 * past the end redirects to the last one; a failing query becomes the failed state.
 */
type CatalogService = AppLoadContext["services"]["catalog"];

export async function loadCatalogPage(
  catalog: CatalogService,
  url: URL,
  searchKey = "search",
): Promise<{ result: CatalogResult; status: number }> {
  const params = readShopParams(url.searchParams, searchKey);
  try {
    const page = await catalog.listProducts({
      search: params.search || undefined,
      category: params.category || undefined,
      page: params.page,
      perPage: params.perPage,
      sort: params.sort,
      without: params.without,
    });
    if (page.meta.total > 0 && params.page > page.meta.last_page) {
      throw redirect(
        `${url.pathname}${shopSearch(params, { page: page.meta.last_page }, searchKey)}`,
      );
    }
    return { result: { status: "ok", products: page.data, meta: page.meta }, status: 200 };
  } catch (error) {
    if (error instanceof Response) throw error;
    console.error("catalog page failed to load", error);
    return { result: { status: "failed" }, status: 503 };
  }
}
