import { KitchenOrdersScreen } from "../../features/admin/kitchen-orders/kitchen-orders-screen.tsx";
import { metaText, pageMeta, rootDataFrom } from "../../lib/meta.ts";
import type { Route } from "./+types/kitchen-orders";

export const handle = { i18n: ["admin", "admin-kitchen-orders"] as const };

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: metaText(rootDataFrom(matches), "admin:menu.kitchenOrders"),
    noIndex: true,
  });

export default function AdminKitchenOrdersPage() {
  return <KitchenOrdersScreen />;
}
