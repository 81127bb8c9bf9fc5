import { useQuery } from "@tanstack/react-query";
import type { SeasonDto } from "../../../../../shared/schemas/calendar.ts";
import { adminApi } from "../../../../lib/api.ts";

export const SEASONS_LOAD_FAILED = "Failed to load the seasons";

export const seasonKeys = { all: ["admin", "seasons"] as const };

/** `GET /api/admin/seasons`: every season, earliest first, with its Hijri dates. */
export const listSeasons = (signal?: AbortSignal) =>
  adminApi
    .get<{ data: SeasonDto[] }>("/api/admin/seasons", { signal, fallback: SEASONS_LOAD_FAILED })
    .then((body) => body.data);

export const useSeasons = () =>
  useQuery({ queryKey: seasonKeys.all, queryFn: ({ signal }) => listSeasons(signal) });
