import { useQuery } from "@tanstack/react-query";
import type { ReportGroup } from "../../../../../shared/domain/reports.ts";
import type { SalesReport } from "../../../../../shared/schemas/reports.ts";
import { adminApi } from "../../../../lib/api.ts";
import { withQuery } from "../../../../lib/paths.ts";

export const REPORT_FAILED = "Failed to load the report";

export type SalesReportParams = { from: string; to: string; group: ReportGroup };

export const salesReportUrl = (params: SalesReportParams, format?: "csv") =>
  withQuery("/api/admin/reports/sales", { ...params, ...(format ? { format } : {}) });

/** `GET /api/admin/reports/sales`: one grouping of a period, its totals and the period before's. */
export function useSalesReport(params: SalesReportParams) {
  return useQuery({
    queryKey: ["admin", "reports", "sales", params] as const,
    queryFn: ({ signal }) =>
      adminApi
        .get<{ data: SalesReport }>(salesReportUrl(params), { signal, fallback: REPORT_FAILED })
        .then((body) => body.data),
  });
}

/** The same table as a CSV file. */
export const downloadSalesCsv = (params: SalesReportParams) =>
  adminApi.download(
    salesReportUrl(params, "csv"),
    `sales-${params.group}-${params.from}-${params.to}.csv`,
  );
