import { useMutation } from "@tanstack/react-query";
import { adminApi } from "../../../../lib/api.ts";
import { withQuery } from "../../../../lib/paths.ts";

export const PRODUCTION_EXPORT_FAILED = "The export failed.";

/**
 * `GET /api/admin/production?from=&to=&format=csv`: the same figures as the sheet, one row per
 * product (UTF-8 with a byte-order mark), saved under the server's file name.
 */
export const downloadProductionCsv = (range: { from: string; to: string }) =>
  adminApi.download(
    withQuery("/api/admin/production", { ...range, format: "csv" }),
    `production-${range.from}-${range.to}.csv`,
    { fallback: PRODUCTION_EXPORT_FAILED },
  );

export function useExportProduction() {
  return useMutation({ mutationFn: downloadProductionCsv });
}
