import { useQuery } from "@tanstack/react-query";
import type { PackListEntry } from "../../../../../shared/schemas/production.ts";
import { adminApi } from "../../../../lib/api.ts";
import { withQuery } from "../../../../lib/paths.ts";
import { productionKeys } from "./get-production.ts";

export const PACK_LIST_LOAD_FAILED = "Failed to load the pack list";

/** `GET /api/admin/production/pack-list?date=`: one day's orders as the drivers pack them. */
export const usePackList = (date: string, enabled: boolean) =>
  useQuery({
    queryKey: [...productionKeys.all, "pack-list", date] as const,
    queryFn: ({ signal }) =>
      adminApi
        .get<{ data: PackListEntry[] }>(withQuery("/api/admin/production/pack-list", { date }), {
          signal,
          fallback: PACK_LIST_LOAD_FAILED,
        })
        .then((body) => body.data),
    enabled,
  });
