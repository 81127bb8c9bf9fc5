import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { ProductionSheet } from "../../../../../shared/schemas/production.ts";
import { adminApi } from "../../../../lib/api.ts";
import { withQuery } from "../../../../lib/paths.ts";

export const PRODUCTION_LOAD_FAILED = "Failed to load the production sheet";

export const productionKeys = {
  all: ["admin", "production"] as const,
  range: (from: string, to: string) => [...productionKeys.all, from, to] as const,
};

/** `GET /api/admin/production?from=&to=`: what to make and pack for those ready days. */
export const getProduction = (from: string, to: string, signal?: AbortSignal) =>
  adminApi
    .get<{ data: ProductionSheet }>(withQuery("/api/admin/production", { from, to }), {
      signal,
      fallback: PRODUCTION_LOAD_FAILED,
    })
    .then((body) => body.data);

export const useProduction = (from: string, to: string) =>
  useQuery({
    queryKey: productionKeys.range(from, to),
    queryFn: ({ signal }) => getProduction(from, to, signal),
    enabled: Boolean(from && to && from <= to),
    placeholderData: keepPreviousData,
  });
