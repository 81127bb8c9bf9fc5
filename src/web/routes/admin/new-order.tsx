import { NewOrderScreen } from "../../features/admin/orders/new-order-screen.tsx";
import { metaText, pageMeta, rootDataFrom } from "../../lib/meta.ts";
import type { Route } from "./+types/new-order";
import { useAdmin } from "./layout.tsx";

export const handle = { i18n: ["admin", "admin-orders"] as const };

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: metaText(rootDataFrom(matches), "admin:menu.orders"), noIndex: true });

/** The orders desk's "New order" (taken by phone, on the messaging app, in person). */
export default function AdminNewOrderPage() {
  const admin = useAdmin();
  return <NewOrderScreen isOwner={admin?.roles.includes("owner") ?? false} />;
}
