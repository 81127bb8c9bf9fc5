import { CustomerDetailScreen } from "../../features/admin/customers/customer-detail-screen.tsx";
import { metaText, pageMeta, rootDataFrom } from "../../lib/meta.ts";
import type { Route } from "./+types/customer";

// admin-orders: the order states and payment states in the customer's orders.
export const handle = { i18n: ["admin", "admin-customers", "admin-orders"] as const };

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: metaText(rootDataFrom(matches), "admin:menu.customers"),
    noIndex: true,
  });

export default function AdminCustomerPage({ params }: Route.ComponentProps) {
  return <CustomerDetailScreen key={params.key} customerKey={params.key} />;
}
