import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { MESSAGES } from "../../../../../shared/domain/validation-messages.ts";
import type {
  AdminProduct,
  AdminProductSort,
  PRODUCT_STATUSES,
  STOCK_STATES,
} from "../../../../../shared/schemas/admin-catalog.ts";
import { adminApi } from "../../../../lib/api.ts";
import { withQuery } from "../../../../lib/paths.ts";

export type ProductListQuery = {
  search: string;
  page: number;
  per_page: number;
  /** A category id, or "" for every category. */
  category: string;
  status: (typeof PRODUCT_STATUSES)[number];
  stock: (typeof STOCK_STATES)[number];
  sort: AdminProductSort;
};
export type ProductPage = {
  data: AdminProduct[];
  meta: { page: number; per_page: number; total: number; last_page: number };
};

/** Keys of every products query; mutations invalidate `productKeys.all`. */
export const productKeys = {
  all: ["admin", "products"] as const,
  list: (query: ProductListQuery) => [...productKeys.all, "list", query] as const,
};

/** `GET /api/admin/products?search=&category=&status=&stock=&sort=&page=&per_page=`. */
export const listProducts = (query: ProductListQuery, signal?: AbortSignal) =>
  adminApi.get<ProductPage>(
    withQuery("/api/admin/products", {
      ...query,
      status: query.status === "all" ? "" : query.status,
      stock: query.stock === "all" ? "" : query.stock,
    }),
    { signal, fallback: MESSAGES.PRODUCTS_FETCH_FAILED },
  );

export function useProducts(query: ProductListQuery) {
  return useQuery({
    queryKey: productKeys.list(query),
    queryFn: ({ signal }) => listProducts(query, signal),
    // A new search keeps the old rows on screen until the answer arrives.
    placeholderData: keepPreviousData,
  });
}
