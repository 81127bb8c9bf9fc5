import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { CalendarDay, CalendarDayInput } from "../../../../../shared/schemas/calendar.ts";
import { adminApi } from "../../../../lib/api.ts";
import { calendarKeys } from "./list-calendar.ts";

export const CALENDAR_SAVE_FAILED = "Failed to save the day";

/** `PUT /api/admin/calendar/{date}`: close, open or give another figure to one day. */
export function useSaveCalendarDay() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ date, input }: { date: string; input: CalendarDayInput }) =>
      adminApi
        .put<{ data: CalendarDay }>(`/api/admin/calendar/${date}`, input, {
          fallback: CALENDAR_SAVE_FAILED,
        })
        .then((body) => body.data),
    onSuccess: () => client.invalidateQueries({ queryKey: calendarKeys.all }),
  });
}
