import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { SeasonDto, SeasonInput } from "../../../../../shared/schemas/calendar.ts";
import { adminApi } from "../../../../lib/api.ts";
import { calendarKeys } from "./list-calendar.ts";
import { seasonKeys } from "./list-seasons.ts";

export const SEASON_SAVE_FAILED = "Failed to save the season";

/** `POST /api/admin/seasons` or, with an id, `PUT /api/admin/seasons/{id}`: the whole season. */
export function useSaveSeason() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number | null; input: SeasonInput }) =>
      (id === null
        ? adminApi.post<{ data: SeasonDto }>("/api/admin/seasons", input, {
            fallback: SEASON_SAVE_FAILED,
          })
        : adminApi.put<{ data: SeasonDto }>(`/api/admin/seasons/${id}`, input, {
            fallback: SEASON_SAVE_FAILED,
          })
      ).then((body) => body.data),
    onSuccess: () => {
      client.invalidateQueries({ queryKey: seasonKeys.all });
      client.invalidateQueries({ queryKey: calendarKeys.all });
    },
  });
}
