import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { MESSAGES } from "../../../../../shared/domain/validation-messages.ts";
import type { PriceListDto, PriceListInput } from "../../../../../shared/schemas/traders.ts";
import { adminApi } from "../../../../lib/api.ts";
import { refreshQueries } from "../../../../lib/query-client.tsx";
import { traderKeys } from "./list-price-lists.ts";

/** `POST /api/admin/price-lists` (no id) or `PUT /api/admin/price-lists/{id}`. */
export const savePriceList = ({ id, input }: { id: number | null; input: PriceListInput }) =>
  id === null
    ? adminApi.post<{ data: PriceListDto }>("/api/admin/price-lists", input, {
        fallback: MESSAGES.UPDATE_FAILED,
      })
    : adminApi.put<{ data: PriceListDto }>(`/api/admin/price-lists/${id}`, input, {
        fallback: MESSAGES.UPDATE_FAILED,
      });

export function useSavePriceList() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: savePriceList,
    onSuccess: () => refreshQueries(client, traderKeys.all),
  });
}

export type Choice = { id: number; name: string; name_ar: string };

/**
 * The products and categories a price list may name (the first 100 of each, by name): the
 * editor's choices. A shop with more would search; a family maker's range fits.
 */
export function useCatalogChoices() {
  return useQuery({
    queryKey: [...traderKeys.all, "catalog-choices"],
    queryFn: async ({ signal }) => {
      const [products, categories] = await Promise.all([
        adminApi.get<{ data: Choice[] }>("/api/admin/products?per_page=100&sort=name", {
          signal,
          fallback: MESSAGES.ITEMS_FETCH_FAILED,
        }),
        adminApi.get<{ data: Choice[] }>("/api/admin/categories?per_page=100", {
          signal,
          fallback: MESSAGES.ITEMS_FETCH_FAILED,
        }),
      ]);
      return { products: products.data, categories: categories.data };
    },
  });
}
