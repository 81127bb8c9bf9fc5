import { useQuery } from "@tanstack/react-query";
import type { AdminSettings } from "../../../../../shared/schemas/settings.ts";
import { adminApi } from "../../../../lib/api.ts";

export const settingsKeys = {
  all: ["admin", "settings"] as const,
};

/** `GET /api/admin/settings`. */
export const getSettings = (signal?: AbortSignal) =>
  adminApi.get<{ data: AdminSettings }>("/api/admin/settings", {
    signal,
    fallback: "Failed to load settings",
  });

export const useSettings = () =>
  useQuery({ queryKey: settingsKeys.all, queryFn: ({ signal }) => getSettings(signal) });
