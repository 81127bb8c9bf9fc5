import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { MESSAGES } from "../../../../../shared/domain/validation-messages.ts";
import type { AdminCategory } from "../../../../../shared/schemas/admin-catalog.ts";
import { adminApi } from "../../../../lib/api.ts";
import { withQuery } from "../../../../lib/paths.ts";

export type CategoryListQuery = { search: string; page: number; per_page: number };
export type CategoryPage = {
  data: AdminCategory[];
  meta: { page: number; per_page: number; total: number; last_page: number };
};

/** Keys of every categories query; mutations invalidate `categoryKeys.all`. */
export const categoryKeys = {
  all: ["admin", "categories"] as const,
  list: (query: CategoryListQuery) => [...categoryKeys.all, "list", query] as const,
};

/** `GET /api/admin/categories?search=&page=&per_page=`. */
export const listCategories = (query: CategoryListQuery, signal?: AbortSignal) =>
  adminApi.get<CategoryPage>(withQuery("/api/admin/categories", query), {
    signal,
    fallback: MESSAGES.CATEGORIES_FETCH_FAILED,
  });

export function useCategories(query: CategoryListQuery) {
  return useQuery({
    queryKey: categoryKeys.list(query),
    queryFn: ({ signal }) => listCategories(query, signal),
    // A new search keeps the old rows on screen until the answer arrives.
    placeholderData: keepPreviousData,
  });
}
