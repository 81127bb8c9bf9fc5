import { OrderDetailScreen } from "../../features/admin/orders/order-detail-screen.tsx";
import { metaText, pageMeta, rootDataFrom } from "../../lib/meta.ts";
import type { Route } from "./+types/order";

export const handle = { i18n: ["admin", "admin-orders", "invoices"] as const };

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: metaText(rootDataFrom(matches), "admin:menu.orders"), noIndex: true });

export default function AdminOrderPage({ params }: Route.ComponentProps) {
  return <OrderDetailScreen key={params.id} id={Number(params.id)} />;
}
