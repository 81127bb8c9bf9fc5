import { useQuery } from "@tanstack/react-query";
import type { ProductDetail } from "../../../../../shared/schemas/catalog.ts";
import { apiGet } from "../../../../lib/api.ts";

/** `GET /api/products/:id`: a line's weight options and their prices, as checkout offers them. */
export function useProductWeights(id: number) {
  return useQuery({
    queryKey: ["admin", "new-order", "product", id] as const,
    queryFn: ({ signal }) =>
      apiGet<{ data: ProductDetail }>(`/api/products/${id}`, { signal }).then(
        (answer) => answer.data,
      ),
    staleTime: 60_000,
  });
}
