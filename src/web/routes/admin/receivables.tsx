import { ReceivablesScreen } from "../../features/admin/traders/receivables-screen.tsx";
import { metaText, pageMeta, rootDataFrom } from "../../lib/meta.ts";
import type { Route } from "./+types/receivables";

export const handle = { i18n: ["admin", "admin-traders"] as const };

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: metaText(rootDataFrom(matches), "admin-traders:receivables.title"),
    noIndex: true,
  });

export default function AdminReceivablesPage() {
  return <ReceivablesScreen />;
}
