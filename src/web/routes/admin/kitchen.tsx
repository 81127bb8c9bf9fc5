import { KitchenScreen } from "../../features/admin/kitchen/kitchen-screen.tsx";
import { metaText, pageMeta, rootDataFrom } from "../../lib/meta.ts";
import type { Route } from "./+types/kitchen";

export const handle = { i18n: ["admin", "admin-kitchen"] as const };

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: metaText(rootDataFrom(matches), "admin:menu.kitchen"),
    noIndex: true,
  });

export default function AdminKitchenPage() {
  return <KitchenScreen />;
}
