import { ProductionScreen } from "../../features/admin/production/production-screen.tsx";
import { metaText, pageMeta, rootDataFrom } from "../../lib/meta.ts";
import type { Route } from "./+types/production";

export const handle = { i18n: ["admin", "admin-production"] as const };

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: metaText(rootDataFrom(matches), "admin:menu.production"),
    noIndex: true,
  });

export default function AdminProductionPage() {
  return <ProductionScreen />;
}
