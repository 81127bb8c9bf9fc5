import { CustomersScreen } from "../../features/admin/customers/customers-screen.tsx";
import { metaText, pageMeta, rootDataFrom } from "../../lib/meta.ts";
import type { Route } from "./+types/customers";

export const handle = { i18n: ["admin", "admin-customers"] as const };

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: metaText(rootDataFrom(matches), "admin:menu.customers"),
    noIndex: true,
  });

export default function AdminCustomersPage() {
  return <CustomersScreen />;
}
