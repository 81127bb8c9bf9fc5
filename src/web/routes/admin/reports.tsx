import { ReportsScreen } from "../../features/admin/reports/reports-screen.tsx";
import { metaText, pageMeta, rootDataFrom } from "../../lib/meta.ts";
import type { Route } from "./+types/reports";

// admin-dashboard: the charts' words for an empty chart.
export const handle = { i18n: ["admin", "admin-reports", "admin-dashboard"] as const };

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: metaText(rootDataFrom(matches), "admin-reports:title"),
    noIndex: true,
  });

export default function AdminReportsPage() {
  return <ReportsScreen />;
}
