import { useMutation, useQueryClient } from "@tanstack/react-query";
import { adminApi } from "../../../../lib/api.ts";
import { calendarKeys } from "./list-calendar.ts";
import { seasonKeys } from "./list-seasons.ts";

export const SEASON_DELETE_FAILED = "Failed to delete the season";

/** `DELETE /api/admin/seasons/{id}`: its orders stay, unmarked. */
export function useDeleteSeason() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      adminApi.delete<void>(`/api/admin/seasons/${id}`, { fallback: SEASON_DELETE_FAILED }),
    onSuccess: () => {
      client.invalidateQueries({ queryKey: seasonKeys.all });
      client.invalidateQueries({ queryKey: calendarKeys.all });
    },
  });
}
