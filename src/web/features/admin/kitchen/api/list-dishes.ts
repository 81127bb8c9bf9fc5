import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { MESSAGES } from "../../../../../shared/domain/validation-messages.ts";
import type { AdminDish } from "../../../../../shared/schemas/kitchen.ts";
import { adminApi } from "../../../../lib/api.ts";
import { withQuery } from "../../../../lib/paths.ts";

export type DishListQuery = { search: string };

/** Keys of every dish query; mutations invalidate `dishKeys.all`. */
export const dishKeys = {
  all: ["admin", "kitchen"] as const,
  list: (query: DishListQuery) => [...dishKeys.all, "list", query] as const,
  one: (id: number) => [...dishKeys.all, "one", id] as const,
};

/** `GET /api/admin/kitchen?search=` (on failure: "Failed to fetch items"). */
export const listDishes = (query: DishListQuery, signal?: AbortSignal) =>
  adminApi.get<{ data: AdminDish[] }>(
    withQuery("/api/admin/kitchen", query.search ? { search: query.search } : {}),
    { signal, fallback: MESSAGES.ITEMS_FETCH_FAILED },
  );

export function useDishes(query: DishListQuery) {
  return useQuery({
    queryKey: dishKeys.list(query),
    queryFn: ({ signal }) => listDishes(query, signal),
    placeholderData: keepPreviousData,
  });
}
