import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { ProductListItem } from "../../../../../shared/schemas/catalog.ts";
import { apiGet } from "../../../../lib/api.ts";
import { withQuery } from "../../../../lib/paths.ts";

const PICKER_SIZE = 8;

/**
 * The new-order form's product picker: the storefront's own list (`GET /api/products`), so it
 * offers exactly what checkout sells, to every role that takes orders (the catalogue screens'
 * admin list is the catalogue role's).
 */
export function useProductSearch(search: string) {
  return useQuery<ProductListItem[]>({
    queryKey: ["admin", "new-order", "products", search],
    queryFn: ({ signal }) =>
      apiGet<{ data: ProductListItem[] }>(
        withQuery("/api/products", { search: search || undefined, per_page: PICKER_SIZE }),
        { signal },
      ).then((answer) => answer.data),
    placeholderData: keepPreviousData,
  });
}
