import { useQuery } from "@tanstack/react-query";
import { MESSAGES } from "../../../../../shared/domain/validation-messages.ts";
import type { AdminDish } from "../../../../../shared/schemas/kitchen.ts";
import { adminApi } from "../../../../lib/api.ts";
import { dishKeys } from "./list-dishes.ts";

/** `GET /api/admin/kitchen/{id}` (on failure: "Failed to load item"). */
export const getDish = (id: number, signal?: AbortSignal) =>
  adminApi.get<{ data: AdminDish }>(`/api/admin/kitchen/${id}`, {
    signal,
    fallback: MESSAGES.ITEM_LOAD_FAILED,
  });

/** The dish being edited, read fresh (another admin may have changed it). */
export function useDish(id: number | null) {
  return useQuery({
    queryKey: dishKeys.one(id ?? 0),
    queryFn: ({ signal }) => getDish(id as number, signal),
    enabled: id !== null,
  });
}
