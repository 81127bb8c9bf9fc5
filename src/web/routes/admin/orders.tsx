import { OrdersScreen } from "../../features/admin/orders/orders-screen.tsx";
import { metaText, pageMeta, rootDataFrom } from "../../lib/meta.ts";
import type { Route } from "./+types/orders";

export const handle = { i18n: ["admin", "admin-orders"] as const };

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: metaText(rootDataFrom(matches), "admin:menu.orders"), noIndex: true });

export default function AdminOrdersPage() {
  return <OrdersScreen />;
}
