import { useQuery } from "@tanstack/react-query";
import type { Dashboard } from "../../../../../shared/schemas/admin-dashboard.ts";
import { adminApi } from "../../../../lib/api.ts";

export const DASHBOARD_FAILED = "Failed to load the dashboard";

export const dashboardKeys = { all: ["admin", "dashboard"] as const };

/** `GET /api/admin/dashboard`: the five totals and the charts' figures. */
export const getDashboard = (signal?: AbortSignal) =>
  adminApi
    .get<{ data: Dashboard }>("/api/admin/dashboard", { signal, fallback: DASHBOARD_FAILED })
    .then((body) => body.data);

export function useDashboard() {
  return useQuery({
    queryKey: dashboardKeys.all,
    queryFn: ({ signal }) => getDashboard(signal),
    // New orders arrive while the owner looks: the same rhythm as the bell.
    refetchInterval: 30_000,
  });
}
