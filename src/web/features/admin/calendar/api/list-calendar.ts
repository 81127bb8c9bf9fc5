import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { CalendarDay } from "../../../../../shared/schemas/calendar.ts";
import { adminApi } from "../../../../lib/api.ts";
import { withQuery } from "../../../../lib/paths.ts";

export const CALENDAR_LOAD_FAILED = "Failed to load the calendar";

export const calendarKeys = {
  all: ["admin", "calendar"] as const,
  range: (from: string, to: string) => [...calendarKeys.all, from, to] as const,
};

/** `GET /api/admin/calendar?from=&to=`: each day's capacity, bookings and whether it is closed. */
export const listCalendar = (from: string, to: string, signal?: AbortSignal) =>
  adminApi
    .get<{ data: CalendarDay[] }>(withQuery("/api/admin/calendar", { from, to }), {
      signal,
      fallback: CALENDAR_LOAD_FAILED,
    })
    .then((body) => body.data);

export const useCalendar = (from: string, to: string) =>
  useQuery({
    queryKey: calendarKeys.range(from, to),
    queryFn: ({ signal }) => listCalendar(from, to, signal),
    placeholderData: keepPreviousData,
  });
