import { DashboardScreen } from "../../features/admin/dashboard/dashboard-screen.tsx";
import { metaText, pageMeta, rootDataFrom } from "../../lib/meta.ts";
import type { Route } from "./+types/dashboard";

export const handle = { i18n: ["admin", "admin-dashboard", "admin-orders"] as const };

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: metaText(rootDataFrom(matches), "admin:menu.dashboard"),
    noIndex: true,
  });

export default function AdminDashboardPage() {
  return <DashboardScreen />;
}
