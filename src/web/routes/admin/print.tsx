import { redirect, useSearchParams } from "react-router";
import { PrintScreen } from "../../features/admin/orders/print-screen.tsx";
import { readAdminSession } from "../../lib/admin-session.ts";
import { metaText, pageMeta, rootDataFrom } from "../../lib/meta.ts";
import { paths } from "../../lib/paths.ts";
import { QueryProvider } from "../../lib/query-client.tsx";
import type { Route } from "./+types/print";

export const handle = { i18n: ["admin", "admin-orders", "messages"] as const };

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: metaText(rootDataFrom(matches), "admin:menu.orders"), noIndex: true });

/** Outside the admin layout so only the slips print; the token still decides (a 401 logs out). */
export function clientLoader() {
  if (!readAdminSession()) throw redirect(paths.admin.login());
  return null;
}

export function HydrateFallback() {
  return null;
}

export default function AdminPrintPage() {
  const [params] = useSearchParams();
  const ids = (params.get("ids") ?? "")
    .split(",")
    .map(Number)
    .filter((id) => Number.isInteger(id) && id > 0)
    .slice(0, 100);
  return (
    <QueryProvider>
      <main id="main">
        <PrintScreen ids={ids} />
      </main>
    </QueryProvider>
  );
}
